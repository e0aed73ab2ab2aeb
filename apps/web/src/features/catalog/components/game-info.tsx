// The left side of the game page: logo, title, the two trust badges and how to top up, whose first step
// depends on what the game needs (user ID; user ID and server; user ID and server/zone id).
import { useTranslation } from 'react-i18next';
import { BadgeCheck, ShieldCheck } from 'lucide-react';
import type { GameDto } from '@topup/contract/games';
import type { ServerType } from '@topup/contract/limits';
import { IMAGE_SLOTS, slotSrcSet } from '@topup/contract/images';

const FIRST_STEP: Record<ServerType, 'game.stepNone' | 'game.stepServer' | 'game.stepZone'> = {
  NONE: 'game.stepNone',
  SERVER: 'game.stepServer',
  ZONEID: 'game.stepZone',
};

export function GameInfo({ game }: { game: GameDto }) {
  const { t } = useTranslation('storefront');
  const steps = [t(FIRST_STEP[game.serverType]), t('game.stepPackage'), t('game.stepPay'), t('game.stepConfirm')];
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        {game.logo ? (
          <img
            src={game.logo}
            srcSet={slotSrcSet(game.logo, IMAGE_SLOTS.logo)}
            sizes={IMAGE_SLOTS.logo.sizes}
            alt=""
            width={256}
            height={256}
            fetchPriority="high"
            className="h-20 w-20 shrink-0 rounded-2xl object-cover shadow sm:h-28 sm:w-28"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{game.title}</h1>
          <ul className="mt-2 flex flex-wrap gap-2 text-xs font-medium">
            <li className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-green-800">
              <ShieldCheck className="h-4 w-4" aria-hidden />
              {t('game.badgeOfficial')}
            </li>
            <li className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-1 text-sky-800">
              <BadgeCheck className="h-4 w-4" aria-hidden />
              {t('game.badgeTrusted')}
            </li>
          </ul>
        </div>
      </div>
      {game.description ? <p className="text-slate-700">{game.description}</p> : null}
      <section className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-2 font-semibold">{t('game.howTo')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700" data-testid="how-to">
          {steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function GamePageSkeleton() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-3 pt-4 sm:px-4 md:grid-cols-[2fr_3fr]" aria-hidden>
      <div className="space-y-4">
        <div className="flex items-center gap-4">
          <div className="h-20 w-20 animate-pulse rounded-2xl bg-slate-200 sm:h-28 sm:w-28" />
          <div className="h-8 flex-1 animate-pulse rounded bg-slate-200" />
        </div>
        <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
      </div>
      <div className="space-y-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-11 animate-pulse rounded-lg bg-slate-200" />
        ))}
        <div className="h-48 animate-pulse rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
