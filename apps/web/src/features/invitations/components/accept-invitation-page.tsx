// /accept-invitation?token=…: "set your password" — the invitee sees which shop and role they are invited to, with
// their email filled in (so a password manager saves the pair), chooses a password, and goes to /login with the email
// already there. The token works once, within 48 hours; the server says so when it doesn't.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/dashboard/form-controls';
import { FormError, errorText } from '../../../components/dashboard/form-error';
import { useShopSettings } from '../../../lib/shop-settings';
import { TEXT_LIMITS } from '@topup/contract/limits';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';

export function AcceptInvitationPage() {
  const { t } = useTranslation('owner');
  const shop = useShopSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (accept.isPending) return;
    // Our own messages, in the page's language, instead of the browser's bubbles.
    const next = !password
      ? t('accept.passwordMissing')
      : password.length < TEXT_LIMITS.passwordMin
        ? t('accept.passwordShort', { min: TEXT_LIMITS.passwordMin })
        : !confirmPassword
          ? t('accept.passwordMissing')
          : password !== confirmPassword
            ? t('accept.passwordMismatch')
            : null;
    setProblem(next);
    if (next) {
      document.getElementById(!password || password.length < TEXT_LIMITS.passwordMin ? 'accept-password' : 'accept-confirm')?.focus();
      return;
    }
    const email = preview.data?.email;
    accept.mutate(
      { token, password, confirmPassword },
      { onSuccess: () => void navigate('/login', { replace: true, state: { message: t('accept.done'), email } }) },
    );
  }

  let content;
  if (!token)
    content = (
      <p role="alert" className="text-sm text-red-600">
        {t('accept.missingToken')}
      </p>
    );
  else if (preview.isError)
    content = (
      <p role="alert" className="text-sm text-red-600">
        {errorText(preview.error, t('accept.loadFailed'))}
      </p>
    );
  else if (!preview.data) content = null;
  else
    content = (
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm">
          {t('accept.intro', { shop: preview.data.shopName, role: t(`roles.${preview.data.role}`), email: preview.data.email })}
        </p>
        <Field id="accept-email" label={t('accept.email')}>
          <Input
            id="accept-email"
            type="email"
            name="email"
            autoComplete="username"
            readOnly
            value={preview.data.email}
            className="bg-slate-50"
          />
        </Field>
        <Field id="accept-password" label={t('accept.password')} required>
          <Input
            id="accept-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!problem && (!password || password.length < TEXT_LIMITS.passwordMin)}
            aria-describedby={problem ? 'accept-problem' : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field id="accept-confirm" label={t('accept.confirmPassword')} required>
          <Input
            id="accept-confirm"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!problem && password !== confirmPassword}
            aria-describedby={problem ? 'accept-problem' : undefined}
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </Field>
        {problem ? (
          <p id="accept-problem" role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <FormError error={accept.error} fallback={t('accept.loadFailed')} />
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? t('accept.submitting') : t('accept.submit')}
        </Button>
      </form>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg">
        <p className="mb-1 text-sm font-medium text-indigo-700">{shop.shopName}</p>
        <h1 className="mb-5 text-2xl font-bold">{t('accept.title')}</h1>
        {content}
      </div>
    </main>
  );
}
