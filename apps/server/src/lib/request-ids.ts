// Request ids as Fastify makes them (`req-<base36 counter>`), from one counter shared by Fastify and the catalog's
// fast path (lib/catalog-fast-path.ts), so ids in the request log stay unique whichever path answered.
// Capped at the largest small integer, as Fastify's own: beyond it V8 would store the counter as a float.
const MAX_SMI = 2147483647;
let next = 0;

export function nextRequestId(): string {
  next = (next + 1) & MAX_SMI;
  return `req-${next.toString(36)}`;
}
