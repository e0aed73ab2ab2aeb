// Pieces of the HTML answer: escaping for attributes and for JSON inside <script>, meta text on one line, the first
// image's preload, and index.html cut where the head tags, the first screen's markup and the data go.
import { IMAGE_SLOTS, slotSrcSet } from '@topup/contract/images';
import type { Language } from '@topup/contract/messages';

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
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

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

const ROOT_OPEN_TAG = '<div id="root">';
const ROOT_ELEMENT = `${ROOT_OPEN_TAG}</div>`;

/** index.html cut where the head tags, the first screen's markup and the data go. */
export type Template = { before: string; beforeRoot: string; afterRoot: string; tail: string };

export function splitTemplate(html: string): Template {
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
export function withDocumentLanguage(before: string, language: Language): string {
  return language === 'en' ? before.replace(/<html lang="my"/, '<html lang="en"') : before;
}

export function styleElement(href: string, css: string, firstScreen = false): string {
  return `<style data-href="${href}"${firstScreen ? ' data-first-screen' : ''}>${css}</style>`;
}
