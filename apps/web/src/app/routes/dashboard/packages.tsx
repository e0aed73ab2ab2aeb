// /dashboard/packages: token packages.
export { PackagesPage } from '../../../features/packages/components/packages-page';
