// Serves stored images, read through the file storage (a local folder or a shared bucket): catalog images publicly
// with long caching, payment screenshots only through signed, expiring URLs.
import fp from 'fastify-plugin';
import { createReadStream } from 'node:fs';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { contentTypeOf, isStoredName } from '../storage/file-storage.ts';
import type { ImageExt } from '../storage/images.ts';
import { PUBLIC_PREFIX, SCREENSHOT_PREFIX } from '../storage/media.ts';
import { stripMetadata } from '../storage/strip-metadata.ts';
import { VARIANT_PREFIX, VARIANT_WIDTHS } from '../storage/image-variants.ts';

/** Names are new for every upload, so a file never changes under its name: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const uploadsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const { storage, variants } = ctx.media;

  // /uploads/{name}: a catalog image as stored. The name is its validator too: a client that has it has these bytes.
  app.get<{ Params: { name: string } }>(`${PUBLIC_PREFIX}:name`, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params;
      if (!isStoredName(name)) throw AppError.notFound('Image');
      const etag = `"${name}"`;
      reply.header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const data = await storage.read('public', name);
      if (!data) throw AppError.notFound('Image');
      return reply.header('content-type', contentTypeOf(name)).send(data);
    },
  });

  // /img/{width}/{name}: the catalog image `name` as WebP at most `width` pixels wide.
  app.get<{ Params: { width: string; name: string } }>(`${VARIANT_PREFIX}:width/:name`, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const width = Number(request.params.width);
      if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) throw AppError.notFound('Image size');
      const file = await variants.variant(request.params.name, width);
      if (!file) throw AppError.notFound('Image');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
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
      const stored = await storage.read('private', name);
      // Cleaned again on the way out (a byte walk, well under a millisecond): a file stored before placement dropped
      // metadata, or put back by a restore, is never shown with its EXIF. One that can't be cleaned is not shown.
      const data = stored && stripMetadata(name.slice(name.lastIndexOf('.') + 1) as ImageExt, stored);
      if (!data) throw AppError.notFound('Screenshot');
      const maxAge = Math.max(0, Math.floor((expires - Date.now()) / 1000));
      return (
        reply
          .header('content-type', contentTypeOf(name))
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('x-content-type-options', 'nosniff')
          // A screenshot is served before its re-encoding too (its metadata dropped, docs/decisions/0075):
          // even a file a browser did render as a document could run nothing and reach nothing.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .header('content-disposition', 'inline')
          // The signature is the protection: a dashboard on another origin may show the receipt (docs/decisions/0081).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(data)
      );
    },
  });
});
