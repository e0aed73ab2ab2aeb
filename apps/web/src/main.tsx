// The browser's entry: the stylesheet, then, once the page has painted, the page's code and the app (boot.tsx).
// The server-rendered first screen (docs/decisions/0023-first-paint-on-a-phone.md) thus paints before any of the
// app's script is fetched or evaluated: on a slow phone the first screen's image and fonts get the bandwidth first,
// and evaluating the app (even from cache) never holds up that paint. The server lists the page's chunks in
// #app-chunks; all are requested at once, so nothing waits on a chain of imports. The storefront's pages carry only
// the storefront's CSS rules inline, and the whole stylesheet waits until a staff page needs it (lib/whole-stylesheet.ts).
import './styles.css';
import { holdWholeStylesheet } from './lib/whole-stylesheet';

/** Resolves after the browser has painted a frame (or soon, in a tab opened in the background, which paints none). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

function fetchPageChunks(): void {
  let files: unknown = [];
  try {
    files = JSON.parse(document.getElementById('app-chunks')?.textContent ?? '[]');
  } catch {
    // No list (dev server) or a broken one: the imports below still fetch what they need, only in a chain.
  }
  for (const href of Array.isArray(files) ? files : []) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

void afterNextPaint().then(() => {
  holdWholeStylesheet();
  fetchPageChunks();
  return import('./boot');
});
