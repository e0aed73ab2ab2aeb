export function OverviewPage() {
  return <main />;
}
