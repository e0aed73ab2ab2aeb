// /dashboard/orders: search, filters and sort kept in the URL, Clean Orders, CSV export of the
// filtered list, the orders as a table (cards below 640 px) with selection and bulk actions, row actions that ask
// for what a status change needs, and the keyboard (j/k, Enter, c, x, ?).
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, Download, Keyboard, Search, X } from 'lucide-react';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { OrderDto } from '@topup/contract/orders';
import { BULK_MAX, type BulkAction } from '@topup/contract/order-list';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { Pager } from '../../../components/dashboard/pager';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { useIsNarrow } from '../../../hooks/use-media-query';
import { useBulkAction } from '../api/bulk';
import { useExportOrders } from '../api/export';
import { BulkBar, BulkResult, type BulkOutcome } from './bulk-bar';
import { OrderFilters } from './order-filters';
import { ShortcutsHelp } from './shortcuts-help';
import { StatusChangeDialog, type StatusChange } from './status-change-dialog';
import { useListShortcuts } from '../hooks/use-list-shortcuts';
import { flagsOf, isFlaggedRefusal } from '../lib/order-flags';
import { filterOf, listParamsOf, readView, writeView, type OrderListView } from '../lib/list-view';
import { useIsOwner } from '../../../lib/me';
import { useDeleteOrder } from '../api/delete-order';
import { useDescribeLiveChange, useLiveChange } from '../api/live-change';
import { useOrders } from '../api/get-orders';
import { useMarkOrderRead } from '../api/mark-order-read';
import { isConflict, useUpdateOrder } from '../api/update-order';
import { CleanOrdersTools } from './clean-orders-tools';
import { OrderCards } from './order-cards';
import { OrdersTable, type OrderRowActions } from './orders-table';

export { rowNumber } from './orders-table';

/** A status change waiting for its dialog: one order (from a row or a shortcut) or the selection. */
type PendingChange = { target: 'COMPLETED' | 'CANCELLED'; order: OrderDto } | { target: 'COMPLETED' | 'CANCELLED'; bulk: true };

