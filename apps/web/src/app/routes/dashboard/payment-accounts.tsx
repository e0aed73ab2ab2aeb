// /dashboard/configsetting: payment accounts.
export { PaymentAccountsPage } from '../../../features/payment-accounts/components/payment-accounts-page';
