// /dashboard/change-password.
import { ChangePasswordForm } from '../../../features/dashboard-auth/components/change-password-form';

export function ChangePasswordPage() {
  return <ChangePasswordForm />;
}
