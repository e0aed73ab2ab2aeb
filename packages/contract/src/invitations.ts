// Invitations: an owner invites by email; the mailed single-use link (48 h) lets the invitee set their own password.
import { z } from 'zod';
import { Email, NewPassword } from './auth.ts';
import { MSG } from './messages.ts';
import { Role } from './users.ts';

export const INVITATION_TTL_HOURS = 48;

/** References into the message catalogue (messages.ts), resolved per request into the caller's language. */
export const INVITATION_MSG = {
  sent: MSG.invitationSent,
  userExists: MSG.invitationUserExists,
  invalid: MSG.invitationInvalid,
  accepted: MSG.invitationAccepted,
  mailFailed: MSG.invitationMailFailed,
} as const;

export const CreateInvitationBody = z.object({
  email: Email,
  role: Role.default('staff'),
  /** The language the mail opens with; it always carries both. */
  language: z.enum(['mm', 'en']).default('mm'),
});
export type CreateInvitationBody = z.input<typeof CreateInvitationBody>;

export const InvitationDto = z.object({ id: z.string(), email: z.string(), role: Role, createdAt: z.string(), expiresAt: z.string() });
export type InvitationDto = z.infer<typeof InvitationDto>;

export const InvitationTokenBody = z.object({ token: z.string().min(1, MSG.required).max(200) });
export type InvitationTokenBody = z.infer<typeof InvitationTokenBody>;

/** What the accept page shows before the invitee chooses a password. */
export const InvitationPreviewDto = z.object({ email: z.string(), role: Role, shopName: z.string(), expiresAt: z.string() });
export type InvitationPreviewDto = z.infer<typeof InvitationPreviewDto>;

export const AcceptInvitationBody = z
  .object({ token: z.string().min(1, MSG.required).max(200), password: NewPassword, confirmPassword: z.string() })
  .refine((b) => b.confirmPassword === b.password, { message: MSG.passwordsMustMatch, path: ['confirmPassword'] });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;
