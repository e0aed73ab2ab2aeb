// The whole stylesheet, for the routes outside the storefront (staff sign-in, dashboard). The server-rendered
// storefront pages carry inline only the CSS rules that the storefront's code can use (`<style data-first-screen>`,
// apps/server/src/first-screen/first-screen-css.ts), so a buyer never downloads the staff pages' rules:
// - `holdWholeStylesheet` (the entry, before the app loads) links the file *disabled*, which the browser doesn't fetch.
//   Vite's loader, which otherwise fetches the app's stylesheet before every lazy chunk, sees the link and leaves it.
// - `wholeStylesheet` (a staff route, before it renders) enables it and waits until it has loaded.
// Elsewhere (pages that carry all of the CSS, the dev server, the server's renderer) there is nothing to do.

const MARK = 'data-whole-stylesheet';

export function holdWholeStylesheet(): void {
  const href = document.querySelector<HTMLStyleElement>('style[data-first-screen][data-href]')?.dataset.href;
  if (!href || document.querySelector(`link[${MARK}]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.disabled = true;
  link.setAttribute(MARK, '');
  document.head.appendChild(link);
}

let loading: Promise<void> | null = null;

export function wholeStylesheet(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const link = document.querySelector<HTMLLinkElement>(`link[${MARK}]`);
  if (!link?.disabled) return loading ?? Promise.resolve();
  loading = new Promise<void>((resolve) => {
    // An error still lets the page render (unstyled rather than never).
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.disabled = false;
  });
  return loading;
}
