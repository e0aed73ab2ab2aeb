// Property-based fuzzing of the whole HTTP surface: walks the route table and the OpenAPI document and
// sends, for every route and method, random and hostile input (wrong types, missing and extra fields, huge, empty,
// unicode and control-character strings, numbers at and beyond the limits, malformed JSON and multipart, wrong
// content types, non-UUID path parameters), anonymous and signed in. Every answer must be below 500; every 4xx must
// be the envelope with a message (and, when it names fields, well-formed field errors); a refused request must store
// nothing; the heap must come back to its baseline.
//
// Reproduce a failure: FUZZ_SEED=<printed seed> (and FUZZ_RUNS to change the count).
import v8 from 'node:v8';
import vm from 'node:vm';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registeredRoutes } from '../src/plugins/auth.ts';
import { DIALECT, buildTestApp, png, type TestApp } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
// 10,000 on SQLite and 4,000 more on PostgreSQL per CI run, each well under a minute on an idle machine.
const RUNS = Number(process.env.FUZZ_RUNS ?? (DIALECT === 'postgres' ? 4_000 : 10_000));

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
};
type Target = {
  method: string;
  /** Fastify path, `:id` style. */
  url: string;
  body?: { kind: 'json' | 'multipart'; schema: JsonSchema };
  query?: Record<string, JsonSchema>;
};

let t: TestApp;
let targets: Target[];
let smallPng: Buffer;

