// Turns zod issues into the envelope's `errors` object: field name to its messages.
import type { z } from 'zod';
import type { FieldErrors } from '@topup/contract/envelope';

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
