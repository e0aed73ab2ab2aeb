// /dashboard/users: Email, Email Confirmed (True/False), Actions (Edit only), 12 per page, 'Add User'.
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { UserDto } from '@topup/contract/users';
import { ResourcePage, useResourcePage } from '../../../components/dashboard/resource-page';
import type { ResourceColumn } from '../../../components/dashboard/resource-table';
import { useUsers } from '../api/get-users';
import { UserFormDialog } from './user-form-dialog';

export function UsersPage() {
  const { t } = useTranslation('dashboard');
  const { t: owner } = useTranslation('owner');
  // No delete mutation: users have an Edit action only.
  const page = useResourcePage<UserDto>();
  const list = useUsers({ currentPage: page.currentPage, pageSize: PAGE_SIZE.admin, searchTerm: '' });

  const columns: ResourceColumn<UserDto>[] = [
    { key: 'email', header: t('users.columns.email'), cell: (u) => u.email, className: 'font-medium' },
    {
      key: 'emailConfirmed',
      header: t('users.columns.emailConfirmed'),
      cell: (u) => (u.emailConfirmed ? t('common.true') : t('common.false')),
    },
    { key: 'role', header: owner('roles.column'), cell: (u) => owner(`roles.${u.role}`) },
    { key: 'twoFactor', header: owner('roles.twoFactor'), cell: (u) => (u.twoFactorEnabled ? owner('roles.on') : owner('roles.off')) },
    page.actionsColumn(t('users.columns.actions')),
  ];

  return (
    <ResourcePage
      page={page}
      query={list}
      columns={columns}
      texts={{ title: t('users.title'), add: t('users.add'), empty: t('users.empty'), loadFailed: t('users.loadFailed') }}
      renderForm={({ editing, ...form }) => <UserFormDialog {...form} user={editing} />}
    />
  );
}
