// Serves the built web app: hashed assets with long caching, and index.html for every page route (the SPA decides).
// `/` and `/game/{id}` come with their first screen already in the HTML: the data as JSON in
// <script type="application/json" id="app-data"> (the CSP allows no inline script that runs; the client reads it
// into TanStack Query), title/description/og:image, a preload of the first image, and the list of the page's chunks
// (<script type="application/json" id="app-chunks">, fetched by the entry right after the first paint), so the first
// paint needs no API round trip. An unknown or disabled game is answered 404.
// `/order/{code}?t=` (a buyer's private status page) embeds the buyer's view of the order only when code and token
// match, and is never stored or sent on as a referrer; anything else is the API's same "not found" (404).
// Every HTML answer carries the shop's settings (name, logo, contacts), so a change shows without a rebuild.
// `/` and `/game/{id}` (and its 404) also carry the first screen's markup, rendered by the web app's own components
// (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr) in the reader's language; the browser hydrates it.
// If that renderer is missing or fails, the page is the empty shell the browser renders itself (never a 500).
import fp from 'fastify-plugin';
import { IMAGE_SLOTS, slotSrcSet } from '@topup/contract/images';
import { MSG, languageFromHeader, textOf, type Language } from '@topup/contract/messages';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameDetailDto, GameDto } from '@topup/contract/games';
import type { Page } from '@topup/contract/envelope';
import { PAGE_SIZE } from '@topup/contract/limits';
import { AppError } from '../lib/errors.ts';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { classWordsInScript, firstScreenCss } from './first-screen-css.ts';
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
  /** The language of the server-rendered markup (absent: no markup, the browser renders the page). */
  language?: Language;
};

/** apps/web/src/entry-server.tsx: the markup inside <div id="root"> for a page's address, data and language. */
export type RenderPage = (url: string, data: AppData, language: Language) => Promise<string>;

/** The built renderer beside the web build (apps/web/dist-ssr), if it is there. */
function defaultSsrEntry(webDir: string): string {
  return path.join(webDir, '..', 'dist-ssr', 'entry-server.js');
}

/** The app itself, which the small entry imports once the page has painted (apps/web/src/main.tsx). */
const APP_MODULE = 'src/boot.tsx';

/** The modules each page needs beyond the entry (keys of Vite's manifest): the app and the page's routes. */
const PAGE_MODULES = {
  shell: [APP_MODULE],
  home: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/home.tsx'],
  game: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/game.tsx'],
  // The status page's texts are a lazy namespace: Burmese, the default language, comes with the page.
  order: [APP_MODULE, 'src/app/routes/storefront-layout.tsx', 'src/app/routes/order-status.tsx', 'src/locales/mm/tracking.json'],
} as const;

/**
 * The storefront's routes: the pages a buyer moves between without reloading. Their code (with its imports and its
 * own lazy parts, not boot's other routes) decides which CSS rules the server-rendered pages carry inline; the
 * browser loads the whole stylesheet only for the other routes (staff sign-in and dashboard: app/router.tsx).
 */
const STOREFRONT_MODULES = [
  'index.html',
  APP_MODULE,
  'src/app/routes/storefront-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/game.tsx',
  'src/app/routes/order-status.tsx',
  'src/app/routes/my-orders.tsx',
  'src/app/routes/find-order.tsx',
  'src/app/routes/not-found.tsx',
] as const;

/** The words of the storefront's scripts that may be class names (first-screen-css.ts), from the built files. */
function storefrontClassWords(manifest: Manifest | null, webDir: string): Set<string> | null {
  if (!manifest) return null;
  const seen = new Set<string>();
  const words = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    const file = path.join(webDir, chunk.file);
    if (chunk.file.endsWith('.js') && existsSync(file)) for (const w of classWordsInScript(readFileSync(file, 'utf8'))) words.add(w);
    for (const dep of chunk.imports ?? []) visit(dep);
    // boot's lazy imports are the router's routes: only the storefront's own are listed above.
    if (key !== APP_MODULE) for (const dep of chunk.dynamicImports ?? []) visit(dep);
  };
  STOREFRONT_MODULES.forEach(visit);
  return words;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FALLBACK_STORE_NAME = 'Top-up Shop';
/**
 * The language of the page's meta text (link previews, search results): English when the browser prefers it,
 * else Burmese, the storefront's default (crawlers often send no Accept-Language).
 */
function pageLanguage(request: FastifyRequest): Language {
  const chosen = chosenLanguage(request);
  if (chosen) return chosen;
  return request.headers['accept-language'] && languageFromHeader(request.headers['accept-language']) === 'en' ? 'en' : 'mm';
}

/**
 * The language of the server-rendered markup: the reader's choice, which the web app mirrors from localStorage into
 * the `app_language` cookie (apps/web/src/lib/i18n.ts); else Burmese, the app's default. Not Accept-Language: the
 * app itself doesn't follow it, and the browser would have to re-render a page in another language than its own.
 */
