export function OrdersPage() {
  return <main />;
}
