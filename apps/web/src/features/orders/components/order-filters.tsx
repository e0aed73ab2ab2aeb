// The orders list's filters and sort: status, game, payment method, date range, screenshot verdict (the verification
// feature's own filter), read state and operator. Each change goes straight into the URL (lib/list-view.ts); on a
// phone they fold behind one button so the list stays in reach.
import { ORDER_PAYMENT_STATES } from '@topup/contract/payment-phone-states';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@topup/contract/limits';
import { ORDER_SORTS } from '@topup/contract/order-list';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useGameOptions } from '../../../lib/game-options';
import { VerdictFilter } from './verdict-filter';
import { useOperators } from '../api/operators';
import { DayInput } from './day-input';
import { activeFilterCount, FILTER_FIELDS, type OrderListView } from '../lib/list-view';

const CONTROL = 'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function OrderFilters({ view, onChange }: { view: OrderListView; onChange: (patch: Partial<OrderListView>) => void }) {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  const games = useGameOptions();
  const operators = useOperators();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(view);
  const panelId = useId();

  const clear = () => onChange(Object.fromEntries(FILTER_FIELDS.map((f) => [f, undefined])) as Partial<OrderListView>);

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="h-10 sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </Button>
        <h2 className="hidden text-sm font-semibold sm:block">{t('filters.title')}</h2>
        {active ? (
          <Button variant="ghost" size="sm" className="ml-auto h-10 sm:h-8" onClick={clear}>
            <X className="h-4 w-4" aria-hidden />
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
      <div
        id={panelId}
        className={cn('mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5', !open && 'max-sm:hidden')}
      >
        <Labelled label={t('filters.status')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.status ?? ''}
              onChange={(e) => onChange({ status: (e.target.value || undefined) as OrderListView['status'] })}
            >
              <option value="">{t('filters.any')}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {td(`orders.statuses.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.game')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.gameId ?? ''}
              onChange={(e) => onChange({ gameId: e.target.value || undefined })}
            >
              <option value="">{t('filters.any')}</option>
              {/* A game from a shared link shows even before (or without) the list of games. */}
              {view.gameId && !games.data?.some((g) => g.id === view.gameId) ? (
                <option value={view.gameId}>{t('filters.chosenGame')}</option>
              ) : null}
              {(games.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.paymentMethod')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.paymentMethod ?? ''}
              onChange={(e) => onChange({ paymentMethod: (e.target.value || undefined) as OrderListView['paymentMethod'] })}
            >
              <option value="">{t('filters.any')}</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {td(`paymentMethods.${m}`)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.from')}>
          {(id) => <DayInput id={id} className={CONTROL} value={view.from} onChange={(from) => onChange({ from })} />}
        </Labelled>
        <Labelled label={t('filters.to')}>
          {(id) => <DayInput id={id} className={CONTROL} value={view.to} onChange={(to) => onChange({ to })} />}
        </Labelled>
        <VerdictFilter stacked value={view.verdict ?? null} onChange={(verdict) => onChange({ verdict: verdict ?? undefined })} />
        <Labelled label={t('filters.payment')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.payment ?? ''}
              onChange={(e) => onChange({ payment: (e.target.value || undefined) as OrderListView['payment'] })}
            >
              <option value="">{t('filters.any')}</option>
              {ORDER_PAYMENT_STATES.map((p) => (
                <option key={p} value={p}>
                  {t(`filters.payments.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.read')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.isRead === undefined ? '' : String(view.isRead)}
              onChange={(e) => onChange({ isRead: e.target.value === '' ? undefined : e.target.value === 'true' })}
            >
              <option value="">{t('filters.any')}</option>
              <option value="false">{t('filters.unread')}</option>
              <option value="true">{t('filters.readOnly')}</option>
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.operator')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.operatorId ?? ''}
              onChange={(e) => onChange({ operatorId: e.target.value || undefined })}
            >
              <option value="">{t('filters.any')}</option>
              {view.operatorId && !operators.data?.some((o) => o.id === view.operatorId) ? (
                <option value={view.operatorId}>{t('filters.chosenOperator')}</option>
              ) : null}
              {(operators.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.email}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('filters.sort')}>
          {(id) => (
            <select
              id={id}
              className={CONTROL}
              value={view.sort}
              onChange={(e) => onChange({ sort: e.target.value as OrderListView['sort'] })}
            >
              {ORDER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`filters.sorts.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
    </div>
  );
}
