// /dashboard/orders.
export { OrdersPage } from '../../../features/orders/components/orders-page';
