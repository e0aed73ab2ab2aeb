// /dashboard/change-password: old, new and confirm; the live match check; 'Password changed successfully!' for 4 s.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@topup/contract/limits';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorText } from '../../../components/dashboard/form-error';
import { useChangePassword } from '../api/change-password';
import { PasswordFields } from './password-fields';

export function ChangePasswordForm() {
  const { t } = useTranslation('dashboard');
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), TIMINGS.passwordToastMs);
    return () => clearTimeout(timer);
  }, [success]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setSuccess(false);
    if (newPassword !== confirmPassword) return;
    change.mutate(
      { oldPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          setConfirmPassword('');
          setSubmitted(false);
          setSuccess(true);
        },
      },
    );
  }

  return (
    <section className="max-w-md">
      <h1 className="mb-4 text-2xl font-bold">{t('auth.changeTitle')}</h1>
      {success ? (
        <p role="status" className="mb-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t('auth.changed')}
        </p>
      ) : null}
      {change.error && !success ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorText(change.error, t('auth.changeFailed'))}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-5 shadow-sm">
        <div>
          <Label htmlFor="change-old">{t('auth.oldPassword')}</Label>
          <Input
            id="change-old"
            type="password"
            autoComplete="current-password"
            required
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
          />
        </div>
        <PasswordFields
          idPrefix="change"
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          onNewPassword={setNewPassword}
          onConfirmPassword={setConfirmPassword}
          submitted={submitted}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('common.saving') : t('auth.changeSubmit')}
        </Button>
      </form>
    </section>
  );
}
