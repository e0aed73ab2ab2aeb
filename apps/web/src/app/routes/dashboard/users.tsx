// /dashboard/users: staff accounts.
export { UsersPage } from '../../../features/dashboard-users/components/users-page';
