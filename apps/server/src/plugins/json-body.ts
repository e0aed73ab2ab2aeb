// Routes that validate a JSON body take JSON only. Fastify would parse a text/plain body into a string and leave a
// multipart one unread, and validation then complained about "the body" with no field to name; refusing the
// content type before the body is read answers what is actually wrong: 415, "must be JSON".
// Multipart routes (`config.multipart`) read their own body and say so themselves (lib/multipart-form.ts).
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@topup/contract/messages';
import { AppError } from '../lib/errors.ts';

const JSON_TYPE = 'application/json';

/** The media type of a Content-Type header, without parameters, lowercased. */
const mediaTypeOf = (header: string): string => header.split(';', 1)[0]!.trim().toLowerCase();

export const jsonBodyPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body || route.config?.multipart) return;
    // preParsing: after the sign-in check (an anonymous caller learns nothing about the route), before the body is read.
    const requireJson = <P>(request: FastifyRequest, _reply: FastifyReply, payload: P, done: (err: Error | null, payload?: P) => void) => {
      const type = request.headers['content-type'];
      // No Content-Type: no body was sent; validation answers that the body is missing.
      if (type === undefined || mediaTypeOf(type) === JSON_TYPE) return done(null, payload);
      done(new AppError(415, MSG.jsonRequired));
    };
    route.preParsing = [...(route.preParsing ? [route.preParsing].flat() : []), requireJson];
  });
});
