// One place that turns every error into the envelope: validation to 400 with `errors`, AppError as thrown, the rest hidden.
// Messages are catalogue references resolved into the request's language, each with its stable code.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_API_LANGUAGE, MSG, localize } from '@topup/contract/messages';
import type { ErrorEnvelope, FieldErrors } from '@topup/contract/envelope';
import { AppError, headlineOf } from '../lib/errors.ts';
import { localizeFields, requestLanguage } from './language.ts';

/** Fastify's own client errors, by their code, as catalogue messages (their English texts name internals). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.badRequest,
  FST_ERR_BAD_URL: MSG.badRequest,
};

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(request, error.statusCode, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each issue under the field it names; an issue about the whole body (not an object at all: none, a string,
      // an array, null) names no field, so it is the message alone.
      const errors: FieldErrors = {};
      let whole: string | undefined;
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const message = issue.message ?? MSG.validationFailed;
        if (field) (errors[field] ??= []).push(message);
        else whole ??= error.validationContext === 'body' && issue.keyword === 'invalid_type' ? MSG.jsonObjectRequired : message;
      }
      const first = whole ?? headlineOf(errors);
      return reply.status(400).send(body(request, 400, first, Object.keys(errors).length ? errors : undefined));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body(request, 500, MSG.serverError));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): ours in the caller's language when
    // we know the code, else theirs, which is safe to show.
    const known = FRAMEWORK_MESSAGES[(error as { code?: string }).code ?? ''];
    return reply.status(status).send(body(request, status, known ?? (error as Error).message));
  });

  // Never repeats the method or path it was given (it would be reflected input); a path that exists under other
  // methods is 405 with Allow, as RFC 9110 asks.
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsAt(app, request.url.split('?')[0]!).filter((m) => m !== request.method);
    if (allowed.length)
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(body(request, 405, MSG.methodNotAllowed));
    return reply.status(404).send(body(request, 404, MSG.routeNotFound));
  });
});

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods routed at this concrete path; the web app's catch-all (`/*`) answers every GET and doesn't count. */
function methodsAt(app: FastifyInstance, path: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    try {
      const found = app.findRoute({ method, url: path });
      return found !== null && !(found.params && '*' in found.params);
    } catch {
      return false;
    }
  });
}

/**
 * Fastify's router refuses some paths before any route or hook runs (an undecodable `%`, a parameter over
 * maxParamLength) with its own error shape, echoing the path. Given as the `frameworkErrors` option, this answers
 * them in the envelope instead, without repeating what the client sent.
 */
export function frameworkErrorHandler(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, MSG.urlTooLong] : [400, MSG.badUrl];
  void reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body(request, status, message)));
}

/**
 * Node's HTTP parser rejects some requests (oversized headers, garbage on the wire, a client too slow to send its
 * headers) before Fastify sees them. Given as `clientErrorHandler`, this answers those in the envelope too.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MSG.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MSG.requestTimeout]
        : [400, 'Bad Request', MSG.requestMalformed];
  // No request to read a language from: the API's default (English), as for clients that send none.
  const { code, text } = localize(message, DEFAULT_API_LANGUAGE, 'error');
  const json = JSON.stringify({ statusCode: status, message: text, code, payLoad: null, payLoadList: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

function body(request: FastifyRequest, statusCode: number, message: string, fields?: FieldErrors): ErrorEnvelope {
  const language = requestLanguage(request);
  const { code, text } = localize(message, language, statusCode >= 500 ? 'serverError' : 'error');
  return { statusCode, message: text, code, payLoad: null, payLoadList: null, ...(fields ? localizeFields(fields, language) : {}) };
}