export function OrdersPage() {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('workbench');
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const isOwner = useIsOwner();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readView(searchParams), [searchParams]);
  const [searchInput, setSearchInput] = useState(view.q);
  const [banner, setBanner] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OrderDto | null>(null);
  const [change, setChange] = useState<PendingChange | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [cursor, setCursor] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = useRef(new Map<number, HTMLElement>());

  const orders = useOrders(listParamsOf(view, PAGE_SIZE.admin));
  const markRead = useMarkOrderRead();
  const del = useDeleteOrder();
  const update = useUpdateOrder();
  const bulk = useBulkAction();
  const exporter = useExportOrders();
  const items = useMemo(() => orders.data?.items ?? [], [orders.data]);
  const totalCount = orders.data?.paging.totalCount ?? 0;

  // The order a single-order dialog is about, as it is now: a colleague's change arrives live (docs/decisions/0063).
  const asked = change && 'order' in change ? change.order : null;
  const live = useLiveChange(asked?.id);
  const describe = useDescribeLiveChange();
  const changedOrder = asked ? items.find((o) => o.id === asked.id) : undefined;
  // This tab's own change in flight is not news (its echo may arrive before its answer).
  const stale = (() => {
    if (!asked || update.isPending) return null;
    if (!changedOrder) return live?.deleted ? { message: describe(live.by, null), blocking: true } : null;
    if (changedOrder.updatedAt === asked.updatedAt) return null;
    const fromLive = live && live.updatedAt === changedOrder.updatedAt ? live : null;
    return { message: describe(fromLive?.by ?? null, changedOrder, fromLive?.automatic), blocking: changedOrder.status !== 'PENDING' };
  })();

  // The URL is the view: a new search, filter or page starts a fresh selection and cursor.
  const viewKey = searchParams.toString();
  const [seenViewKey, setSeenViewKey] = useState(viewKey);
  if (seenViewKey !== viewKey) {
    setSeenViewKey(viewKey);
    setSelected(new Set());
    setAllMatching(false);
    setCursor(null);
  }
  // A search from the URL (back, forward, a shared link) fills the box; a filter change leaves what is being typed.
  const [seenQ, setSeenQ] = useState(view.q);
  if (seenQ !== view.q) {
    setSeenQ(view.q);
    setSearchInput(view.q);
  }

  // Changes build on the URL as last written, not as last rendered: two quick changes (a filter, then another before
  // the list re-renders) must both land.
  const latestSearch = useRef(viewKey);
  useEffect(() => {
    latestSearch.current = viewKey;
  }, [viewKey]);
  const changeView = useCallback(
    (patch: Partial<OrderListView>) => {
      const next = writeView({ ...readView(new URLSearchParams(latestSearch.current)), page: 1, ...patch });
      latestSearch.current = next.toString();
      setSearchParams(next);
    },
    [setSearchParams],
  );

  function search(e: FormEvent) {
    e.preventDefault();
    changeView({ q: searchInput.trim() });
  }

  async function viewDetail(order: OrderDto) {
    if (!order.isRead) {
      try {
        await markRead.mutateAsync(order.id);
      } catch (err) {
        // A failed mark-read is only logged; the detail still opens.
        console.warn('Failed to mark order read', err);
      }
    }
    void navigate(`/dashboard/order-detail/${order.id}`);
  }

  function askChange(order: OrderDto, target: 'COMPLETED' | 'CANCELLED') {
    if (order.status !== 'PENDING') {
      setNotice(tw('row.notPending', { code: order.code ?? '' }));
      return;
    }
    update.reset();
    setChange({ target, order });
  }

  function confirmChange(c: StatusChange) {
    if (!change) return;
    if ('bulk' in change) return runBulk(c.status === 'COMPLETED' ? 'COMPLETE' : 'CANCEL', c);
    // Against the order as the dialog now shows it: a colleague's change that arrived meanwhile was said above the form.
    const order = changedOrder ?? change.order;
    update.mutate(
      { id: order.id, ...c, expectedUpdatedAt: order.updatedAt },
      {
        onSuccess: (saved) => {
          setChange(null);
          setBanner(tw(`row.done.${saved.status}`, { code: saved.code ?? '' }));
        },
        // Someone changed it meanwhile: say so beside the list, which reloads with what they did.
        onError: (err) => {
          if (!isConflict(err)) return;
          setChange(null);
          setNotice(errorText(err, tw('change.failed')));
        },
      },
    );
  }

  function runBulk(action: BulkAction, c?: StatusChange) {
    const codes = new Map(items.map((o) => [o.id, o.code ?? o.id]));
    const extra =
      c?.status === 'CANCELLED'
        ? { cancelReason: c.cancelReason, cancelNote: c.cancelNote }
        : c?.status === 'COMPLETED'
          ? { statusNote: c.statusNote, ...(c.overrideFlags ? { overrideFlags: true, overrideReason: c.overrideReason } : {}) }
          : {};
    const target = allMatching ? { filter: filterOf(view) } : { ids: [...selected] };
    bulk.mutate(
      { action, ...target, ...extra },
      {
        onSuccess: (result) => {
          setChange(null);
          setSelected(new Set());
          setAllMatching(false);
          setOutcome({
            action,
            succeeded: result.succeeded.length,
            failed: result.failed.map((f) => ({ id: f.id, label: f.orderCode ?? codes.get(f.id) ?? f.id, message: f.message })),
          });
        },
      },
    );
  }

  function onBulk(action: BulkAction) {
    setOutcome(null);
    bulk.reset();
    if (action === 'MARK_READ') return runBulk('MARK_READ');
    setChange({ target: action === 'COMPLETE' ? 'COMPLETED' : 'CANCELLED', bulk: true });
  }

  const moveCursor = useCallback(
    (delta: 1 | -1) => {
      if (items.length === 0) return;
      const next = cursor === null ? (delta === 1 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, cursor + delta));
      setCursor(next);
      const el = rows.current.get(next);
      el?.focus();
      el?.scrollIntoView?.({ block: 'nearest' });
    },
    [cursor, items.length],
  );
  const current = cursor === null ? undefined : items[cursor];
  useListShortcuts({
    move: moveCursor,
    open: () => current && void viewDetail(current),
    complete: () => current && askChange(current, 'COMPLETED'),
    cancel: () => current && askChange(current, 'CANCELLED'),
    help: () => setHelpOpen(true),
  });

  const pageSelected = items.length > 0 && items.every((o) => selected.has(o.id));
  const actions: OrderRowActions = {
    cursor,
    onCursor: setCursor,
    rowRef: (i, el) => {
      if (el) rows.current.set(i, el);
      else rows.current.delete(i);
    },
    isSelected: (id) => allMatching || selected.has(id),
    onSelect: (id, on) => {
      setAllMatching(false);
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    onOpen: (o) => void viewDetail(o),
    onChange: askChange,
    onDelete: isOwner
      ? (o) => {
          del.reset();
          setDeleting(o);
        }
      : undefined,
    opening: markRead.isPending ? (markRead.variables ?? null) : null,
  };
  const selectPage = (on: boolean) => {
    setAllMatching(false);
    setSelected(on ? new Set(items.map((o) => o.id)) : new Set());
  };
  const selectionCount = allMatching ? totalCount : selected.size;
  const changeError = change ? ('bulk' in change ? bulk.error : update.error) : null;
  // Flagged orders need an override with a reason before they can be completed (the dialog asks for it up front).
  const changeFlags = asked ? flagsOf(changedOrder ?? asked) : [];
  const flaggedCount =
    change && 'bulk' in change
      ? items.filter((o) => (allMatching || selected.has(o.id)) && o.status === 'PENDING' && flagsOf(o).length > 0).length
      : 0;

  return (
    <section className={selectionCount > 0 ? 'space-y-4 pb-36 sm:pb-0' : 'space-y-4'}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" className="h-10 sm:h-8" onClick={() => exporter.mutate(view)} disabled={exporter.isPending}>
            <Download className="h-4 w-4" aria-hidden />
            {exporter.isPending ? tw('export.working') : tw('export.button')}
          </Button>
          <Button variant="ghost" size="sm" className="hidden sm:inline-flex" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            <Keyboard className="h-4 w-4" aria-hidden />
            {tw('keys.open')}
          </Button>
        </div>
      </div>
      {exporter.error ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(exporter.error, tw('export.failed'))}
        </p>
      ) : null}

      {banner ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
          <span className="flex-1">{banner}</span>
          <button type="button" onClick={() => setBanner(null)} aria-label={t('common.close')} className="rounded p-0.5 hover:bg-green-100">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {notice ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <span className="flex-1">{notice}</span>
          <button type="button" onClick={() => setNotice(null)} aria-label={t('common.close')} className="rounded p-0.5 hover:bg-amber-100">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {outcome ? <BulkResult outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" onSubmit={search} noValidate className="flex w-full max-w-md gap-2">
          <Input
            type="search"
            aria-label={t('orders.searchLabel')}
            placeholder={t('orders.searchPlaceholder')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            className="h-10 sm:h-9"
          />
          <Button type="submit" size="sm" className="h-10 shrink-0 whitespace-nowrap sm:h-9">
            <Search className="h-4 w-4" aria-hidden />
            {t('orders.search')}
          </Button>
        </form>
        {isOwner ? (
          <CleanOrdersTools
            onCleaned={(message) => {
              setBanner(message);
              changeView({});
            }}
          />
        ) : null}
      </div>

      <OrderFilters view={view} onChange={changeView} />

      {orders.isPending ? (
        <LoadingScreen />
      ) : orders.isError ? (
        <ErrorScreen message={errorText(orders.error, t('orders.loadFailed'))} onReload={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('orders.empty')}</p>
      ) : (
        <>
          {narrow ? (
            <>
              <label className="flex items-center gap-3 px-1 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={pageSelected || allMatching}
                  onChange={(e) => selectPage(e.target.checked)}
                  className="h-5 w-5 accent-indigo-600"
                />
                {tw('bulk.selectPage')}
              </label>
              <OrderCards items={items} actions={actions} />
            </>
          ) : (
            <OrdersTable
              items={items}
              paging={orders.data.paging}
              actions={actions}
              pageSelected={pageSelected || allMatching}
              onSelectPage={selectPage}
            />
          )}
          {pageSelected && !allMatching && totalCount > items.length ? (
            <div className="flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
              <span>{tw('bulk.pageSelected', { count: items.length })}</span>
              {totalCount <= BULK_MAX ? (
                <Button variant="ghost" size="sm" className="h-10 text-indigo-800 underline sm:h-8" onClick={() => setAllMatching(true)}>
                  {tw('bulk.selectAll', { count: totalCount })}
                </Button>
              ) : (
                <span className="text-indigo-900">{tw('bulk.tooManyForAll', { count: totalCount, max: BULK_MAX })}</span>
              )}
            </div>
          ) : null}
          <Pager paging={orders.data.paging} onPage={(page) => changeView({ page })} />
        </>
      )}

      {selectionCount > 0 ? (
        <BulkBar
          count={selectionCount}
          allMatching={allMatching}
          pending={bulk.isPending}
          onAction={onBulk}
          onClear={() => {
            setSelected(new Set());
            setAllMatching(false);
          }}
        />
      ) : null}
      {bulk.error && !change ? (
        <p role="alert" className="text-sm text-red-600">
          {errorText(bulk.error, tw('bulk.failed'))}
        </p>
      ) : null}

      <StatusChangeDialog
        target={change?.target ?? null}
        count={change && 'bulk' in change ? selectionCount : 1}
        code={change && 'order' in change ? change.order.code : null}
        pending={update.isPending || bulk.isPending}
        error={changeError ? errorText(changeError, tw('change.failed')) : null}
        stale={stale}
        flags={changeFlags}
        flaggedCount={flaggedCount}
        flaggedRefusal={change && 'order' in change ? isFlaggedRefusal(update.error) : false}
        onClose={() => setChange(null)}
        onConfirm={confirmChange}
      />
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('orders.deleteTitle')}
        description={t('orders.deleteBody')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('orders.deleteFailed')) : null}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
