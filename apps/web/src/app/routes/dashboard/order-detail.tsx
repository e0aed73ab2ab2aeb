// /dashboard/order-detail/{orderId}.
import { useParams } from 'react-router';
import { OrderDetail } from '../../../features/orders/components/order-detail';
import { OrderPaymentEvidence } from '../../../features/payment-phones/components/order-payment-evidence';

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  // What the shop's own wallet said about this order's money, above the screenshot's verdict and the details.
  return (
    <div className="space-y-4">
      <OrderPaymentEvidence orderId={orderId} />
      <OrderDetail orderId={orderId} />
    </div>
  );
}
