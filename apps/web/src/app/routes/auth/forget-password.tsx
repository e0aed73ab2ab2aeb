// /forget-password: asks for a reset link by email.
import { ForgetPasswordForm } from '../../../features/auth/components/forget-password-form';

export function ForgetPasswordPage() {
  return <ForgetPasswordForm />;
}
