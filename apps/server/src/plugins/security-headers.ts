// Security headers (CSP, nosniff, frame and referrer policy, HSTS…) from helmet, computed once at start-up.
// @fastify/helmet rebuilds helmet's middleware on every request (~0.15 ms each, see docs/decisions/0018); our
// headers never vary per request, so they are worked out once and copied onto each reply.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sets the few headers its answers need itself (the realtime hub's text frames). */
    securityHeaders?: boolean;
  }
}

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      scriptSrc: ["'self'"],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** Runs helmet's middleware once against a recording response and returns the headers it set. */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Public images (catalog uploads and their WebP sizes): any site may embed them, e.g. a storefront on another origin. */
const PUBLIC_IMAGE_PATH = /^\/(uploads|img)\//i;

export const securityHeadersPlugin = fp(async (app) => {
  const headers = computeSecurityHeaders();
  const publicImageHeaders = { ...headers, 'cross-origin-resource-policy': 'cross-origin' };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.securityHeaders === false) return done();
    // Screenshots (under /api/v1/files/) keep the strict policy with their signed URLs.
    reply.headers(PUBLIC_IMAGE_PATH.test(request.url) ? publicImageHeaders : headers);
    done();
  });
});
