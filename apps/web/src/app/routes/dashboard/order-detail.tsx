// /dashboard/order-detail/{orderId}.
import { useParams } from 'react-router';
import { OrderDetail } from '../../../features/dashboard-orders/components/order-detail';

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  return <OrderDetail orderId={orderId} />;
}
