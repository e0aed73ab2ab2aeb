// /dashboard/games: Title, Server Type, Order Index, Created At, Actions; pager; Add Game; 'No Games Yet';
// Add/Edit dialog; 'Delete Game?' confirmation. A created game appears on top in place (docs/decisions/0015).
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { GameDto } from '@topup/contract/games';
import { useFormatDateTime } from '../../../lib/dates';
import { ResourcePage, useResourcePage } from '../../../components/dashboard/resource-page';
import type { ResourceColumn } from '../../../components/dashboard/resource-table';
import { useDeleteGame } from '../api/delete-game';
import { useGames } from '../api/get-games';
import { GameFormDialog } from './game-form-dialog';

export function GamesPage() {
  const { t } = useTranslation('dashboard');
  const formatDateTime = useFormatDateTime();
  const page = useResourcePage<GameDto>({ remove: useDeleteGame() });
  const games = useGames({ currentPage: page.currentPage, pageSize: PAGE_SIZE.games, searchTerm: '' });

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
    page.actionsColumn(t('games.columns.actions')),
  ];

  return (
    <ResourcePage
      page={page}
      query={games}
      columns={columns}
      texts={{
        title: t('games.title'),
        add: t('games.add'),
        empty: t('games.empty'),
        loadFailed: t('games.loadFailed'),
        delete: { title: t('games.deleteTitle'), body: t('games.deleteBody'), failed: t('games.deleteFailed') },
      }}
      renderForm={({ editing, ...form }) => <GameFormDialog {...form} game={editing} />}
    />
  );
}
