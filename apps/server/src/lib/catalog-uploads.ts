// Shared by the game and token-package forms: one validation answer for text fields and required files,
// and storing several uploaded images so that a failure part-way leaves none of them behind.
import type { ZodType, z } from 'zod';
import type { FieldErrors } from '@topup/contract/envelope';
import type { AppContext } from '../context.ts';
import { AppError, headlineOf } from './errors.ts';
import { parseFields } from './multipart-form.ts';

/**
 * Parses the text fields and checks the required files together, so the admin's dialog can show every
 * problem at once. `required` maps a file field to the message used when it is missing.
 */
export function parseFormWithFiles<S extends ZodType>(
  schema: S,
  fields: Record<string, string>,
  files: Record<string, Buffer>,
  required: Record<string, string> = {},
): z.output<S> {
  let errors: FieldErrors = {};
  let parsed: z.output<S> | undefined;
  try {
    parsed = parseFields(schema, fields);
  } catch (err) {
    if (!(err instanceof AppError) || !err.fields) throw err;
    errors = { ...err.fields };
  }
  for (const [field, message] of Object.entries(required)) {
    if (!files[field]) errors[field] = [message];
  }
  if (Object.keys(errors).length > 0) throw AppError.badRequest(headlineOf(errors), errors);
  return parsed as z.output<S>;
}

/** Throws the field error of the first required file that is missing (services check again what routes checked). */
export function requireFiles(files: Record<string, Buffer | undefined>, required: Record<string, string>): void {
  for (const [field, message] of Object.entries(required)) {
    if (!files[field]) throw AppError.field(field, message);
  }
}

/**
 * Checks, re-encodes and stores each uploaded image of `fields` in the public bucket. Returns field name to
 * stored name for the files that came. If any image is refused, the others already stored are discarded.
 */
export async function storePublicUploads(
  ctx: AppContext,
  files: Record<string, Buffer | undefined>,
  fields: readonly string[],
): Promise<Record<string, string>> {
  const present = fields.filter((f) => files[f]);
  const results = await Promise.allSettled(present.map((f) => ctx.media.storeImage('public', f, files[f]!)));
  const stored: Record<string, string> = {};
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') stored[present[i]!] = r.value;
  });
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await ctx.media.discard('public', Object.values(stored));
    throw failed.reason;
  }
  return stored;
}
