// The language of each request (Accept-Language: mm or en, English when absent) and the one place that turns
// catalogue references (packages/contract/src/messages.ts) in an answer's `message` into that language's text
// with its stable `code` beside it. Error answers are localized by the error handler with the same function.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { languageFromHeader, localize, type Language } from '@topup/contract/messages';
import type { FieldErrors } from '@topup/contract/envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** mm or en, from Accept-Language. */
    readonly language: Language;
  }
}

const LANGUAGE = Symbol('language');

export function requestLanguage(request: FastifyRequest): Language {
  const cached = (request as unknown as Record<symbol, Language | undefined>)[LANGUAGE];
  if (cached) return cached;
  const language = languageFromHeader(request.headers['accept-language']);
  (request as unknown as Record<symbol, Language>)[LANGUAGE] = language;
  return language;
}

/** Field errors in a language, with their codes in the same shape. */
export function localizeFields(fields: FieldErrors, language: Language): { errors: FieldErrors; errorCodes: FieldErrors } {
  const errors: FieldErrors = {};
  const errorCodes: FieldErrors = {};
  for (const [field, messages] of Object.entries(fields)) {
    const localized = messages.map((m) => localize(m, language, 'invalid'));
    errors[field] = localized.map((m) => m.text);
    errorCodes[field] = localized.map((m) => m.code);
  }
  return { errors, errorCodes };
}

export const languagePlugin = fp(async (app) => {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return requestLanguage(this);
    },
  });
  // Answers may differ by language: caches must keep them apart. Callback style: it runs on every answer, and a
  // promise per request shows on the catalog's hot path (docs/decisions/0021-request-log.md).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-language/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    }
    done(null, payload);
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!isEnvelope(payload)) return payload;
    const { code, text } = localize(payload.message, requestLanguage(request), payload.code ?? 'message');
    return { ...payload, message: text, code };
  });
});

function isEnvelope(payload: unknown): payload is { message: string; code?: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'statusCode' in payload &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}
