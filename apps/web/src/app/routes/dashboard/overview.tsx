// /dashboard: the overview staff act on (pending orders, today, last 14 days).
import { OrdersOverview } from '../../../features/orders/components/orders-overview';

export function OverviewPage() {
  return <OrdersOverview />;
}
