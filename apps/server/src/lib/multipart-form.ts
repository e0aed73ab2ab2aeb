// Reads a multipart body into text fields and in-memory files, within the limits set on @fastify/multipart.
import type { FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { MSG } from '@topup/contract/messages';
import { AppError, headlineOf } from './errors.ts';
import { zodFieldErrors } from './validation.ts';

export type MultipartForm = { fields: Record<string, string>; files: Record<string, Buffer> };

/** Reads every part; a file is accepted only under one of `fileFields`, once. Empty file parts count as absent. */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, MSG.multipartRequired);
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw AppError.field(part.fieldname, MSG.unexpectedFile(part.fieldname));
        }
        if (files[part.fieldname]) {
          part.file.resume();
          throw AppError.field(part.fieldname, MSG.oneFileOnly);
        }
        const data = await part.toBuffer();
        if (data.length > 0) files[part.fieldname] = data;
      } else if (!(part.fieldname in fields)) {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // PostgreSQL can't hold a NUL in text: refused here for both databases (see plugins/text-guard.ts).
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) {
          throw AppError.field(part.fieldname.replaceAll('\u0000', '') || '_', MSG.nulCharacter);
        }
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw toMultipartError(err);
  }
  return { fields, files };
}

/** Parses the text fields with a contract schema; a failure names each bad field. */
export function parseFields<S extends ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    const errors = zodFieldErrors(result.error);
    throw AppError.badRequest(headlineOf(errors), errors);
  }
  return result.data;
}

function toMultipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, MSG.imageTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, MSG.tooManyParts);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, MSG.multipartRequired);
    default:
      // Anything else raised while the parser reads the body (truncated data, a missing or oversized boundary,
      // broken part headers) is the client's malformed form: the body lives in memory, so no server fault can
      // surface here. Fastify's own coded 4xx errors (prototype keys, bad JSON fields) keep their status.
      if (typeof (err as { statusCode?: unknown })?.statusCode === 'number') return err;
      return AppError.badRequest(MSG.formMalformed);
  }
}

/** How a multipart route's form looks, for the OpenAPI document only (the body is read by readMultipart, not by Fastify). */
export type MultipartDoc = { jsonSchema: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartDoc;
  }
}

export function multipartDoc(fields: z.ZodObject, files: readonly string[]): MultipartDoc {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  const properties: Record<string, unknown> = { ...(schema.properties ?? {}) };
  for (const name of files) properties[name] = { type: 'string', format: 'binary' };
  return { jsonSchema: { ...schema, $schema: undefined, type: 'object', properties } };
}
