// The storefront's HTML pages, with their first screen already in them: the data as JSON in
// <script type="application/json" id="app-data"> (the CSP allows no inline script that runs; the client reads it into
// TanStack Query), title/description/og:image, a preload of the first image, the page's stylesheet rules inline, and
// the list of the page's chunks (<script type="application/json" id="app-chunks">, fetched by the entry right after
// the first paint), so the first paint needs no API round trip. An unknown or disabled game is answered 404.
// `/order/{code}?t=` (a buyer's private status page) embeds the buyer's view of the order only when code and token
// match; anything else is the API's same "not found" (404).
// Every page carries the shop's settings (name, logo, contacts), so a change shows without a rebuild.
// `/` and `/game/{id}` (and its 404) also carry the first screen's markup, rendered by the web app's own components
// (renderer.ts) in the reader's language; the browser hydrates it. If that renderer is missing or fails, the page
// is the empty shell the browser renders itself (never a 500). The data comes from the modules through
// FirstScreenSources; serving the answers is plugins/web-app.ts's part.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppData } from '@topup/contract/app-data';
import type { GameDetailDto } from '@topup/contract/games';
import { MSG, textOf, type Language } from '@topup/contract/messages';
import type { ShopSettingsDto } from '@topup/contract/shop-settings';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import { firstScreenCss } from './first-screen-css.ts';
import { escapeHtml, jsonForScript, oneLine, preloadLink, splitTemplate, styleElement, withDocumentLanguage } from './html.ts';
import { markupLanguage, pageLanguage } from './page-language.ts';
import { defaultSsrEntry, loadRenderer } from './renderer.ts';
import type { FirstScreenSources } from './sources.ts';
import { PAGE_MODULES, linkedStylesheets, pageChunks, readWebBuild, storefrontClassWords } from './web-build.ts';

/** A page to send: its HTML, its status, and whether it holds a buyer's private data (never stored, no referrer). */
export type HtmlPage = { html: string; status: number; private: boolean };

/** The storefront's pages by address; `shell` is the empty app for every other page route. */
export type FirstScreenPages = {
  home(request: FastifyRequest): Promise<HtmlPage>;
  game(request: FastifyRequest, id: string): Promise<HtmlPage>;
  order(request: FastifyRequest, code: string, token: string | undefined): Promise<HtmlPage>;
  shell(request: FastifyRequest): Promise<HtmlPage>;
};

