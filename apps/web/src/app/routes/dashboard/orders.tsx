// /dashboard/orders.
export { OrdersPage } from '../../../features/dashboard-orders/components/orders-page';
