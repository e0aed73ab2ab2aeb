// Previous / Next and 'Page X of Y — N items' under every dashboard table.
import { useTranslation } from 'react-i18next';
import type { Paging } from '@topup/contract/envelope';
import { Button } from '../ui/button';

export function pagerText(
  t: (key: string, opts: Record<string, unknown>) => string,
  paging: Pick<Paging, 'currentPage' | 'totalPages' | 'totalCount'>,
): string {
  return t('pager.text', { page: paging.currentPage, pages: Math.max(1, paging.totalPages), count: paging.totalCount });
}

export function Pager({ paging, onPage }: { paging: Paging; onPage: (page: number) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-700">
      <p aria-live="polite">{pagerText(t, paging)}</p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={paging.previousPage === null} onClick={() => onPage(paging.previousPage ?? 1)}>
          {t('pager.previous')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={paging.nextPage === null}
          onClick={() => onPage(paging.nextPage ?? paging.currentPage)}
        >
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
