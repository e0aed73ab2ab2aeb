// Compressed answers for phones on slow networks. Three paths, cheapest first:
// - built web assets: `.br`/`.gz` files written at build time, sent as they are (plugins/web-app.ts, @fastify/static);
// - the public catalog's ready-made JSON (sendJsonText): compressed once per cached text and kept beside it, so the
//   storefront's busiest calls cost no compression CPU (docs/decisions/0020-compressed-delivery.md), with an ETag
//   so a phone that already holds the text gets a 304;
// - every other text answer of 1 KB or more (HTML pages, admin JSON): @fastify/compress, brotli at quality 4 (about
//   gzip -6's speed, smaller output) or gzip, chosen by the request's Accept-Encoding.
// Request bodies are never decompressed (no zip bombs through uploads or JSON).
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Speed-appropriate per-request brotli quality (11, the maximum, is for build time only). */
export const BROTLI_QUALITY = 4;
/** Text types worth compressing; images, fonts, audio and octet streams are sent as they are. */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';

/** The encoding a client prefers among ours, or null. Brotli wins ties; q=0 refuses. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const candidates: Encoding[] = name === '*' ? ['br', 'gzip'] : name === 'br' || name === 'gzip' ? [name] : [];
    for (const c of candidates) {
      if (q > bestQ || (q === bestQ && c === 'br' && best !== 'br')) {
        best = c;
        bestQ = q;
      }
    }
  }
  return best;
}

/** Browsers send a handful of distinct Accept-Encoding strings: parse each once. */
const encodingMemo = new Map<string, Encoding | null>();
function encodingFor(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string') return pickEncoding(header);
  let encoding = encodingMemo.get(header);
  if (encoding === undefined) {
    encoding = pickEncoding(header);
    if (encodingMemo.size >= 64) encodingMemo.clear();
    encodingMemo.set(header, encoding);
  }
  return encoding;
}

/** Compressed copies of recently sent cached texts. Keys are the cache's own string objects, so a lookup reuses
 * the string's stored hash and compares by identity: no rehash of the body per request. Bounded; cleared whole. */
const MEMO_MAX = 256;
type MemoEntry = Partial<Record<Encoding, Buffer>> & { etag?: string };
const memo = new Map<string, MemoEntry>();

function memoOf(body: string): MemoEntry {
  let entry = memo.get(body);
  if (!entry) {
    if (memo.size >= MEMO_MAX) memo.clear();
    entry = {};
    memo.set(body, entry);
  }
  return entry;
}

/** A validator of the text, made once per cached text. Weak: the brotli, gzip and plain bytes share it. */
function etagOf(body: string): string {
  const entry = memoOf(body);
  return (entry.etag ??= `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`);
}

/** Whether an If-None-Match header names `etag` (or `*`), by weak comparison as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function compressedText(body: string, encoding: Encoding): Buffer {
  const entry = memoOf(body);
  let out = entry[encoding];
  if (!out) {
    const data = Buffer.from(body);
    out =
      encoding === 'br'
        ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
        : gzipSync(data, { level: 9 });
    entry[encoding] = out;
  }
  return out;
}

/**
 * Sends text that is reused across requests (the public cache's JSON) compressed once: the first request pays for
 * the best compression, every later one sends the stored bytes. Small bodies and clients without br/gzip get text.
 */
export function sendReusedText(reply: FastifyReply, body: string, contentType: string) {
  reply.type(contentType);
  // The same text for every anonymous buyer: a phone that has it already gets a 304 instead of the bytes again.
  // `no-cache` makes it ask each time, so a change an owner makes shows on the next load.
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'public, no-cache');
  if (body.length >= COMPRESS_THRESHOLD_BYTES) appendVary(reply, 'accept-encoding');
  if (matchesEtag(reply.request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body);
  const encoding = encodingFor(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressedText(body, encoding));
}

/** Adds a name to Vary without dropping what others put there (CORS adds Origin). */
export function appendVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : current === undefined ? '' : String(current))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === name)) return;
  reply.header('vary', [...list, name].join(', '));
}

export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
});
