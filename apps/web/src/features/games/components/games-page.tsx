// /dashboard/games: Title, Server Type, Order Index, Created At, Actions; pager; Add Game; 'No Games Yet';
// Add/Edit dialog; 'Delete Game?' confirmation. A created game appears on top in place (docs/decisions/0015).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { GameDto } from '@topup/contract/games';
import { ConfirmDialog } from '../../../components/dashboard/confirm-dialog';
import { errorText } from '../../../components/dashboard/form-error';
import { useFormatDateTime } from '../../../lib/dates';
import { PageHeader } from '../../../components/dashboard/page-header';
import { ResourceTable, type ResourceColumn } from '../../../components/dashboard/resource-table';
import { RowActions } from '../../../components/dashboard/row-actions';
import { useDeleteGame } from '../api/delete-game';
import { useGames } from '../api/get-games';
import { GameFormDialog } from './game-form-dialog';

export function GamesPage() {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const [currentPage, setCurrentPage] = useState(1);
  const games = useGames({ currentPage, pageSize: PAGE_SIZE.games, searchTerm: '' });
  const del = useDeleteGame();
  const [editing, setEditing] = useState<GameDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<GameDto | null>(null);

  function openForm(game: GameDto | null) {
    setEditing(game);
    setFormOpen(true);
  }

  const columns: ResourceColumn<GameDto>[] = [
    {
      key: 'title',
      header: t('games.columns.title'),
      cell: (g) => (
        <span className="flex items-center gap-2">
          {g.logo ? <img src={g.logo} alt="" className="h-8 w-8 shrink-0 rounded object-cover" /> : null}
          {/* The "disabled" mark goes under the title: beside it, on a phone, it spilled over the next column. */}
          <span className="min-w-0">
            <span className="block font-medium">{g.title}</span>
            {g.isDisable ? (
              <span
                data-testid="game-disabled"
                className="mt-0.5 inline-block rounded bg-slate-200 px-1.5 text-xs whitespace-nowrap text-slate-700"
              >
                {t('games.disabled')}
              </span>
            ) : null}
          </span>
        </span>
      ),
    },
    { key: 'serverType', header: t('games.columns.serverType'), cell: (g) => t(`serverTypes.${g.serverType}`) },
    { key: 'orderIndex', header: t('games.columns.orderIndex'), cell: (g) => g.orderIndex, wideOnly: true },
    {
      key: 'createdAt',
      header: t('games.columns.createdAt'),
      cell: (g) => formatDateTime(g.createdAt),
      className: 'whitespace-nowrap',
      wideOnly: true,
    },
    {
      key: 'actions',
      header: t('games.columns.actions'),
      cell: (g) => (
        <RowActions
          onEdit={() => openForm(g)}
          onDelete={() => {
            del.reset();
            setDeleting(g);
          }}
        />
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <PageHeader title={t('games.title')} add={{ label: t('games.add'), onClick: () => openForm(null) }} />
      <ResourceTable
        query={games}
        label={t('games.title')}
        columns={columns}
        emptyText={t('games.empty')}
        loadFailedText={t('games.loadFailed')}
        onPage={setCurrentPage}
      />

      <GameFormDialog open={formOpen} onOpenChange={setFormOpen} game={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('games.deleteTitle')}
        description={t('games.deleteBody')}
        pending={del.isPending}
        error={del.error ? errorText(del.error, t('games.deleteFailed')) : null}
        onConfirm={() => deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}
