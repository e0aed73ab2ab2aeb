// /dashboard/packages: token packages.
export { PackagesPage } from '../../../features/dashboard-packages/components/packages-page';
