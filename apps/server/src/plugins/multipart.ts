// @fastify/multipart with its per-request hooks only on the routes that read a multipart body (`config.multipart`).
// The package adds an async onRequest (a 'close' listener on every response) and an async onResponse to EVERY route,
// to delete the temporary files of its disk mode (`saveRequestFiles`). This app reads parts into memory and never
// saves them to disk, so on a catalog read those hooks were two promises and a listener for nothing
// (docs/decisions/0019-performance-budgets.md). The routes that take multipart bodies keep them exactly as before.
import fp from 'fastify-plugin';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

type ScopedHook = 'onRequest' | 'onResponse';
const SCOPED: readonly string[] = ['onRequest', 'onResponse'] satisfies ScopedHook[];

export const multipartPlugin = fp<FastifyMultipartOptions>(async (app, options) => {
  const held: Record<ScopedHook, unknown[]> = { onRequest: [], onResponse: [] };
  // The package is itself a fastify-plugin, so it adds its hooks to this very instance while it registers: hold
  // back the two per-request ones and hand every other call on unchanged.
  const addHook = app.addHook;
  (app as { addHook: unknown }).addHook = function (this: FastifyInstance, name: string, hook: unknown) {
    if (SCOPED.includes(name)) {
      held[name as ScopedHook].push(hook);
      return this;
    }
    return (addHook as (name: string, hook: unknown) => FastifyInstance).call(this, name, hook);
  };
  try {
    await app.register(multipart, options);
  } finally {
    app.addHook = addHook;
  }
  app.addHook('onRoute', (route) => {
    if (!route.config?.multipart) return;
    for (const name of SCOPED as ScopedHook[]) {
      if (held[name].length === 0) continue;
      const existing = route[name] ? [route[name]].flat() : [];
      (route as Record<ScopedHook, unknown>)[name] = [...existing, ...held[name]];
    }
  });
});
