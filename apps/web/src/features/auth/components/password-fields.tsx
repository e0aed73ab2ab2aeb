// New + confirm password inputs with the live 'New Password and Confirm Password must match.' check.
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export function passwordsMismatch(newPassword: string, confirmPassword: string): boolean {
  return confirmPassword !== '' && newPassword !== confirmPassword;
}

type Props = {
  idPrefix: string;
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (v: string) => void;
  onConfirmPassword: (v: string) => void;
  /** Set after a submit attempt, so an empty confirm field also shows the message. */
  submitted?: boolean;
};

export function PasswordFields({ idPrefix, newPassword, confirmPassword, onNewPassword, onConfirmPassword, submitted }: Props) {
  const { t } = useTranslation('dashboard');
  const mismatch = passwordsMismatch(newPassword, confirmPassword) || (submitted === true && newPassword !== confirmPassword);
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-new`}>{t('auth.newPassword')}</Label>
        <Input
          id={`${idPrefix}-new`}
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => onNewPassword(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-confirm`}>{t('auth.confirmPassword')}</Label>
        <Input
          id={`${idPrefix}-confirm`}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          invalid={mismatch}
          aria-describedby={mismatch ? `${idPrefix}-mismatch` : undefined}
          onChange={(e) => onConfirmPassword(e.target.value)}
        />
        {mismatch ? (
          <p id={`${idPrefix}-mismatch`} role="alert" className="mt-1 text-sm text-red-600">
            {t('auth.mustMatch')}
          </p>
        ) : null}
      </div>
    </>
  );
}
