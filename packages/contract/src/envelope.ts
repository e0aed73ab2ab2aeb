// The response envelope and paging shape every endpoint answers with (docs/api.md).
import { z } from 'zod';
import { PAGE_SIZE, TEXT_LIMITS } from './limits.ts';
import { MSG } from './messages.ts';

export const Paging = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  previousPage: z.number().int().nullable(),
  nextPage: z.number().int().nullable(),
  firstRowOnPage: z.number().int(),
  lastRowOnPage: z.number().int(),
});
export type Paging = z.infer<typeof Paging>;

/** Paging query: 1-based page; a page size above PAGE_SIZE.max is clamped, not refused. */
export const PageQuery = z.object({
  searchTerm: z.string().trim().max(TEXT_LIMITS.searchTerm).optional().default(''),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .catch(PAGE_SIZE.default)
    .default(PAGE_SIZE.default)
    .transform((n) => Math.min(n, PAGE_SIZE.max)),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), paging: Paging });
}
export type Page<T> = { items: T[]; paging: Paging };

export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export function envelope<P extends z.ZodType, L extends z.ZodType = z.ZodNull>(payLoad: P, payLoadList?: L) {
  return z.object({
    statusCode: z.number().int(),
    message: z.string(),
    /** Stable machine code of `message` (additive to the spec's envelope), for clients that map their own texts. */
    code: z.string().optional(),
    payLoad,
    payLoadList: (payLoadList ?? z.null()) as L,
  });
}

export const ErrorEnvelope = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  payLoad: z.null(),
  payLoadList: z.null(),
  errors: FieldErrors.optional(),
  /** The codes of `errors`, field by field and in the same order. */
  errorCodes: FieldErrors.optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export type Envelope<P, L = null> = { statusCode: number; message: string; code?: string; payLoad: P; payLoadList: L };

export const IdParam = z.object({ id: z.uuid() });
export const IdPayload = z.object({ id: z.string() });

/** Multipart booleans arrive as 'True'/'False'; plain true/false is accepted too. */
export const FormBoolean = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const s = v.trim().toLowerCase();
  if (s === 'true') return true;
  if (s === 'false' || s === '') return false;
  ctx.addIssue({ code: 'custom', message: MSG.mustBeBoolean });
  return z.NEVER;
});
