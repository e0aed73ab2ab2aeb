// Serves the built web app: hashed assets with long caching, and index.html for every page route (the SPA decides).
// `/` and `/game/{id}` come with their first screen already in the HTML: the data as JSON in
// <script type="application/json" id="app-data"> (the CSP allows no inline script that runs; the client reads it
// into TanStack Query), title/description/og:image, a preload of the first image, and modulepreload of the page's
// chunks, so the first paint needs no API round trip. An unknown or disabled game is answered 404.
// `/order/{code}?t=` (a buyer's private status page) embeds the buyer's view of the order only when code and token
// match, and is never stored or sent on as a referrer; anything else is the API's same "not found" (404).
// Every HTML answer carries the shop's settings (name, logo, contacts), so a change shows without a rebuild.
import fp from 'fastify-plugin';
import { variantSrcSet } from '@topup/contract/images';
import { MSG, languageFromHeader, textOf, type Language } from '@topup/contract/messages';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { Page } from '@topup/contract/envelope';
import { PAGE_SIZE } from '@topup/contract/limits';
import { AppError } from '../lib/errors.ts';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { bannerList, gameDetail, listGames } from '../modules/games/games.service.ts';
import { getShopSettings } from '../modules/shop-settings/shop-settings.service.ts';
import { findTracked } from '../modules/order-tracking/order-tracking.service.ts';

/** apps/web/dist, found from this file both in src/ (tests, dev) and in the bundled dist/main.js. */
export function defaultWebDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
}

/** What the web app reads from #app-data (apps/web/src/features/catalog/lib/app-data.ts). */
export type AppData = {
  renderedAt: number;
  shopSettings?: ShopSettingsDto;
  bannerList?: GameDto[];
  games?: Page<GameDto>;
  gameId?: string;
  game?: GameDetailDto | null;
  /** The code of /order/{code} as requested, and the buyer's view of that order; `null` when code and token don't match. */
  trackedCode?: string;
  trackedOrder?: TrackedOrderDto | null;
};

/** The route modules each server-rendered page needs (keys of Vite's manifest). */
const PAGE_MODULES = {
  home: ['src/app/routes/storefront-layout.tsx', 'src/app/routes/home.tsx'],
  game: ['src/app/routes/storefront-layout.tsx', 'src/app/routes/game.tsx'],
  // The status page's texts are a lazy namespace: Burmese, the default language, comes with the page.
  order: ['src/app/routes/storefront-layout.tsx', 'src/app/routes/order-status.tsx', 'src/locales/mm/tracking.json'],
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FALLBACK_STORE_NAME = 'Top-up Shop';
/**
 * The language of the page's meta text (link previews, search results): English when the browser prefers it,
 * else Burmese, the storefront's default (crawlers often send no Accept-Language).
 */
function pageLanguage(request: FastifyRequest): Language {
  return request.headers['accept-language'] && languageFromHeader(request.headers['accept-language']) === 'en' ? 'en' : 'mm';
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators that break parsers. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Meta text on one line (titles may hold newlines or U+2028), cut to a length search engines show. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The chunk files a page needs beyond the entry (which index.html already loads), in load order. */
function pageChunks(manifest: Manifest | null, modules: readonly string[], alreadyInHtml: string): string[] {
  if (!manifest) return [];
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.includes(chunk.file)) return;
    for (const dep of chunk.imports ?? []) visit(dep);
    if (!alreadyInHtml.includes(chunk.file)) files.push(chunk.file);
  };
  modules.forEach(visit);
  return files;
}

type Template = { before: string; middle: string; tail: string };

function splitTemplate(html: string): Template {
  const withoutTitle = html.replace(/<title>[^<]*<\/title>\s*/, '');
  const [before, rest = ''] = withoutTitle.split('<!--app-head-->');
  const [middle, tail = ''] = rest.split('<!--app-data-->');
  return { before: before!, middle: middle!, tail };
}

