export function OrderDetailPage() {
  return <main />;
}
