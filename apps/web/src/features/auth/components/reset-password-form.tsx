// /reset-password?token=…: the mailed link; a new password twice, then on to /login with the server's message.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, AuthFooterLink, AuthSubmit, Notice } from './auth-card';
import { PasswordFields } from './password-fields';

export function ResetPasswordForm() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (newPassword !== confirmPassword) return;
    reset.mutate(
      { token, newPassword, confirmPassword },
      { onSuccess: (message) => void navigate('/login', { replace: true, state: { message: message || t('auth.resetDone') } }) },
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Notice tone="error">{t('auth.resetLinkInvalid')}</Notice>
        <AuthFooterLink to="/forget-password">{t('auth.forgotLink')}</AuthFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {reset.error ? <Notice tone="error">{reset.error.message || t('auth.resetFailed')}</Notice> : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordFields
          idPrefix="reset"
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          onNewPassword={setNewPassword}
          onConfirmPassword={setConfirmPassword}
          submitted={submitted}
        />
        <AuthSubmit pending={reset.isPending} label={t('auth.resetSubmit')} pendingLabel={t('common.saving')} />
      </form>
      <AuthFooterLink to="/login">{t('auth.backToLogin')}</AuthFooterLink>
    </AuthCard>
  );
}