export function markupLanguage(request: FastifyRequest): Language {
  return chosenLanguage(request) ?? 'mm';
}

/** The language the reader chose in the app (the `app_language` cookie), if any. */
function chosenLanguage(request: FastifyRequest): Language | null {
  const value = /(?:^|;\s*)app_language=(mm|en)(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  return value === 'mm' || value === 'en' ? value : null;
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

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

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

const ROOT_OPEN_TAG = '<div id="root">';
const ROOT_ELEMENT = `${ROOT_OPEN_TAG}</div>`;

/** index.html cut where the head tags, the first screen's markup and the data go. */
type Template = { before: string; beforeRoot: string; afterRoot: string; tail: string };

function splitTemplate(html: string): Template {
  const withoutTitle = html.replace(/<title>[^<]*<\/title>\s*/, '');
  const [before, rest = ''] = withoutTitle.split('<!--app-head-->');
  const [middle, tail = ''] = rest.split('<!--app-data-->');
  const at = middle!.indexOf(ROOT_ELEMENT);
  if (at < 0) return { before: before!, beforeRoot: middle!, afterRoot: '', tail };
  // The markup goes between the root's opening and closing tags.
  const inside = at + ROOT_OPEN_TAG.length;
  return { before: before!, beforeRoot: middle!.slice(0, inside), afterRoot: middle!.slice(inside), tail };
}

/** `<html lang>` of the page: the template says Burmese ("my", its ISO code); English pages say so. */
function withDocumentLanguage(before: string, language: Language): string {
  return language === 'en' ? before.replace(/<html lang="my"/, '<html lang="en"') : before;
}

/** A stylesheet of the build that index.html links: the tag, its address, and its text made safe for `<style>`. */
type LinkedStylesheet = { tag: string; href: string; css: string };

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * The build's own stylesheets that `html` links (same-origin files of the build that exist), read once, with any
 * `</style` in them made harmless so that they can't end the `<style>` element early.
 *
 * Every HTML page carries its stylesheets inline: on a slow phone network the separate render-blocking CSS request
 * cost a round trip before anything could paint (Lighthouse: ~450 ms). The pages with server-rendered markup (`/`,
 * `/game/{id}`) carry only the rules that their markup and the storefront's scripts can use (first-screen-css.ts,
 * marked `data-first-screen`): about two thirds of the sheet, the staff pages' rules left out. The browser loads the
 * whole file only if the reader goes on to a staff page (apps/web/src/lib/whole-stylesheet.ts). Other pages carry
 * all of it.
 */
export function linkedStylesheets(html: string, webDir: string): LinkedStylesheet[] {
  const out: LinkedStylesheet[] = [];
  for (const [tag, file] of html.matchAll(STYLESHEET_LINK)) {
    const full = path.join(webDir, file!);
    if (existsSync(full)) out.push({ tag, href: `/${file}`, css: readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style') });
  }
  return out;
}

function styleElement(href: string, css: string, firstScreen = false): string {
  return `<style data-href="${href}"${firstScreen ? ' data-first-screen' : ''}>${css}</style>`;
}

type Markup = { html: string; language: Language };

/** Imports the server renderer; null (and a warning) when it isn't built or can't be loaded: pages are then the shell. */
async function loadRenderer(file: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  if (!existsSync(file)) {
    log.warn({ file }, 'the first-screen renderer is not built; pages are rendered in the browser (run `npm run build`)');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
    if (typeof mod.renderPage !== 'function') throw new Error('no renderPage export');
    return mod.renderPage;
  } catch (err) {
    log.error({ err, file }, 'could not load the first-screen renderer; pages are rendered in the browser');
    return null;
  }
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

/**
 * The preload must ask for the same WebP width the <img srcset> will pick, or the browser downloads twice: both take
 * srcset and sizes from IMAGE_SLOTS (@topup/contract/images).
 */
export function preloadLink(url: string, kind: keyof typeof IMAGE_SLOTS): string {
  const slot = IMAGE_SLOTS[kind];
  const srcset = slotSrcSet(url, slot);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(slot.sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${responsive} fetchpriority="high" />`;
}

export const webAppPlugin = fp<{ webDir: string; ssrEntry?: string }>(async (app, { webDir, ssrEntry }) => {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'the web app is not built; run `npm run build`');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
  // Each stylesheet's place in the template is marked; the page fills it with the whole sheet or its first screen's part.
  // Without the storefront's scripts to read (no manifest), no page can be told which rules it will need: all go inline.
  const storefrontWords = storefrontClassWords(manifest, webDir);
  const stylesheets = linkedStylesheets(indexHtml, webDir).map((sheet) => ({ ...sheet, firstScreen: storefrontWords ? firstScreenCss(sheet.css, storefrontWords) : null }));
  let marked = indexHtml;
  stylesheets.forEach((sheet, i) => (marked = marked.replace(sheet.tag, () => `<!--app-style-${i}-->`)));
  const template = splitTemplate(marked);
  for (const sheet of stylesheets) if (sheet.firstScreen && !sheet.firstScreen.pruning) app.log.warn({ file: sheet.href }, 'could not parse the stylesheet; pages carry all of it');
  /** `part` of the template with its stylesheets inline: all of each, or for a page with markup the rules it can use. */
  const withStyles = (part: string, markup: Markup | null): string =>
    part.replace(/<!--app-style-(\d+)-->/g, (_, i: string) => {
      const sheet = stylesheets[Number(i)]!;
      return markup && sheet.firstScreen?.pruning ? styleElement(sheet.href, sheet.firstScreen.forMarkup(markup.html), true) : styleElement(sheet.href, sheet.css);
    });
  const chunks = {
    shell: pageChunks(manifest, PAGE_MODULES.shell, indexHtml),
    home: pageChunks(manifest, PAGE_MODULES.home, indexHtml),
    game: pageChunks(manifest, PAGE_MODULES.game, indexHtml),
    order: pageChunks(manifest, PAGE_MODULES.order, indexHtml),
  };
  const ctx = app.ctx;
  const renderPage = await loadRenderer(ssrEntry ?? defaultSsrEntry(webDir), app.log);

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

  /**
   * The first screen's markup for a page the server has the data of, or null (the browser then renders it): the
   * renderer is missing, or it failed for this request (logged; the page still works).
   */
  const firstScreen = async (request: FastifyRequest, data: AppData): Promise<Markup | null> => {
    if (!renderPage) return null;
    const language = markupLanguage(request);
    try {
      return { html: await renderPage(request.url, data, language), language };
    } catch (err) {
      request.log.error({ err }, 'could not render the first screen on the server');
      return null;
    }
  };

  const render = (request: FastifyRequest, meta: PageMeta, data: AppData, settings: ShopSettingsDto | null, markup: Markup | null = null): string => {
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
    ]
      .filter(Boolean)
      .join('\n    ');
    if (markup) data = { ...data, language: markup.language };
    // The page's code is not needed for its first paint: the entry fetches these right after it (apps/web/src/main.tsx),
    // so on a slow link the first screen's image and fonts don't share the bandwidth with ~120 KB of script.
    const chunkList = `<script type="application/json" id="app-chunks">${jsonForScript(meta.chunks.map((file) => `/${file}`))}</script>`;
    const script = `${chunkList}<script type="application/json" id="app-data">${jsonForScript(data)}</script>`;
    const before = markup ? withDocumentLanguage(template.before, markup.language) : template.before;
    return `${withStyles(before, markup)}${head}${withStyles(template.beforeRoot, markup)}${markup?.html ?? ''}${template.afterRoot}${script}${template.tail}`;
  };

  /** A page with its first screen rendered on the server (when the renderer can), around the same data as JSON. */
  const renderWithMarkup = async (request: FastifyRequest, meta: PageMeta, data: AppData, settings: ShopSettingsDto | null): Promise<string> =>
    render(request, meta, data, settings, await firstScreen(request, settings ? { ...data, shopSettings: settings } : data));

  // The markup's language comes from the app_language cookie, the meta text's also from Accept-Language.
  const sendHtml = (reply: FastifyReply, html: string, status = 200, cacheControl = 'no-cache') =>
    reply.status(status).header('cache-control', cacheControl).header('vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8').send(html);
  const sendPrivateHtml = (reply: FastifyReply, html: string, status = 200) =>
    sendHtml(reply.header('referrer-policy', 'no-referrer'), html, status, 'no-store');
  const defaultDescription = (request: FastifyRequest) => textOf(MSG.shopDescription, pageLanguage(request));

  const plainShell = (request: FastifyRequest, settings: ShopSettingsDto | null) =>
    render(
      request,
      { title: settings?.shopName ?? FALLBACK_STORE_NAME, description: defaultDescription(request), image: null, preloadImage: null, chunks: chunks.shell },
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
        await renderWithMarkup(
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
      return sendHtml(reply, await renderWithMarkup(request, meta, { renderedAt: Date.now(), gameId: id, game: null }, settings), 404);
    }
    const meta = {
      title: `${game.title} | ${storeName}`,
      description: game.description || defaultDescription(request),
      image: game.bannerImage ?? game.logo,
      preloadImage: game.logo,
      preloadKind: 'logo' as const,
      chunks: chunks.game,
    };
    return sendHtml(reply, await renderWithMarkup(request, meta, { renderedAt: Date.now(), gameId: id, game }, settings));
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
