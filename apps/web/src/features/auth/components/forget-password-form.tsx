// /forget-password: asks for the email; on success goes to /login carrying the server's message.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { sessionActions, useSession } from '../hooks/session-store';
import { AuthCard, AuthFooterLink, AuthSubmit, Notice } from './auth-card';

export function ForgetPasswordForm() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { forgotStatus } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const message = await sessionActions.forgotPassword(email);
      void navigate('/login', { state: { message: message || t('auth.resetSent') } });
    } catch (err) {
      setError((err as Error)?.message || t('auth.forgotFailed'));
    }
  }

  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <p className="mb-4 text-sm text-slate-600">{t('auth.forgotHelp')}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="forgot-email">{t('auth.email')}</Label>
          <Input id="forgot-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <AuthSubmit pending={forgotStatus === 'loading'} label={t('auth.sendLink')} pendingLabel={t('auth.sending')} />
      </form>
      <AuthFooterLink to="/login">{t('auth.backToLogin')}</AuthFooterLink>
    </AuthCard>
  );
}
