// /login: the admin sign-in page; an admin already signed in goes straight to the dashboard.
import { Navigate } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSession } from '../../../features/auth/hooks/session-store';

export function LoginPage() {
  const { isAuthenticated, loginStatus } = useSession();
  if (isAuthenticated && loginStatus !== 'loading') return <Navigate to="/dashboard" replace />;
  return <LoginForm />;
}