beforeAll(async () => {
  // A generous order limit, so the fuzzer reaches order validation instead of only the 429 in front of it.
  t = await buildTestApp({ ORDER_RATE_LIMIT: '100000', MAX_EVENT_LOOP_DELAY_MS: '0' });
  smallPng = await png(8, 8);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const documented = new Map<string, Target>();
  for (const [docPath, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const url = docPath.replace(/\{(\w+)\}/g, ':$1');
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']
        ? { kind: 'json' as const, schema: content['application/json'].schema }
        : content['multipart/form-data']
          ? { kind: 'multipart' as const, schema: content['multipart/form-data'].schema }
          : undefined;
      const query = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
      documented.set(`${method.toUpperCase()} ${url.toLowerCase()}`, { method: method.toUpperCase(), url, body, query });
    }
  }
  // Every route of the table, documented or not (health, files, images, hub), with what the document says of it.
  const seen = new Set<string>();
  targets = [];
  for (const route of registeredRoutes(t.app.ctx)) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const key = `${route.method} ${route.url.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push(documented.get(key) ?? { method: route.method, url: route.url });
  }
  console.log(`fuzz: seed=${SEED} runs=${RUNS} routes=${targets.length} dialect=${DIALECT} (reproduce with FUZZ_SEED=${SEED})`);
});
afterAll(() => t?.close());

// ---- values ----------------------------------------------------------------------------------------------------

const CONTROL = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 });
const UNICODE = fc.string({ unit: 'grapheme', maxLength: 40 });
const BIDI_AND_BOMS = fc.constantFrom(
  '\u202e',
  '\ufeff',
  '\u0000',
  '\ud800',
  'ကျပ်',
  '😀'.repeat(50),
  '%00',
  '../../etc/passwd',
  '<script>',
  "' or 1=1 --",
);
const NUMBERS = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, 1e308),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '0x10', '  5 ', '1_000', '٣'),
);
const hugeString = (n: number) => fc.constant('a'.repeat(n));

/** A hostile value of any shape. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 4 },
  { arbitrary: UNICODE, weight: 2 },
  { arbitrary: CONTROL, weight: 2 },
  { arbitrary: BIDI_AND_BOMS, weight: 2 },
  { arbitrary: NUMBERS, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constant(''), weight: 2 },
  // Rare: a huge value costs the same to refuse every time.
  { arbitrary: hugeString(70_000), weight: 1 },
  { arbitrary: fc.array(fc.string(), { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', ''), fc.string(), { maxKeys: 2 }), weight: 1 },
);

/** A value near what the schema accepts: at and beyond its limits, or of the wrong type. */
function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyValue;
  const options: fc.Arbitrary<unknown>[] = [anyValue];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum), fc.constantFrom(...schema.enum.map((v) => String(v).toLowerCase())));
  const types = [schema.type ?? schema.anyOf?.map((s) => s.type)].flat().filter(Boolean);
  if (types.includes('string')) {
    const max = schema.maxLength ?? 200;
    options.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 60) }), hugeString(max), hugeString(max + 1));
    if (schema.format === 'email') options.push(fc.emailAddress(), fc.constant('a@b'), fc.constant(`${'x'.repeat(250)}@example.com`));
    if (schema.format === 'uuid') options.push(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'));
    if (schema.pattern === '^\\d{6}$') options.push(fc.constantFrom('123456', '12345', '1234567', '١٢٣٤٥٦'));
  }
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum ?? 0;
    const max = schema.maximum ?? 1e6;
    options.push(fc.constantFrom(min, min - 1, max, max + 1, (min + max) / 2 + 0.5), NUMBERS);
  }
  return fc.oneof(...options);
}

/** An object per the schema, then broken: fields dropped, extra fields, wrong types. */
function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([name, s]) => fc.tuple(fc.constant(name), fc.option(valueFor(s), { nil: undefined, freq: 5 })));
  return fc
    .tuple(
      fc.tuple(...fields),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), anyValue, {
        maxKeys: 3,
      }),
    )
    .map(([pairs, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of extra ? Object.entries(extra) : []) out[name] = value;
      for (const [name, value] of pairs) if (value !== undefined) out[name] = value;
      return out;
    });
}

const pathParam = fc.oneof(
  fc.uuid(),
  fc.constant('00000000-0000-4000-8000-000000000000'),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  UNICODE.filter((s) => s.length > 0).map(encodeURIComponent),
  fc.constantFrom('%', '%E0%A4%A', '..%2F..%2Fetc', 'a'.repeat(150), '%00', '-1', '0', '1e3', 'null', 'undefined', 'NaN'),
);

// ---- requests --------------------------------------------------------------------------------------------------

type Auth = 'anonymous' | 'admin' | 'garbage';
type BodyKind = 'schema' | 'malformed-json' | 'wrong-type' | 'multipart' | 'truncated-multipart' | 'none' | 'huge';

function multipartBody(fields: Record<string, unknown>, files: Record<string, Buffer>, boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${text}\r\n`));
  }
  for (const [name, data] of Object.entries(files)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const request = fc
  .record({
    target: fc.nat(),
    auth: fc.constantFrom<Auth>('anonymous', 'admin', 'admin', 'garbage'),
    bodyKind: fc.constantFrom<BodyKind>(
      'schema',
      'schema',
      'schema',
      'malformed-json',
      'wrong-type',
      'multipart',
      'truncated-multipart',
      'none',
      'huge',
    ),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    query: fc.option(
      fc.dictionary(
        fc.constantFrom('searchTerm', 'currentPage', 'pageSize', 'gameId', 'paymentMethod', 'tzOffset', 'expires', 'sig', 'x'),
        fc.oneof(fc.string({ maxLength: 20 }), NUMBERS.map(String), hugeString(5000)),
        { maxKeys: 4 },
      ),
      { nil: undefined },
    ),
    file: fc.constantFrom('png', 'random', 'empty', 'truncated', 'none'),
    randomBytes: fc.uint8Array({ maxLength: 200 }),
    cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    seed: fc.nat(),
  })
  .chain((r) => {
    const target = targets[r.target % targets.length]!;
    const schema = target.body?.schema ?? { type: 'object', properties: {} };
    return fc.tuple(fc.constant(r), fc.constant(target), objectFor(schema), objectFor({ properties: target.query ?? {} }));
  });

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer; label: string };

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function build([r, target, body, query]: Generated): Sent {
  let i = 0;
  const url = target.url.replace(/:(\w+)/g, () => r.params[i++ % r.params.length]!);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...(r.query ?? {}) }))
    qs.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const headers: Record<string, string> = {};
  // Signing out would end the session every later signed-in request uses: Logout is sent anonymously only.
  if (r.auth === 'admin' && !/\/logout$/i.test(target.url)) Object.assign(headers, t.auth);
  if (r.auth === 'garbage') headers.authorization = `Bearer ${'x'.repeat(r.seed % 300)}.e30.`;
  let payload: string | Buffer | undefined;
  const files: Record<string, Buffer> = {};
  const fileFields = Object.entries(target.body?.schema.properties ?? {})
    .filter(([, s]) => s.format === 'binary')
    .map(([n]) => n);
  for (const field of fileFields) {
    if (r.file === 'png') files[field] = smallPng;
    if (r.file === 'random') files[field] = Buffer.from(r.randomBytes);
    if (r.file === 'empty') files[field] = Buffer.alloc(0);
    if (r.file === 'truncated') files[field] = smallPng.subarray(0, Math.floor(smallPng.length * r.cut));
  }
  const fields = Object.fromEntries(Object.entries(body).filter(([k]) => !fileFields.includes(k)));
  const boundary = `fuzz${r.seed}`;
  const hasBody = !['GET', 'DELETE'].includes(target.method) || r.bodyKind === 'huge';
  if (hasBody) {
    switch (r.bodyKind) {
      case 'schema':
        if (target.body?.kind === 'multipart') {
          payload = multipartBody(fields, files, boundary);
          headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        } else {
          payload = JSON.stringify(body);
          headers['content-type'] = 'application/json';
        }
        break;
      case 'malformed-json':
        payload = JSON.stringify(body).slice(0, Math.max(1, Math.floor(JSON.stringify(body).length * r.cut))) + (r.seed % 2 ? '{{' : '');
        headers['content-type'] = 'application/json';
        break;
      case 'wrong-type':
        payload = Buffer.from(r.randomBytes);
        headers['content-type'] = [
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'image/png',
          'multipart/form-data',
          'application/json; charset=utf-16',
        ][r.seed % 6]!;
        break;
      case 'multipart':
        payload = multipartBody(fields, files, boundary);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        break;
      case 'truncated-multipart': {
        const full = multipartBody(fields, files, boundary);
        payload = full.subarray(0, Math.floor(full.length * r.cut));
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        break;
      }
      case 'huge':
        payload = JSON.stringify({ ...body, pad: 'x'.repeat(70_000) });
        headers['content-type'] = 'application/json';
        break;
      case 'none':
        break;
    }
  }
  const full = qs.size ? `${url}?${qs}` : url;
  return {
    method: target.method,
    url: full,
    headers,
    payload,
    label: `${target.method} ${target.url} [${r.auth}, ${r.bodyKind}, file=${r.file}]`,
  };
}