export type FirstScreenOptions = {
  /** The web app's build (apps/web/dist). */
  webDir: string;
  /** The server renderer of the first screen (default: apps/web/dist-ssr/entry-server.js beside webDir). */
  ssrEntry?: string;
  sources: FirstScreenSources;
  /** The shop's public address, for absolute og:image addresses; else the request's own. */
  publicUrl?: string;
  log: FastifyBaseLogger;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FALLBACK_STORE_NAME = 'Top-up Shop';

type Markup = { html: string; language: Language };

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

/** The pages of the web build in `webDir`; null (and a warning) when the web app is not built. */
export async function loadFirstScreen({ webDir, ssrEntry, sources, publicUrl, log }: FirstScreenOptions): Promise<FirstScreenPages | null> {
  const build = readWebBuild(webDir);
  if (!build) {
    log.warn({ webDir }, 'the web app is not built; run `npm run build`');
    return null;
  }
  const { indexHtml, manifest } = build;
  // Each stylesheet's place in the template is marked; the page fills it with the whole sheet or its first screen's part.
  // Without the storefront's scripts to read (no manifest), no page can be told which rules it will need: all go inline.
  const storefrontWords = storefrontClassWords(manifest, webDir);
  const stylesheets = linkedStylesheets(indexHtml, webDir).map((sheet) => ({
    ...sheet,
    firstScreen: storefrontWords ? firstScreenCss(sheet.css, storefrontWords) : null,
  }));
  let marked = indexHtml;
  stylesheets.forEach((sheet, i) => (marked = marked.replace(sheet.tag, () => `<!--app-style-${i}-->`)));
  const template = splitTemplate(marked);
  for (const sheet of stylesheets)
    if (sheet.firstScreen && !sheet.firstScreen.pruning)
      log.warn({ file: sheet.href }, 'could not parse the stylesheet; pages carry all of it');
  /** `part` of the template with its stylesheets inline: all of each, or for a page with markup the rules it can use. */
  const withStyles = (part: string, markup: Markup | null): string =>
    part.replace(/<!--app-style-(\d+)-->/g, (_, i: string) => {
      const sheet = stylesheets[Number(i)]!;
      return markup && sheet.firstScreen?.pruning
        ? styleElement(sheet.href, sheet.firstScreen.forMarkup(markup.html), true)
        : styleElement(sheet.href, sheet.css);
    });
  const chunks = {
    shell: pageChunks(manifest, PAGE_MODULES.shell, indexHtml),
    home: pageChunks(manifest, PAGE_MODULES.home, indexHtml),
    game: pageChunks(manifest, PAGE_MODULES.game, indexHtml),
    order: pageChunks(manifest, PAGE_MODULES.order, indexHtml),
  };
  const renderPage = await loadRenderer(ssrEntry ?? defaultSsrEntry(webDir), log);

  const absolute = (request: FastifyRequest, url: string | null): string | null => {
    if (!url) return null;
    if (/^https?:\/\//.test(url)) return url;
    const base = publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    return `${base}${url}`;
  };

  /** The shop's settings, or null when the database can't be read (the client then asks the API itself). */
  const settingsFor = async (request: FastifyRequest): Promise<ShopSettingsDto | null> => {
    try {
      return await sources.shopSettings();
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

  const render = (
    request: FastifyRequest,
    meta: PageMeta,
    data: AppData,
    settings: ShopSettingsDto | null,
    markup: Markup | null = null,
  ): string => {
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
  const renderWithMarkup = async (
    request: FastifyRequest,
    meta: PageMeta,
    data: AppData,
    settings: ShopSettingsDto | null,
  ): Promise<string> =>
    render(request, meta, data, settings, await firstScreen(request, settings ? { ...data, shopSettings: settings } : data));

  const page = (html: string, status = 200): HtmlPage => ({ html, status, private: false });
  const privatePage = (html: string, status = 200): HtmlPage => ({ html, status, private: true });
  const defaultDescription = (request: FastifyRequest) => textOf(MSG.shopDescription, pageLanguage(request));

  const plainShell = (request: FastifyRequest, settings: ShopSettingsDto | null) =>
    render(
      request,
      {
        title: settings?.shopName ?? FALLBACK_STORE_NAME,
        description: defaultDescription(request),
        image: null,
        preloadImage: null,
        chunks: chunks.shell,
      },
      { renderedAt: Date.now() },
      settings,
    );

  return {
    async home(request) {
      const settings = await settingsFor(request);
      try {
        const { games, bannerList } = await sources.home();
        const first = bannerList[0] ?? games.items[0];
        const firstImage = first ? (first.bannerImage ?? first.logo) : null;
        const titles = games.items.slice(0, 4).map((g) => g.title);
        const meta = {
          title: settings?.shopName ?? FALLBACK_STORE_NAME,
          description: textOf(titles.length ? MSG.shopDescriptionWithGames(titles) : MSG.shopDescription, pageLanguage(request)),
          image: firstImage,
          preloadImage: firstImage,
          chunks: chunks.home,
        };
        return page(await renderWithMarkup(request, meta, { renderedAt: Date.now(), bannerList, games }, settings));
      } catch (err) {
        // The page still works without its data: the client asks the API itself.
        request.log.error({ err }, 'could not read the home page data');
        return page(plainShell(request, settings));
      }
    },

    async game(request, id) {
      const settings = await settingsFor(request);
      const storeName = settings?.shopName ?? FALLBACK_STORE_NAME;
      let game: GameDetailDto | null;
      try {
        game = UUID.test(id) ? await sources.game(id) : null;
      } catch (err) {
        request.log.error({ err }, 'could not read the game page data');
        return page(plainShell(request, settings));
      }
      if (!game) {
        const meta = { title: storeName, description: defaultDescription(request), image: null, preloadImage: null, chunks: chunks.game };
        return page(await renderWithMarkup(request, meta, { renderedAt: Date.now(), gameId: id, game: null }, settings), 404);
      }
      const meta = {
        title: `${game.title} | ${storeName}`,
        description: game.description || defaultDescription(request),
        image: game.bannerImage ?? game.logo,
        preloadImage: game.logo,
        preloadKind: 'logo' as const,
        chunks: chunks.game,
      };
      return page(await renderWithMarkup(request, meta, { renderedAt: Date.now(), gameId: id, game }, settings));
    },

    async order(request, code, token) {
      const settings = await settingsFor(request);
      // The title names neither the order nor its state: a link preview of a shared link shows only the shop.
      const meta = {
        title: settings?.shopName ?? FALLBACK_STORE_NAME,
        description: defaultDescription(request),
        image: null,
        preloadImage: null,
        chunks: chunks.order,
        noindex: true,
      };
      let order: TrackedOrderDto | null;
      try {
        order = await sources.trackedOrder(code, token);
      } catch (err) {
        request.log.error({ err }, 'could not read the order status page data');
        return privatePage(plainShell(request, settings));
      }
      return privatePage(
        render(request, meta, { renderedAt: Date.now(), trackedCode: code, trackedOrder: order }, settings),
        order ? 200 : 404,
      );
    },

    async shell(request) {
      return page(plainShell(request, await settingsFor(request)));
    },
  };
}
