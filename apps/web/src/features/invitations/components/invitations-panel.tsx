// The Users page's invitations (owners): invite by email with a role, see the open invitations, withdraw one.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@topup/contract/users';
import { ROLES } from '@topup/contract/shop-settings-defaults';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Field, Select } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { useFormatDateTime } from '../../../lib/dates';
import { useInvitations, useInvite, useWithdrawInvitation } from '../api/invitations';

function InviteForm({ onDone }: { onDone: (email: string) => void }) {
  const { t } = useTranslation('owner');
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [language, setLanguage] = useState<'mm' | 'en'>('mm');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (invite.isPending) return;
    invite.mutate({ email: email.trim(), role, language }, { onSuccess: (created) => onDone(created.email) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="invite-email" label={t('invitations.email')} required>
        <Input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field id="invite-role" label={t('invitations.role')}>
        <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="invite-language" label={t('invitations.language')}>
        <Select id="invite-language" value={language} onChange={(e) => setLanguage(e.target.value as 'mm' | 'en')}>
          <option value="mm">{t('invitations.langMm')}</option>
          <option value="en">{t('invitations.langEn')}</option>
        </Select>
      </Field>
      <FormError error={invite.error} fallback={t('invitations.failed')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={!email.trim() || invite.isPending}>
          {invite.isPending ? t('invitations.sending') : t('invitations.send')}
        </Button>
      </div>
    </form>
  );
}

export function InvitationsPanel() {
  const { t } = useTranslation('owner');
  const formatDateTime = useFormatDateTime();
  const list = useInvitations();
  const withdraw = useWithdrawInvitation();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{t('invitations.title')}</h2>
        <Button onClick={() => setOpen(true)}>{t('invitations.invite')}</Button>
      </div>
      {sentTo ? (
        <p role="status" className="text-sm text-green-700">
          {t('invitations.sent', { email: sentTo })}
        </p>
      ) : null}
      <FormError error={withdraw.error} fallback={t('invitations.withdrawFailed')} />
      {list.data?.length ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {list.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-medium">{i.email}</span>
              <span>{t(`roles.${i.role}`)}</span>
              <span className="text-slate-500">
                {t('invitations.expires')}: {formatDateTime(i.expiresAt)}
              </span>
              <Button size="sm" variant="secondary" onClick={() => withdraw.mutate(i.id)} disabled={withdraw.isPending}>
                {t('invitations.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      ) : list.isSuccess ? (
        <p className="text-sm text-slate-500">{t('invitations.none')}</p>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen} title={t('invitations.dialogTitle')} closeLabel={t('invitations.dialogTitle')}>
        {open ? (
          <InviteForm
            onDone={(email) => {
              setSentTo(email);
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
