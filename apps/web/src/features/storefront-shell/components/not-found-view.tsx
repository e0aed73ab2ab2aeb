// 'Page not found' inside the storefront (an unknown path, or a game that is unknown or disabled).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundView() {
  const { t } = useTranslation('common');
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Link to="/" className="rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
