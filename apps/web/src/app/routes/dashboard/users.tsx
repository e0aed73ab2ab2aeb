// /dashboard/users: staff accounts, and below them the open invitations (owners invite by email).
import { UsersPage as UsersList } from '../../../features/users/components/users-page';
import { InvitationsPanel } from '../../../features/invitations/components/invitations-panel';

export function UsersPage() {
  return (
    <div className="space-y-8">
      <UsersList />
      <InvitationsPanel />
    </div>
  );
}
