// Add/Edit User: email required; password asked for, and required, only when creating; an edit sends the role only
// when it changed.
import { useTranslation } from 'react-i18next';
import type { RegisterBody } from '@topup/contract/auth';
import type { Role, UserDto } from '@topup/contract/users';
import { ROLES } from '@topup/contract/shop-settings-defaults';
import {
  InputField,
  ResourceForm,
  ResourceFormDialog,
  SelectField,
  useResourceForm,
  type ResourceFormFrame,
} from '../../../components/dashboard/resource-form';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser, type UserUpdate } from '../api/update-user';

export function canSubmitUser(v: { email: string; password: string }, editing: boolean): boolean {
  return v.email.trim() !== '' && (editing || v.password !== '');
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; user: UserDto | null };

export function UserFormDialog({ open, onOpenChange, user }: Props) {
  return <ResourceFormDialog open={open} onOpenChange={onOpenChange} item={user} texts="users" form={UserForm} />;
}

type Typed = { email: string; password: string; role: Role };

function UserForm({ frame }: { frame: ResourceFormFrame<UserDto> }) {
  const { t } = useTranslation('dashboard');
  const { t: owner } = useTranslation('owner');
  const user = frame.item;
  const form = useResourceForm(frame, {
    initial: (): Typed => ({ email: user?.email ?? '', password: '', role: user?.role ?? 'staff' }),
    toSubmit: (v): RegisterBody => ({ email: v.email.trim(), password: v.password, role: v.role }),
    toUpdate: (v, item): UserUpdate => ({ email: v.email.trim(), ...(v.role !== item.role ? { role: v.role } : {}) }),
    canSubmit: (v) => canSubmitUser(v, user !== null),
    create: useCreateUser(),
    update: useUpdateUser(),
  });

  return (
    <ResourceForm form={form}>
      {/* aria-required: the form checks, not the browser, but screen readers still say these are needed. */}
      <InputField
        id="user-email"
        label={t('users.fields.email')}
        required
        aria-required
        type="email"
        autoComplete="off"
        {...form.text('email')}
      />
      {user ? null : (
        <InputField
          id="user-password"
          label={t('users.fields.password')}
          required
          aria-required
          type="password"
          autoComplete="new-password"
          {...form.text('password')}
        />
      )}
      <SelectField
        id="user-role"
        label={owner('roles.column')}
        options={ROLES.map((r) => ({ value: r, text: owner(`roles.${r}`) }))}
        {...form.text('role')}
      />
    </ResourceForm>
  );
}
