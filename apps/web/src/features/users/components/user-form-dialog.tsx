// Add/Edit User: email required; password asked for, and required, only when creating.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, UserDto } from '@topup/contract/users';
import { ROLES } from '@topup/contract/shop-settings-defaults';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field, Select } from '../../../components/dashboard/form-controls';
import { EditDialog } from '../../../components/dashboard/edit-dialog';
import { FormError } from '../../../components/dashboard/form-error';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

export function canSubmitUser(v: { email: string; password: string }, editing: boolean): boolean {
  return v.email.trim() !== '' && (editing || v.password !== '');
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; user: UserDto | null };

export function UserFormDialog({ open, onOpenChange, user }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <EditDialog open={open} onOpenChange={onOpenChange} item={user} addTitle={t('users.addTitle')} editTitle={t('users.editTitle')}>
      {(onDone) => <UserForm user={user} onDone={onDone} />}
    </EditDialog>
  );
}

function UserForm({ user, onDone }: { user: UserDto | null; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: owner } = useTranslation('owner');
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = user ? update : create;
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(user?.role ?? 'staff');
  const ready = canSubmitUser({ email, password }, user !== null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    if (user) update.mutate({ id: user.id, email: email.trim(), ...(role !== user.role ? { role } : {}) }, { onSuccess: onDone });
    else create.mutate({ email: email.trim(), password, role }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="user-email" label={t('users.fields.email')} required>
        <Input id="user-email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      {user ? null : (
        <Field id="user-password" label={t('users.fields.password')} required>
          <Input
            id="user-password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
      )}
      <Field id="user-role" label={owner('roles.column')}>
        <Select id="user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {owner(`roles.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      <FormError error={mutation.error} fallback={user ? t('users.updateFailed') : t('users.createFailed')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!ready || mutation.isPending}>
          {mutation.isPending ? t('common.saving') : user ? t('common.update') : t('common.create')}
        </Button>
      </div>
    </form>
  );
}
