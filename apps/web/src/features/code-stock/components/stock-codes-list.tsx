// A package's codes, masked, filtered by state and paged. Owners may reveal one (the server records who and when;
// the code stays only in this component's memory until hidden or the page is left) and withdraw an available one.
// Staff see masked codes only and no reveal at all.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_STATES, type CodeState, type RevealedCodeDto, type StockCodeDto } from '@topup/contract/code-stock';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { Select } from '../../../components/dashboard/form-controls';
import { errorText } from '../../../components/dashboard/form-error';
import { Pager } from '../../../components/dashboard/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatDateTime } from '../../../lib/dates';
import { useRevealCode, useStockCodes, useWithdrawCode } from '../api/stock-codes';

export function StockCodesList({ packageId, isOwner }: { packageId: string; isOwner: boolean }) {
  const { t } = useTranslation('delivery');
  const { t: td } = useTranslation('dashboard');
  const [state, setState] = useState<CodeState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const codes = useStockCodes(packageId, state, page);
  const [revealed, setRevealed] = useState<Record<string, RevealedCodeDto>>({});
  const reveal = useRevealCode();
  const withdraw = useWithdrawCode(packageId);
  const [withdrawing, setWithdrawing] = useState<StockCodeDto | null>(null);

  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="stock-codes">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('codes.title')}</h2>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">{t('codes.filter')}</span>
          <Select
            value={state ?? ''}
            onChange={(e) => {
              setState((e.target.value || undefined) as CodeState | undefined);
              setPage(1);
            }}
            className="h-10 w-44"
          >
            <option value="">{t('codes.allStates')}</option>
            {CODE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {!isOwner ? <p className="text-sm text-slate-600">{t('codes.maskedForStaff')}</p> : null}
      {reveal.error ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(reveal.error, t('codes.revealFailed'))}
        </p>
      ) : null}
      {codes.isPending ? (
        <Spinner className="h-6 w-6" label={td('status.loading')} />
      ) : codes.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(codes.error, t('codes.loadFailed'))}
        </p>
      ) : codes.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('codes.empty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {codes.data.items.map((c) => (
              <CodeRow
                key={c.id}
                code={c}
                revealed={revealed[c.id]}
                isOwner={isOwner}
                revealing={reveal.isPending && reveal.variables === c.id}
                onReveal={() => reveal.mutate(c.id, { onSuccess: (r) => setRevealed((m) => ({ ...m, [c.id]: r })) })}
                onHide={() =>
                  setRevealed((m) => {
                    const { [c.id]: _gone, ...rest } = m;
                    return rest;
                  })
                }
                onWithdraw={() => {
                  withdraw.reset();
                  setWithdrawing(c);
                }}
              />
            ))}
          </ul>
          <Pager paging={codes.data.paging} onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={t('codes.withdrawTitle')}
        description={t('codes.withdrawBody', { code: withdrawing?.maskedCode ?? '' })}
        confirmLabel={t('codes.withdraw')}
        pending={withdraw.isPending}
        error={withdraw.error ? errorText(withdraw.error, t('codes.withdrawFailed')) : null}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id, { onSuccess: () => setWithdrawing(null) })}
      />
    </section>
  );
}

function CodeRow({
  code,
  revealed,
  isOwner,
  revealing,
  onReveal,
  onHide,
  onWithdraw,
}: {
  code: StockCodeDto;
  revealed: RevealedCodeDto | undefined;
  isOwner: boolean;
  revealing: boolean;
  onReveal: () => void;
  onHide: () => void;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation('delivery');
  const formatDateTime = useFormatDateTime();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="stock-code" data-state={code.state}>
      <div className="min-w-0">
        {revealed ? (
          <p className="font-mono font-semibold break-words text-slate-900" data-testid="revealed-code">
            {revealed.code}
            {revealed.pin ? <span className="ml-2 text-slate-700">{t('codes.pin', { pin: revealed.pin })}</span> : null}
          </p>
        ) : (
          <p className="font-mono text-slate-900">{code.maskedCode}</p>
        )}
        <p className="text-xs text-slate-600">
          {t(`states.${code.state}`)}
          {code.orderCode ? ` · ${t('codes.order', { code: code.orderCode })}` : ''}
          {code.expiresOn ? ` · ${t('codes.expires', { date: code.expiresOn })}` : ''}
          {` · ${t('codes.added', { at: formatDateTime(code.addedAt) })}`}
        </p>
      </div>
      {isOwner ? (
        <div className="flex gap-2">
          {revealed ? (
            <Button size="sm" variant="secondary" onClick={onHide}>
              {t('codes.hide')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={onReveal} disabled={revealing}>
              {t('codes.reveal')}
            </Button>
          )}
          {code.state === 'available' ? (
            <Button size="sm" variant="ghost" onClick={onWithdraw}>
              {t('codes.withdraw')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
