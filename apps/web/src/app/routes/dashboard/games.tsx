export function GamesPage() {
  return <main />;
}
