// /dashboard/games.
export { GamesPage } from '../../../features/dashboard-games/components/games-page';
