// /reset-password?token=…: the page the mailed reset link opens.
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export function ResetPasswordPage() {
  return <ResetPasswordForm />;
}
