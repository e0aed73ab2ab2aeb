export function GamePage() {
  return <main />;
}
