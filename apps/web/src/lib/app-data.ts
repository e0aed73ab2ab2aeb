// The first screen's data that the server embeds in the HTML (<script type="application/json" id="app-data">,
// written by apps/server/src/first-screen/pages.ts), read once so the first paint needs no API round trip.
import type { AppData } from '@topup/contract/app-data';

export type { AppData };

let cached: AppData | null | undefined;
/** The address the data was rendered for: only a page at that address may use it. */
let renderedFor: string | null = null;

export function readAppData(): AppData | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    const text = typeof document !== 'undefined' ? document.getElementById('app-data')?.textContent : null;
    if (text) cached = JSON.parse(text) as AppData;
    renderedFor = typeof location !== 'undefined' ? location.pathname + location.search : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The embedded data, only when it was rendered for this exact address (path and query, e.g. a status page's token). */
export function appDataFor(pathAndQuery: string): AppData | null {
  const data = readAppData();
  return data && renderedFor === pathAndQuery ? data : null;
}

/**
 * The server renders a page (entry-server.tsx) with that request's data. Rendering is synchronous (renderToString,
 * with the page's chunks loaded beforehand), so no other request can see this data while it is set.
 */
export function withAppData<T>(data: AppData, address: string, render: () => T): T {
  const saved = { cached, renderedFor };
  cached = data;
  renderedFor = address;
  try {
    return render();
  } finally {
    ({ cached, renderedFor } = saved);
  }
}

/** Tests replace the embedded data (and the address it was rendered for). */
export function setAppDataForTest(data: AppData | null, address: string | null = null): void {
  cached = data;
  renderedFor = address;
}
