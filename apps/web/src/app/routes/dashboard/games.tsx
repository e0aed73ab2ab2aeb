// /dashboard/games.
export { GamesPage } from '../../../features/games/components/games-page';
