// /login: email and password; success goes to /dashboard, failure shows the reason and clears the password (the email
// stays: retyping it after a typo in the password helps nobody). Arriving from "set your password" fills the email.
// With two-factor on, a second form asks for the authenticator (or a recovery) code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/http';
import { sessionActions, useSession } from '../hooks/session-store';
import { AuthCard, AuthFooterLink, AuthSubmit, Notice } from './auth-card';
import { TwoFactorStep } from './two-factor-step';
import type { TwoFactorChallenge } from '@topup/contract/two-factor';
import { shopSettingsKey } from '../../../lib/shop-settings';

export function LoginForm() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const location = useLocation();
  const { loginStatus } = useSession();
  const qc = useQueryClient();
  const arrived = location.state as { message?: string; email?: string } | null;
  const [email, setEmail] = useState(typeof arrived?.email === 'string' ? arrived.email : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const notice = arrived?.message;

  function signedIn() {
    // Nothing cached for the previous admin is shown to this one (the shop's settings stay: they are everyone's).
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== shopSettingsKey[0] });
    void navigate('/dashboard', { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(t('auth.fillBoth'));
      document.getElementById(email.trim() ? 'login-password' : 'login-email')?.focus();
      return;
    }
    try {
      const next = await sessionActions.login(email, password);
      if (next) {
        setChallenge(next);
        setPassword('');
        return;
      }
      signedIn();
    } catch (err) {
      // The server's message, else 'Network Error', else the thrown message, else 'Wrong Credentials'.
      setError(err instanceof ApiError ? err.message : (err as Error)?.message || t('auth.wrongCredentials'));
      setPassword('');
      document.getElementById('login-password')?.focus();
    }
  }

  const loading = loginStatus === 'loading';
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onDone={signedIn}
        onRestart={() => {
          setChallenge(null);
          setEmail('');
        }}
      />
    );
  }
  return (
    <AuthCard title={t('auth.loginTitle')}>
      {notice && !error ? <Notice tone="info">{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <Label htmlFor="login-email">{t('auth.email')}</Label>
          <Input
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="login-password">{t('auth.password')}</Label>
          <Input
            id="login-password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <AuthSubmit pending={loading} label={t('auth.signIn')} pendingLabel={t('auth.signingIn')} />
      </form>
      <AuthFooterLink to="/forget-password">{t('auth.forgotLink')}</AuthFooterLink>
    </AuthCard>
  );
}