/**
 * The server-rendered pages (`/`, `/game/{id}`) carry their stylesheet inline: on a slow phone network the separate
 * render-blocking CSS request cost a round trip before anything could paint (Lighthouse: ~450 ms). The CSS (~8 KB
 * brotli) rides in the compressed HTML; other routes keep the cached file. Only same-origin files of the build.
 */
export function inlineStylesheets(html: string, webDir: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g, (tag, file: string) => {
    const full = path.join(webDir, file);
    if (!existsSync(full)) return tag;
    const css = readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style data-href="/${file}">${css}</style>`;
  });
}

type PageMeta = {
  title: string;
  description: string;
  image: string | null;
  preloadImage: string | null;
  preloadKind?: 'banner' | 'logo';
  chunks: string[];
  /** A private page: kept out of search engines. */
  noindex?: boolean;
};

/** The preload must ask for the same WebP width the <img srcset> will pick, or the browser downloads twice. */
const PRELOAD_SIZES: Record<'banner' | 'logo', { min: number; max: number; sizes: string }> = {
  banner: { min: 480, max: 1280, sizes: '(min-width: 1152px) 1152px, 100vw' },
  logo: { min: 96, max: 320, sizes: '(min-width: 640px) 112px, 80px' },
};

function preloadLink(url: string, kind: 'banner' | 'logo'): string {
  const { min, max, sizes } = PRELOAD_SIZES[kind];
  const srcset = variantSrcSet(url, min, max);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${responsive} fetchpriority="high" />`;
}

export const webAppPlugin = fp<{ webDir: string }>(async (app, { webDir }) => {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'the web app is not built; run `npm run build`');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  const template = splitTemplate(inlineStylesheets(indexHtml, webDir));
  const chunks = {
    home: pageChunks(manifest, PAGE_MODULES.home, indexHtml),
    game: pageChunks(manifest, PAGE_MODULES.game, indexHtml),
    order: pageChunks(manifest, PAGE_MODULES.order, indexHtml),
  };
  const ctx = app.ctx;

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

  const absolute = (request: FastifyRequest, url: string | null): string | null => {
    if (!url) return null;
    if (/^https?:\/\//.test(url)) return url;
    const base = ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    return `${base}${url}`;
  };

  /** The shop's settings, or null when the database can't be read (the client then asks the API itself). */
  const settingsFor = async (request: FastifyRequest): Promise<ShopSettingsDto | null> => {
    try {
      return await getShopSettings(ctx);
    } catch (err) {
      request.log.error({ err }, 'could not read the shop settings');
      return null;
    }
  };

  const render = (request: FastifyRequest, meta: PageMeta, data: AppData, settings: ShopSettingsDto | null): string => {
    const storeName = settings?.shopName ?? FALLBACK_STORE_NAME;
    if (settings) data = { ...data, shopSettings: settings };
    const title = escapeHtml(oneLine(meta.title, 120));
    const description = escapeHtml(oneLine(meta.description, 300));
    const image = absolute(request, meta.image);
    const head = [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}" />`,
      meta.noindex ? `<meta name="robots" content="noindex" />` : '',
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(storeName)}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
      image ? `<meta name="twitter:card" content="summary_large_image" />` : '',
      meta.preloadImage ? preloadLink(meta.preloadImage, meta.preloadKind ?? 'banner') : '',
      ...meta.chunks.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ]
      .filter(Boolean)
      .join('\n    ');
    const script = `<script type="application/json" id="app-data">${jsonForScript(data)}</script>`;
    return `${template.before}${head}${template.middle}${script}${template.tail}`;
  };

  const sendHtml = (reply: FastifyReply, html: string, status = 200, cacheControl = 'no-cache') =>
    reply.status(status).header('cache-control', cacheControl).header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
  const sendPrivateHtml = (reply: FastifyReply, html: string, status = 200) =>
    sendHtml(reply.header('referrer-policy', 'no-referrer'), html, status, 'no-store');
  const defaultDescription = (request: FastifyRequest) => textOf(MSG.shopDescription, pageLanguage(request));

  const plainShell = (request: FastifyRequest, settings: ShopSettingsDto | null) =>
    render(
      request,
      { title: settings?.shopName ?? FALLBACK_STORE_NAME, description: defaultDescription(request), image: null, preloadImage: null, chunks: [] },
      { renderedAt: Date.now() },
      settings,
    );

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const settings = await settingsFor(request);
    try {
      const [games, banners] = await Promise.all([
        listGames(ctx, { searchTerm: '', currentPage: 1, pageSize: PAGE_SIZE.games }, null),
        bannerList(ctx),
      ]);
      const first = banners[0] ?? games.items[0];
      const firstImage = first ? (first.bannerImage ?? first.logo) : null;
      const titles = games.items.slice(0, 4).map((g) => g.title);
      return sendHtml(
        reply,
        render(
          request,
          {
            title: settings?.shopName ?? FALLBACK_STORE_NAME,
            description: textOf(titles.length ? MSG.shopDescriptionWithGames(titles) : MSG.shopDescription, pageLanguage(request)),
            image: firstImage,
            preloadImage: firstImage,
            chunks: chunks.home,
          },
          { renderedAt: Date.now(), bannerList: banners, games },
          settings,
        ),
      );
    } catch (err) {
      // The page still works without its data: the client asks the API itself.
      request.log.error({ err }, 'could not read the home page data');
      return sendHtml(reply, plainShell(request, settings));
    }
  });

  app.get<{ Params: { id: string } }>('/game/:id', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const id = request.params.id;
    const settings = await settingsFor(request);
    const storeName = settings?.shopName ?? FALLBACK_STORE_NAME;
    let game: GameDetailDto | null = null;
    try {
      game = UUID.test(id) ? await gameDetail(ctx, id, null) : null;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 404)) {
        request.log.error({ err }, 'could not read the game page data');
        return sendHtml(reply, plainShell(request, settings));
      }
    }
    if (!game) {
      const meta = { title: storeName, description: defaultDescription(request), image: null, preloadImage: null, chunks: chunks.game };
      return sendHtml(reply, render(request, meta, { renderedAt: Date.now(), gameId: id, game: null }, settings), 404);
    }
    const meta = {
      title: `${game.title} | ${storeName}`,
      description: game.description || defaultDescription(request),
      image: game.bannerImage ?? game.logo,
      preloadImage: game.logo,
      preloadKind: 'logo' as const,
      chunks: chunks.game,
    };
    return sendHtml(reply, render(request, meta, { renderedAt: Date.now(), gameId: id, game }, settings));
  });

  // The HTML holds the buyer's order: never cached anywhere, and the token in the address never sent on as a referrer.
  app.get<{ Params: { code: string }; Querystring: { t?: unknown } }>('/order/:code', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const settings = await settingsFor(request);
    // The title names neither the order nor its state: a link preview of a shared link shows only the shop.
    const meta = { title: settings?.shopName ?? FALLBACK_STORE_NAME, description: defaultDescription(request), image: null, preloadImage: null, chunks: chunks.order, noindex: true };
    const code = request.params.code;
    const token = typeof request.query.t === 'string' ? request.query.t : undefined;
    let order: TrackedOrderDto | null = null;
    try {
      ({ order } = await findTracked(ctx, code, token));
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 404)) {
        request.log.error({ err }, 'could not read the order status page data');
        return sendPrivateHtml(reply, plainShell(request, settings));
      }
    }
    return sendPrivateHtml(reply, render(request, meta, { renderedAt: Date.now(), trackedCode: code, trackedOrder: order }, settings), order ? 200 : 404);
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.toLowerCase().startsWith('/api/')) {
      return reply.status(404).send({ statusCode: 404, message: MSG.notFound('Page'), payLoad: null, payLoadList: null });
    }
    return sendHtml(reply, plainShell(request, await settingsFor(request)));
  });
});
