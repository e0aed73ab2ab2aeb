// /dashboard/users: Email, Email Confirmed (True/False), Actions (Edit only), 12 per page, 'Add User'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@topup/contract/limits';
import type { UserDto } from '@topup/contract/users';
import { PageHeader } from '../../../components/dashboard/page-header';
import { ResourceTable, type ResourceColumn } from '../../../components/dashboard/resource-table';
import { RowActions } from '../../../components/dashboard/row-actions';
import { useUsers } from '../api/get-users';
import { UserFormDialog } from './user-form-dialog';

export function UsersPage() {
  const { t } = useTranslation('dashboard');
  const { t: owner } = useTranslation('owner');
  const [currentPage, setCurrentPage] = useState(1);
  const list = useUsers({ currentPage, pageSize: PAGE_SIZE.admin, searchTerm: '' });
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  function openForm(user: UserDto | null) {
    setEditing(user);
    setFormOpen(true);
  }

  const columns: ResourceColumn<UserDto>[] = [
    { key: 'email', header: t('users.columns.email'), cell: (u) => u.email, className: 'font-medium' },
    {
      key: 'emailConfirmed',
      header: t('users.columns.emailConfirmed'),
      cell: (u) => (u.emailConfirmed ? t('common.true') : t('common.false')),
    },
    { key: 'role', header: owner('roles.column'), cell: (u) => owner(`roles.${u.role}`) },
    { key: 'twoFactor', header: owner('roles.twoFactor'), cell: (u) => (u.twoFactorEnabled ? owner('roles.on') : owner('roles.off')) },
    // Users have an Edit action only (no delete).
    { key: 'actions', header: t('users.columns.actions'), cell: (u) => <RowActions onEdit={() => openForm(u)} /> },
  ];

  return (
    <section className="space-y-4">
      <PageHeader title={t('users.title')} add={{ label: t('users.add'), onClick: () => openForm(null) }} />
      <ResourceTable
        query={list}
        label={t('users.title')}
        columns={columns}
        emptyText={t('users.empty')}
        loadFailedText={t('users.loadFailed')}
        onPage={setCurrentPage}
      />

      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} />
    </section>
  );
}
