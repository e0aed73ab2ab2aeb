// /dashboard/change-password.
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';

export function ChangePasswordPage() {
  return <ChangePasswordForm />;
}
