// The catalog's fast path (lib/catalog-fast-path.ts) must be invisible: for each cached route, language and encoding,
// the answer it replays equals the answer Fastify gives with it off (status, every header but Date, body bytes), and
// so does its request-log line (but time, id and duration); for odd targets and headers it answers identically or
// leaves the request to Fastify. Over real HTTP: the fast path sits in front of Fastify's request handler.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPaymentAccount, body, buildTestApp, jpeg, multipart, png, type TestApp } from './helpers.ts';

let t: TestApp;
let base: string;
const lines: Record<string, unknown>[] = [];
let fastAnswers = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const gameIds: string[] = [];
afterAll(() => agent.destroy());

type Answer = { status: number; headers: [string, string][]; body: Buffer };

function get(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method: 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The answer through Fastify (fast path off), then the answer with it on after it has seen one; and their log lines. */
async function bothWays(target: string, headers: Record<string, string> = {}) {
  const fastPath = t.app.ctx.catalogFastPath;
  fastPath.enabled = false;
  await get(target, headers);
  lines.length = 0;
  const viaFastify = await get(target, headers);
  const fastifyLine = lines.find((l) => l.msg === 'request');
  fastPath.enabled = true;
  await get(target, headers);
  const before = fastAnswers;
  lines.length = 0;
  const viaFastPath = await get(target, headers);
  const fastLine = lines.find((l) => l.msg === 'request');
  return { viaFastify, viaFastPath, answeredFast: fastAnswers > before, fastifyLine, fastLine };
}

const comparable = (line: Record<string, unknown> | undefined) => {
  if (!line) return line;
  const { time: _time, reqId: _reqId, ms: _ms, ...rest } = line;
  return rest;
};

describe.each([false, true])('catalog fast path (TRUST_PROXY=%s)', (trustProxy) => {
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info', TRUST_PROXY: String(trustProxy) }, { build: { logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } } });
    await addPaymentAccount(t);
    // Count the answers the fast path gives (the server calls it through the context for every request).
    const fastPath = t.app.ctx.catalogFastPath;
    const handle = fastPath.handle.bind(fastPath);
    fastPath.handle = (req, res) => {
      const answered = handle(req, res);
      if (answered) fastAnswers++;
      return answered;
    };
    // A long description (compressed answers) and a short one (below the compression threshold).
    for (const [title, description] of [
      ['Fast Path Long', 'Diamonds for every hero. '.repeat(80)],
      ['Fast Path Short', 'Short.'],
    ] as const) {
      const form = multipart(
        { title, description, orderIndex: '1', serverType: 'ZONEID', isDisable: 'False', logo: '', bannerImage: '' },
        { file_Logo: { data: await png() }, file_GameProfileImage: { data: await jpeg() }, file_BannerImage: { data: await png(120, 40) } },
      );
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/Game', headers: { ...form.headers, ...t.auth }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(201);
      gameIds.push(body<{ id: string }>(res).payLoad.id);
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    gameIds.length = 0;
  });

    const encodings = [undefined, 'gzip, deflate, br', 'gzip', 'identity', 'br;q=0, gzip;q=0.5'];
    const languages = [undefined, 'mm', 'en-US,en;q=0.9', 'my-MM'];

    it('replays exactly what Fastify sends for each cached route, language and encoding', async () => {
      const targets = ['/api/v1/Game?currentPage=1&pageSize=12', '/api/v1/Game', `/api/v1/game/${gameIds[0]}`, `/api/v1/game/${gameIds[1]}`];
      for (const target of targets) {
        for (const encoding of encodings) {
          for (const language of languages) {
            const headers: Record<string, string> = {};
            if (encoding) headers['accept-encoding'] = encoding;
            if (language) headers['accept-language'] = language;
            const r = await bothWays(target, headers);
            const what = `${target} ${encoding} ${language}`;
            expect(r.answeredFast, what).toBe(true);
            expect(r.viaFastPath.status, what).toBe(200);
            expect(r.viaFastPath.headers, what).toEqual(r.viaFastify.headers);
            expect(r.viaFastPath.body.equals(r.viaFastify.body), what).toBe(true);
            expect(comparable(r.fastLine), what).toEqual(comparable(r.fastifyLine));
            expect(r.fastLine?.reqId).toMatch(/^req-[0-9a-z]+$/);
          }
        }
      }
    });

    it('keeps the request id a client sends, like Fastify', async () => {
      const { fastLine, answeredFast } = await bothWays('/api/v1/Game?currentPage=1&pageSize=12', { 'x-request-id': 'from-the-proxy-1' });
      expect(answeredFast).toBe(true);
      expect(fastLine?.reqId).toBe('from-the-proxy-1');
    });

    it('leaves HEAD, credentials, Origin and writes to Fastify, and stops replaying once the catalog changes', async () => {
      const target = '/api/v1/Game?currentPage=1&pageSize=12';
      expect((await bothWays(target, { authorization: `Bearer ${t.tokens.accessToken}` })).answeredFast).toBe(false);
      expect((await bothWays(target, { origin: 'https://elsewhere.example' })).answeredFast).toBe(false);
      const before = fastAnswers;
      await new Promise<void>((resolve, reject) => {
        http.request(`${base}${target}`, { method: 'HEAD', agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
      });
      expect(fastAnswers).toBe(before);

      // A change clears the cache: the next answer comes from Fastify and shows the change.
      const replayed = await get(`/api/v1/game/${gameIds[1]}`);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/game/${gameIds[1]}`, headers: t.auth });
      expect(res.statusCode, res.body).toBe(200);
      const after = fastAnswers;
      const gone = await get(`/api/v1/game/${gameIds[1]}`);
      expect(fastAnswers).toBe(after);
      expect(gone.status).not.toBe(200);
      expect(replayed.status).toBe(200);
      gameIds.pop();
    });

    it('answers odd targets and headers identically or leaves them to Fastify', async () => {
      const oddPath = fc.constantFrom(
        '/api/v1/Game',
        '/api/v1/game',
        '/API/V1/GAME/',
        '/api/v1/Game/',
        `/api/v1/game/${gameIds[0]}`,
        `/api/v1/GAME/${gameIds[0]!.toUpperCase()}/`,
        '/api/v1/game/not-a-uuid',
        '/api/v1//Game',
        '/api/v1/Game/BannerList',
      );
      const oddQuery = fc.array(
        fc.tuple(
          fc.constantFrom('currentPage', 'pageSize', 'searchTerm', 'x', 'currentpage', 'access_token', '%00', ''),
          fc.constantFrom('1', '12', '0', '-1', 'abc', '%00', '%E1%80%80', '', '999999999999', '1e3', '%'),
        ),
        { maxLength: 3 },
      );
      const oddHeaders = fc.record(
        {
          'accept-encoding': fc.constantFrom('', 'br', 'gzip;q=0', '*', 'gzip, br;q=0.9', 'x-unknown'),
          'accept-language': fc.constantFrom('', 'mm', 'zz', '*', 'en;q=0'),
          'x-forwarded-for': fc.constantFrom('10.0.0.1', '10.0.0.1, 10.0.0.2', 'garbage'),
          cookie: fc.constantFrom('a=b', 'topup_hub=xyz'),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(oddPath, oddQuery, oddHeaders, async (path, query, headers) => {
          const target = query.length ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : path;
          const r = await bothWays(target, headers as Record<string, string>);
          expect(r.viaFastPath.status).toBe(r.viaFastify.status);
          expect(r.viaFastPath.headers).toEqual(r.viaFastify.headers);
          expect(r.viaFastPath.body.equals(r.viaFastify.body)).toBe(true);
          expect(comparable(r.fastLine)).toEqual(comparable(r.fastifyLine));
        }),
        { numRuns: 60 },
      );
    });
});
