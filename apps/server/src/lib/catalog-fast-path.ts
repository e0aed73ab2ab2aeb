// The storefront's hottest reads (the public game list and a game's detail, anonymous, from the public cache)
// answered in front of Fastify's router, at about the cost of a bare route (docs/decisions/0401, "catalog at 75 %").
//
// It never makes an answer of its own: it REPLAYS one Fastify made. When a catalog route answers an anonymous request
// from the public cache, it calls `capture()`, which records the status, every header Fastify wrote and the body bytes,
// under the request's target, Accept-Encoding and Accept-Language (all the answer can depend on for such a request).
// A later request with the same three is sent that recording, as long as the cache still holds the very text it was
// made from (so a catalog change or the 5 s expiry ends it at once) — security headers, Vary, Content-Encoding and
// Content-Length included; Node adds Date and the connection headers as it does for Fastify. The request log gets its
// usual line. Anything else goes to Fastify: other methods (HEAD too), a request with credentials (Authorization),
// an Origin (CORS), a body, a long target, an X-Forwarded-For it cannot read exactly as Fastify does, the server
// closing or overloaded, and every target, encoding or language not yet answered by Fastify.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Targets longer than this go to Fastify (recordings are keyed by the target; no unbounded keys). */
const MAX_TARGET_CHARS = 256;
/** Recordings kept at most; cleared whole beyond it (a few per catalog page, language and encoding in practice). */
const MAX_RECORDINGS = 512;
/** A forwarded-for list of plain addresses only: anything else goes to Fastify's own parser. */
const PLAIN_FORWARDED_FOR = /^[0-9A-Fa-f.:]+(?:, ?[0-9A-Fa-f.:]+)*$/;
/** Marks an absent header in a key (an empty header is a different request). */
const ABSENT = '\u0000';

type Recording = { cacheKey: string; body: string; status: number; headers: OutgoingHttpHeaders; bytes: Buffer | string };

export type CatalogFastPathOptions = {
  /** The fresh cached text under a public-cache key (PublicCache.peek). */
  peek(cacheKey: string): string | undefined;
  /** True while every request must go to Fastify (closing, overloaded). */
  busy(): boolean;
  /** Fastify's request-id header (its value is the request's id when present). */
  requestIdHeader: string;
  nextRequestId(): string;
  /** Fastify's trustProxy: the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  /** Writes the request line (plugins/request-log.ts's requestLine), or does nothing when the log is off. */
  logRequest(reqId: string, method: string, path: string, status: number, ms: number, ip: string | undefined): void;
};

export type CatalogFastPath = {
  /** Answers the request and returns true, or returns false and leaves it untouched for Fastify. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Called by a route about to send the cached text `body` (cache key `cacheKey`): records the answer Fastify writes. */
  capture(req: IncomingMessage, res: ServerResponse, cacheKey: string, body: string): void;
  /** Off: every request goes to Fastify (the parity test compares both). */
  enabled: boolean;
};

export function createCatalogFastPath(options: CatalogFastPathOptions): CatalogFastPath {
  const recordings = new Map<string, Recording>();

  /** The key of a request the fast path may answer, or undefined. Also decides what capture() may record. */
  const keyOf = (req: IncomingMessage): string | undefined => {
    if (req.method !== 'GET') return undefined;
    const url = req.url;
    const h = req.headers;
    if (
      url === undefined ||
      url.length > MAX_TARGET_CHARS ||
      h.authorization !== undefined ||
      h.origin !== undefined ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined
    ) {
      return undefined;
    }
    if (options.trustProxy && clientAddress(req, true) === undefined) return undefined;
    return `${url}\n${h['accept-encoding'] ?? ABSENT}\n${h['accept-language'] ?? ABSENT}`;
  };

  const fastPath: CatalogFastPath = {
    enabled: true,
    handle(req, res) {
      if (!fastPath.enabled || recordings.size === 0) return false;
      const key = keyOf(req);
      if (key === undefined) return false;
      const recording = recordings.get(key);
      if (recording === undefined || options.peek(recording.cacheKey) !== recording.body || options.busy()) return false;
      const started = performance.now();
      const reqId = (req.headers[options.requestIdHeader] as string | undefined) || options.nextRequestId();
      res.writeHead(recording.status, recording.headers);
      res.end(recording.bytes);
      const url = req.url!;
      const q = url.indexOf('?');
      const ms = Math.round((performance.now() - started) * 10) / 10;
      options.logRequest(reqId, 'GET', q === -1 ? url : url.slice(0, q), recording.status, ms, clientAddress(req, options.trustProxy));
      return true;
    },
    capture(req, res, cacheKey, body) {
      if (!fastPath.enabled) return;
      const key = keyOf(req);
      if (key === undefined) return;
      let status = 0;
      let headers: OutgoingHttpHeaders | undefined;
      const writeHead = res.writeHead;
      const end = res.end;
      const write = res.write;
      res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
        status = code;
        // Fastify passes its headers as an object; anything set on the raw response before is merged by Node.
        headers = rest.length === 1 && rest[0] !== null && typeof rest[0] === 'object' && !Array.isArray(rest[0]) ? { ...this.getHeaders(), ...(rest[0] as OutgoingHttpHeaders) } : undefined;
        return (writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
      } as ServerResponse['writeHead'];
      // A body written in pieces is not one we can replay.
      res.write = function (this: ServerResponse, ...args: unknown[]) {
        headers = undefined;
        return (write as (...args: unknown[]) => boolean).apply(this, args);
      } as ServerResponse['write'];
      res.end = function (this: ServerResponse, ...args: unknown[]) {
        const chunk = args[0];
        if (status === 200 && headers && (Buffer.isBuffer(chunk) || typeof chunk === 'string')) {
          if (recordings.size >= MAX_RECORDINGS) recordings.clear();
          recordings.set(key, { cacheKey, body, status, headers, bytes: chunk });
        }
        return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse['end'];
    },
  };
  return fastPath;
}

/**
 * The client address as Fastify reports it (request.ip): the socket's peer, or with trustProxy (trust every hop) the
 * first address of X-Forwarded-For. undefined when that header is not a plain list of addresses (Fastify decides).
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-for'];
  if (forwarded === undefined) return req.socket.remoteAddress;
  if (typeof forwarded !== 'string' || !PLAIN_FORWARDED_FOR.test(forwarded)) return undefined;
  const comma = forwarded.indexOf(',');
  return comma === -1 ? forwarded : forwarded.slice(0, comma);
}
