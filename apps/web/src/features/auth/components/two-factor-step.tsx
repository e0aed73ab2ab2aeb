// The second step of signing in with two-factor on: a 6-digit code from the authenticator app, or a recovery code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorChallenge } from '@topup/contract/two-factor';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/http';
import { sessionActions, useSession } from '../hooks/session-store';
import { AuthCard, AuthSubmit, Notice } from './auth-card';

type Props = { challenge: TwoFactorChallenge; onDone: () => void; onRestart: () => void };

export function TwoFactorStep({ challenge, onDone, onRestart }: Props) {
  const { t } = useTranslation('owner');
  const { loginStatus } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await sessionActions.completeLogin(challenge.challengeToken, code);
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError ? (Object.values(err.fields).flat()[0] ?? err.message) : (err as Error)?.message || t('twoFactor.failed'),
      );
      setCode('');
    }
  }

  const loading = loginStatus === 'loading';
  return (
    <AuthCard title={t('login.codeTitle')}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <p className="mb-4 text-sm text-slate-600">{t('login.codeIntro')}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="login-code">{t('login.code')}</Label>
          <Input
            id="login-code"
            name="code"
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <AuthSubmit pending={loading} disabled={!code.trim()} label={t('login.verify')} pendingLabel={t('login.verifying')} />
      </form>
      <p className="mt-4 text-center text-sm">
        <button type="button" onClick={onRestart} className="font-medium text-indigo-700 hover:underline">
          {t('login.back')}
        </button>
      </p>
    </AuthCard>
  );
}
