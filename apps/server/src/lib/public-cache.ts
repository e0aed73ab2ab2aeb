// The public catalog (game list, banners, game detail, packages, payment accounts) as ready-made JSON, shared by
// every anonymous buyer: the storefront's busiest calls skip the database and serialisation.
// Any catalog change on this instance clears it at once; other instances see a change within TTL_MS.
import type { z } from 'zod';

const TTL_MS = 5000;
const MAX_ENTRIES = 500;

export type PublicCache = {
  /** The JSON text of `schema`-checked `produce()`, from the cache while fresh. A failure is not cached. */
  json<S extends z.ZodType>(key: string, schema: S, produce: () => Promise<z.input<S>>): Promise<string>;
  /** The fresh JSON text under `key`, if there is one: lets a hot route answer without a promise. */
  peek(key: string): string | undefined;
  clear(): void;
};

export function createPublicCache(now: () => number = Date.now): PublicCache {
  const entries = new Map<string, { expires: number; body: string }>();
  // A value produced before a clear() must not be stored after it.
  let generation = 0;
  return {
    async json(key, schema, produce) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.body;
      const started = generation;
      const body = JSON.stringify(schema.parse(await produce()));
      if (started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { expires: now() + TTL_MS, body });
      }
      return body;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.expires > now() ? hit.body : undefined;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

/** Requests that change what the public catalog shows. */
export function changesCatalog(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && /^\/api\/v1\/(game|tokenpackage|configsetting)(\/|\?|$)/i.test(url);
}
