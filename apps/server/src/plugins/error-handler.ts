// One place that turns every error into the envelope: validation to 400 with `errors`, AppError as thrown, the rest hidden.
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@topup/contract/messages';
import type { ErrorEnvelope, FieldErrors } from '@topup/contract/envelope';
import { AppError } from '../lib/errors.ts';

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.issue && (issue.params.issue as { path?: unknown[] }).path?.join('.')) || '_';
        (errors[field] ??= []).push(issue.message ?? MSG.validationFailed);
      }
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.status(400).send(body(400, first, errors));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body(500, 'Something went wrong. Please try again.'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their messages are safe to show.
    return reply.status(status).send(body(status, (error as Error).message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found.`));
  });
});

function body(statusCode: number, message: string, errors?: FieldErrors): ErrorEnvelope {
  return { statusCode, message, payLoad: null, payLoadList: null, ...(errors ? { errors } : {}) };
}
