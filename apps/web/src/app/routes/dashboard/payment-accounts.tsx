// /dashboard/configsetting: payment accounts.
export { ConfigSettingsPage } from '../../../features/payment-accounts/components/payment-accounts-page';
