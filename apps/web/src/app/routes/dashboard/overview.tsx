// /dashboard: the overview staff act on (pending orders, today, last 14 days), with code packages running low on top.
import { LowStockCard } from '../../../features/code-stock/components/low-stock-card';
import { OrdersOverview } from '../../../features/orders/components/orders-overview';

export function OverviewPage() {
  return (
    <div className="space-y-4">
      <LowStockCard />
      <OrdersOverview />
    </div>
  );
}
