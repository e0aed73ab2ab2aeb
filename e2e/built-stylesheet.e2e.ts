// The storefront's inline CSS is cut from the real build's stylesheet (apps/server/src/first-screen/first-screen-css.ts).
// This runs after `npm run build`, like the browser journeys, so it always sees the stylesheet it will cut; no browser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenCss } from '../apps/server/src/first-screen/first-screen-css.ts';

const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

describe('the build stylesheet', () => {
  it('parses, loses only unread custom properties when every class is used, and a page takes a fraction of it', () => {
    const built = readdirSync(assets).find((f) => /^index-.*\.css$/.test(f));
    expect(built, `no index-*.css in ${assets}: run npm run build first`).toBeDefined();
    const full = readFileSync(path.join(assets, built!), 'utf8');
    const sheet = firstScreenCss(full);
    expect(sheet.pruning).toBe(true);
    const every = [...full.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
    const all = sheet.forMarkup(`<div class="${every.join(' ').replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></div>`);
    // Declarations, selectors and at-rule preludes, compared as pieces between braces and semicolons.
    const pieces = (text: string) =>
      new Set(
        text
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .split(/[{};]/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
    const kept = pieces(all);
    const lost = [...pieces(full)].filter((p) => !kept.has(p));
    expect(lost.filter((p) => !/^(--[\w-]+:|@property --|syntax:|inherits:|initial-value:)/.test(p))).toEqual([]);
    expect(sheet.forMarkup('<main class="mx-auto max-w-6xl px-3"></main>').length).toBeLessThan(full.length / 2);
  });
});
