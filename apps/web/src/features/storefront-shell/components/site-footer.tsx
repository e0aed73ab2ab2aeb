// Storefront footer: contact email and phone, Facebook and Viber links, Telegram and the copyright line, all from the
// shop settings an owner edits in the dashboard. An empty setting hides its line.
import { useTranslation } from 'react-i18next';
import { copyrightLine, useShopSettings } from '../../../lib/shop-settings';

export function SiteFooter() {
  const { t } = useTranslation('storefront');
  const shop = useShopSettings();
  const link = 'underline-offset-2 hover:underline text-slate-200';
  const social = [
    { label: 'Facebook', url: shop.facebookUrl },
    { label: 'Viber', url: shop.viberUrl },
  ].filter((s) => s.url);
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <section>
          <h2 className="mb-2 font-semibold text-white">{t('footer.contact')}</h2>
          <ul className="space-y-1 text-sm">
            {shop.contactEmail ? (
              <li>
                {t('footer.email')}:{' '}
                <a className={link} href={`mailto:${shop.contactEmail}`}>
                  {shop.contactEmail}
                </a>
              </li>
            ) : null}
            {shop.phone ? (
              <li>
                {t('footer.phone')}:{' '}
                <a className={link} href={`tel:${shop.phone.replace(/[\s()-]/g, '')}`}>
                  {shop.phone}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
        {social.length ? (
          <section>
            <h2 className="mb-2 font-semibold text-white">{t('footer.follow')}</h2>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {social.map((s) => (
                <li key={s.label}>
                  <a className={link} href={s.url} target="_blank" rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {shop.telegramUrl ? (
          <section>
            <a
              className="inline-flex h-11 items-center rounded-lg bg-sky-700 px-4 text-sm font-medium text-white hover:bg-sky-800"
              href={shop.telegramUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('footer.telegram')}
            </a>
          </section>
        ) : null}
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        {copyrightLine(t('footer.copyright', { name: shop.copyrightHolder }))}
      </p>
    </footer>
  );
}
