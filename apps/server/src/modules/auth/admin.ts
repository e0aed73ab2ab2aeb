// Who is signed in, as every module sees it: set on the request by plugins/auth.ts.
import { MSG } from '@topup/contract/messages';

export type Role = 'owner' | 'staff';
export type Admin = {
  id: string;
  email: string;
  sessionId: string;
  role: Role;
  twoFactorEnabled: boolean;
  /** When the sign-in session ends (however often its tokens are refreshed); the hub keeps a connection until then. */
  sessionExpiresAt?: string;
};

/** The answer to a staff member on an owner's route. */
export const FORBIDDEN_MESSAGE = MSG.ownerOnly;
