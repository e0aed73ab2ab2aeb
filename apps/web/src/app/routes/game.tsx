// The game page (/game/{gameId}): the game on the left, buying on the right (one column on a phone).
// An unknown or disabled game shows 'Page not found' (the server already answered the HTML with 404).
import { useParams } from 'react-router';
import { ApiError } from '../../lib/http';
import { isKnownMissing, useGameDetail } from '../../features/catalog/api/games';
import { GameInfo, GamePageSkeleton } from '../../features/catalog/components/game-info';
import { OrderPanel } from '../../features/checkout/components/order-panel';
import { ErrorView } from '../../features/storefront-shell/components/error-view';
import { NotFoundView } from '../../features/storefront-shell/components/not-found-view';

export function GamePage() {
  const { gameId = '' } = useParams();
  const missing = isKnownMissing(gameId);
  const game = useGameDetail(gameId, !missing);

  if (missing || (game.error instanceof ApiError && (game.error.status === 404 || game.error.status === 400))) return <NotFoundView />;
  if (game.isError) return <ErrorView onRetry={() => void game.refetch()} />;
  if (!game.data) return <GamePageSkeleton />;
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-3 pt-4 sm:px-4 md:grid-cols-[2fr_3fr] md:gap-8">
      <GameInfo game={game.data} />
      <OrderPanel key={game.data.id} game={game.data} onStockChanged={() => void game.refetch()} />
    </main>
  );
}
