// Why staff cancelled an order: one of a fixed list (the buyer sees it in their language with what to do next),
// with a free note that OTHER requires. Staff pick it when cancelling; clients written to the spec send none.
import { z } from 'zod';
import { MSG } from './messages.ts';

export const CANCEL_REASONS = [
  'AMOUNT_MISMATCH',
  'SCREENSHOT_UNREADABLE',
  'PAYMENT_NOT_RECEIVED',
  'DUPLICATE',
  'WRONG_ACCOUNT_DETAILS',
  'OTHER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Staff's own words for English-speaking staff; buyers get the web app's translations keyed by the reason. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  AMOUNT_MISMATCH: "Amount doesn't match",
  SCREENSHOT_UNREADABLE: 'Screenshot unreadable',
  PAYMENT_NOT_RECEIVED: 'Payment not received',
  DUPLICATE: 'Duplicate order',
  WRONG_ACCOUNT_DETAILS: 'Wrong account details',
  OTHER: 'Other',
};

export const CANCEL_NOTE_MAX = 500;

/** Server messages (references into the bilingual catalogue of messages.ts). */
export const CANCEL_MSG = {
  reason: MSG.cancelReasonInvalid,
  noteRequired: MSG.cancelNoteRequired,
  reasonNeedsCancel: MSG.cancelReasonNeedsCancel,
  noteNeedsReason: MSG.cancelNoteNeedsReason,
} as const;

/** As sent by a form: case and spaces ignored, empty means "not sent". */
export const CancelReasonField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toUpperCase()
          .replace(/[\s-]+/g, '_') || undefined
      : v,
  z.enum(CANCEL_REASONS, { message: CANCEL_MSG.reason }).optional(),
);

export const CancelNoteField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(CANCEL_NOTE_MAX, MSG.tooLong(CANCEL_NOTE_MAX)).optional(),
);