// ---- invariants ------------------------------------------------------------------------------------------------

/** Routes whose successful answers are not the envelope (documents, files, the hub's protocol). */
const NOT_ENVELOPE_OK = /^\/(api\/docs\/json|api\/v1\/order\/export\b|healthz|uploads\/|img\/|api\/v1\/files\/|hubs?\/)/i;

async function storedState(): Promise<string> {
  const { rows } = await sql<Record<string, number>>`select
    (select count(*) from orders) as orders, (select count(*) from games) as games,
    (select count(*) from token_packages) as packages, (select count(*) from config_settings) as settings,
    (select count(*) from users) as users, (select count(*) from notifications) as notifications`.execute(t.app.ctx.db);
  const files = ['uploads', path.join('private', 'screenshots')].map((d) => readdirSync(path.join(t.dataDir, d)).length);
  return JSON.stringify([rows[0], files]);
}

function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it(`answers ${RUNS} random and hostile requests without a 5xx, in the envelope, storing nothing when refused`, async () => {
  const statuses = new Map<number, number>();
  let count = 0;
  let baseline = 0;
  // What is stored, refreshed after every request that may change it; a refused request must leave it as it was.
  let known = await storedState();
  await fc.assert(
    fc.asyncProperty(request, async (generated) => {
      const sent = build(generated);
      const mutating = sent.method !== 'GET';
      const res = await t.app.inject({ method: sent.method as 'GET', url: sent.url, headers: sent.headers, payload: sent.payload });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (++count === 500) baseline = heapAfterGc();
      const where = `${sent.label} ${sent.url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      const isApi = /^\/(api|health)\//i.test(sent.url) && !NOT_ENVELOPE_OK.test(sent.url);
      if (res.statusCode >= 400 || isApi) {
        const json = JSON.parse(res.body) as {
          statusCode: unknown;
          message: unknown;
          payLoad: unknown;
          payLoadList: unknown;
          errors?: unknown;
        };
        expect(json, where).toMatchObject({ statusCode: res.statusCode });
        expect('payLoad' in json && 'payLoadList' in json, where).toBe(true);
        expect(typeof json.message === 'string' && json.message.length > 0, where).toBe(true);
        if (json.errors !== undefined) {
          const errors = json.errors as Record<string, unknown>;
          expect(Object.keys(errors).length, where).toBeGreaterThan(0);
          for (const [field, messages] of Object.entries(errors)) {
            expect(field.length, where).toBeGreaterThan(0);
            expect(['undefined', 'null'], where).not.toContain(field);
            expect(
              Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string' && m.length > 0),
              where,
            ).toBe(true);
          }
        }
        expect(JSON.stringify(json), where).not.toMatch(/FST_|at .*\.ts:\d+|node_modules/);
      }
      if (mutating) {
        const now = await storedState();
        if (res.statusCode >= 400) expect(now, `${where}: a refused request changed what is stored`).toBe(known);
        known = now;
      }
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  // Heap back near its baseline: nothing accumulates per request (throttle counters, caches, queues are bounded).
  const growth = heapAfterGc() - baseline;
  console.log(
    `fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; heap growth ${(growth / 1024 / 1024).toFixed(1)} MB`,
  );
  expect(growth).toBeLessThan(32 * 1024 * 1024);
}, 240_000);
