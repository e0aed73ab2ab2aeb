// Serves the built web app: hashed assets with long caching, and an HTML page for every page route (the SPA decides).
// The pages themselves, with their first screen, come from the first-screen area (first-screen/pages.ts); this
// plugin only routes to them and says how each answer may be cached. Not built (no pages): nothing is served.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import { MSG } from '@topup/contract/messages';
import type { FirstScreenPages, HtmlPage } from '../first-screen/pages.ts';

export const webAppPlugin = fp<{ webDir: string; pages: FirstScreenPages | null }>(async (app, { webDir, pages }) => {
  if (!pages) return;

  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs); sent by Accept-Encoding
    // with `Vary: accept-encoding`, the file itself to clients that accept neither.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  // The markup's language comes from the app_language cookie, the meta text's also from Accept-Language.
  // A private page holds a buyer's order: never cached anywhere, and the token in the address never sent on as a referrer.
  const send = (reply: FastifyReply, page: HtmlPage) => {
    if (page.private) reply.header('referrer-policy', 'no-referrer');
    return reply
      .status(page.status)
      .header('cache-control', page.private ? 'no-store' : 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => send(reply, await pages.home(request)));

  app.get<{ Params: { id: string } }>('/game/:id', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    send(reply, await pages.game(request, request.params.id)),
  );

  app.get<{ Params: { code: string }; Querystring: { t?: unknown } }>(
    '/order/:code',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const token = typeof request.query.t === 'string' ? request.query.t : undefined;
      return send(reply, await pages.order(request, request.params.code, token));
    },
  );

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.toLowerCase().startsWith('/api/')) {
      return reply.status(404).send({ statusCode: 404, message: MSG.notFound('Page'), payLoad: null, payLoadList: null });
    }
    return send(reply, await pages.shell(request));
  });
});
