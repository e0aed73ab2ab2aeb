// /dashboard/configsetting: payment accounts.
export { ConfigSettingsPage } from '../../../features/dashboard-config-settings/components/config-settings-page';
