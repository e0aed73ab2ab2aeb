export function PackagesPage() {
  return <main />;
}
