// Serves stored images: catalog images publicly with long caching, payment screenshots only through signed, expiring URLs.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { PUBLIC_PREFIX, SCREENSHOT_PREFIX } from '../storage/media.ts';
import { createVariantMaker, VARIANT_PREFIX, VARIANT_WIDTHS } from '../storage/image-variants.ts';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };

export const uploadsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  await app.register(fastifyStatic, {
    root: ctx.media.storage.roots.public,
    prefix: PUBLIC_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Names are new for every upload, so a file never changes under its name.
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => res.header('x-content-type-options', 'nosniff'),
  });

  // /img/{width}/{name}: the catalog image `name` as WebP at most `width` pixels wide.
  const variants = createVariantMaker(ctx.media.storage.roots.public, ctx.imageWork);
  app.get<{ Params: { width: string; name: string } }>(`${VARIANT_PREFIX}:width/:name`, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const width = Number(request.params.width);
      if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) throw AppError.notFound('Image size');
      const source = await ctx.media.storage.locate('public', request.params.name);
      if (!source) throw AppError.notFound('Image');
      const file = await variants.variant(source, request.params.name, width);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  });

  app.get<{ Params: { name: string }; Querystring: { expires?: string; sig?: string } }>(`${SCREENSHOT_PREFIX}:name`, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params;
      const expires = Number(request.query.expires);
      if (!ctx.signer.verify(name, expires, request.query.sig ?? '')) throw new AppError(403, MSG.linkExpired);
      const file = await ctx.media.storage.locate('private', name);
      if (!file) throw AppError.notFound('Screenshot');
      const maxAge = Math.max(0, Math.floor((expires - Date.now()) / 1000));
      return reply
        .header('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream')
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        // A screenshot is served before its re-encoding too (docs/decisions/0702-unprocessed-screenshots.md): even
        // a file a browser did render as a document could run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', 'inline')
        // The signature is the protection: a dashboard on another origin may show the receipt (docs/decisions/1105).
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(createReadStream(file));
    },
  });
});
