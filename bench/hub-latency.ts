// Hub latency: from a buyer's order request (POST /api/v1/Order, a small screenshot attached) to `ReceiveOrder` at
// each staff client, p50 and p99, with 1,000 clients on WebSockets and 100 on long polling, each beside a bare
// baseline doing the same kind of work in the same run (the ratio is the figure to watch; these machines are noisy).
// Budget: the hub's p99 within 1.1× of the bare baseline's p99 in the same run, each transport against
// its own baseline (WebSockets against a bare `ws` broadcast, long polling against a bare long-poll loop).
//
// Layout (docs/decisions/0018-hub-latency.md says why):
// - The hub is the BUILT server at its production defaults (lib/prod-server.ts: `npm start`'s node flags and
//   environment, log level info, SQLite, in-process fan-out, the demo catalog, screenshot checks on), in its own
//   process, with one deliberate change: ORDER_RATE_LIMIT raised, since every order here comes from 127.0.0.1.
//   The staff clients log in as the bench admin (BENCH_ADMIN): its access token for the raw clients, the official
//   client's accessTokenFactory as the dashboard uses it.
// - The baseline (lib/bare-hub-server.mjs, plain node in its own process) takes the same multipart request, reads the
//   body, writes the hub's two records for an order (ReceiveOrder + ReceiveNotificationMessage, same bytes: taken
//   from a real order's frame at start-up) to as many plain `ws` sockets (the WebSocket baseline) or held plain
//   `http` GETs (the long-poll baseline, each client re-arming at once), and answers 201 with the id.
// - The clients run in separate processes (lib/hub-clients.mjs): the bulk a small protocol-correct raw client, a
//   subset the official @microsoft/signalr client (its own columns); the bare fleet has the same layout and sizes.
// - This driver places the orders itself, one at a time: during the rounds its event loop has nothing else to do
//   (servers and clients are other processes and IPC is silent until the collect), so a sender process of its own
//   would add a process and no accuracy. Its event-loop delay during the rounds is printed to show it stayed idle.
// Times come from process.hrtime (CLOCK_MONOTONIC, shared by every process on the machine; a check at start-up
// confirms the client processes agree): t0 right before the request is written, each client's stamp when the
// ReceiveOrder record arrives, joined by the order id from the 201 answer. Also printed: the 201's own round trip
// ("201"; the hub writes the order to every socket before it answers, so it includes the fan-out), the server's own
// time for the request from its request log, request → first client, and from the first client to each ("spread":
// the fan-out alone).
//
// Run: npm run build && npm run bench -- hub-latency. Env: HUB_WS_CLIENTS (1000), HUB_LP_CLIENTS (100),
// HUB_WS_OFFICIAL (50), HUB_LP_OFFICIAL (10), HUB_CLIENT_PROCS (2, processes for the raw bulk), HUB_ROUNDS (40 orders
// per run, plus one warm-up order not counted), HUB_REPEATS (3), HUB_WS_GAP_MS (100) and HUB_LP_GAP_MS (150: from one
// order's start to the next), HUB_ONLY (ws|lp), HUB_DEBUG (1: a line per order), HUB_MARKS (1: the rounds' window in
// monotonic µs on stderr, the clock .cpuprofile timestamps use), BENCH_NODE_FLAGS (node flags added to the built
// server's, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"; printed in the header).
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { env, median, monoMs, nextMessage, orderForm, percentile, printTable, sleep } from './lib/driver.ts';
import { BENCH_ADMIN, benchNodeFlags, startFlags, startProdServer, type ProdServer } from './lib/prod-server.ts';

const WS_CLIENTS = env('HUB_WS_CLIENTS', 1000);
const LP_CLIENTS = env('HUB_LP_CLIENTS', 100);
const WS_OFFICIAL = Math.min(WS_CLIENTS, env('HUB_WS_OFFICIAL', 50));
const LP_OFFICIAL = Math.min(LP_CLIENTS, env('HUB_LP_OFFICIAL', 10));
const PROCS = env('HUB_CLIENT_PROCS', 2);
const ROUNDS = env('HUB_ROUNDS', 40);
const REPEATS = env('HUB_REPEATS', 3);
const ONLY = process.env.HUB_ONLY;
const LOOP_RESOLUTION_MS = 5;
/** Budget: the hub's p99 may be at most this many times its bare baseline's p99 in the same run. */
const BUDGET_RATIO = 1.1;

type Samples = Record<string, number[]>;
/** One client process; `group` says which line of the report its samples belong to. */
type Fleet = { child: ChildProcess; group: string; count: number };
type Collected = { group: string; count: number; samples: Samples; others: Record<string, number>; orderFrame: string | null };
type Part = { mode: string; group: string; count: number };

async function startFleet(parts: Part[], url: string, token: string): Promise<Fleet[]> {
  const fleets = parts
    .filter((p) => p.count > 0)
    .map((p) => ({
      child: fork(new URL('./lib/hub-clients.mjs', import.meta.url), [JSON.stringify({ mode: p.mode, url, token, count: p.count })], {
        // Plain node, not the driver's `--import tsx`.
        execArgv: [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
      group: p.group,
      count: p.count,
    }));
  await Promise.all(fleets.map((f) => nextMessage(f.child, 'ready')));
  // The processes must read the same monotonic clock: a client's reading lies between the driver's before and after.
  for (const f of fleets) {
    const before = monoMs();
    const reply = nextMessage(f.child, 'clock');
    f.child.send({ type: 'clock' });
    const t = (await reply).t as number;
    const after = monoMs();
    if (t < before || t > after) throw new Error(`client process clock disagrees: ${t} not within [${before}, ${after}]`);
  }
  return fleets;
}

/** Asks every client process for its samples; each closes its clients and exits. */
async function collect(fleets: Fleet[]): Promise<Collected[]> {
  return Promise.all(
    fleets.map(async (f) => {
      const reply = nextMessage(f.child, 'samples');
      f.child.send({ type: 'collect' });
      const m = await reply;
      for (const p of (m.problems as string[]).slice(0, 5)) console.warn(`  ${f.group} client: ${p}`);
      await new Promise((r) => (f.child.exitCode === null ? f.child.once('exit', r) : r(null)));
      return {
        group: f.group,
        count: f.count,
        samples: m.samples as Samples,
        others: m.others as Record<string, number>,
        orderFrame: m.orderFrame as string | null,
      };
    }),
  );
}

/** Splits `total` clients into the official subset (one process) and the raw bulk (PROCS processes). */
function layout(total: number, official: number, rawMode: string, officialMode: string): Part[] {
  const bulk = total - official;
  const per = Math.ceil(bulk / PROCS);
  return [
    ...Array.from({ length: PROCS }, (_, i) => ({ mode: rawMode, group: 'raw', count: Math.max(0, Math.min(per, bulk - i * per)) })),
    { mode: officialMode, group: 'official', count: official },
  ];
}

/**
 * Order forms as the storefront sends them: multipart fields and a small valid PNG, so the upload doesn't dominate.
 * Each order has its own picture (random 16×16 blocks, scaled up) and transaction number, as real buyers' orders do:
 * with one shared picture or number every check would find all earlier orders "the same" and announce a verdict
 * for each of them to every client, a broadcast storm no real shop sees.
 */
let nextTransaction = 100_000 + Math.floor(Math.random() * 800_000);
async function orderForms(packageId: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const blocks = Buffer.from(Array.from({ length: 16 * 16 * 3 }, () => Math.floor(Math.random() * 256)));
      const screenshot = await sharp(blocks, { raw: { width: 16, height: 16, channels: 3 } })
        .resize(96, 160, { kernel: 'nearest' })
        .png()
        .toBuffer();
      const fields = {
        inGameUserId: '12345678',
        serverInfo: '',
        mobileNumber: '09123456789',
        tokenPackageId: packageId,
        quantity: '1',
        transactionNumber: String(nextTransaction++),
      };
      return orderForm(fields, screenshot, 'png');
    }),
  );
}
type OrderForm = Awaited<ReturnType<typeof orderForms>>[number];

type Placed = { id: string; t0: number; answered: number };

/** Places orders one at a time on one kept-alive connection, as a buyer's browser would after loading the shop. */
function orderSender(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (form: OrderForm) =>
    new Promise<Placed>((resolve, reject) => {
      let t0 = 0;
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': form.contentType, 'content-length': form.body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const answered = monoMs();
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 201) return reject(new Error(`placing an order: ${res.statusCode} ${text.slice(0, 300)}`));
            resolve({ id: (JSON.parse(text) as { payLoad: { id: string } }).payLoad.id, t0, answered });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      // Written once the request has its socket, so t0 is the moment the bytes go out (not a connection's wait).
      req.once('socket', (socket) => {
        socket.setNoDelay(true);
        const write = () => {
          t0 = monoMs();
          req.end(form.body);
        };
        if (socket.connecting) socket.once('connect', write);
        else write();
      });
    });
  return { post, close: () => agent.destroy() };
}

type Result = { p50: number; p99: number; n: number; missing: number; extra: number };

function summarise(sent: Map<string, Placed>, collected: Collected[], group?: string): Result {
  const out: number[] = [];
  let missing = 0;
  let extra = 0;
  const chosen = collected.filter((c) => !group || c.group === group);
  const clients = chosen.reduce((n, c) => n + c.count, 0);
  for (const [id, { t0 }] of sent) {
    const got = chosen.flatMap((c) => c.samples[id] ?? []);
    if (got.length < clients) missing += clients - got.length;
    else extra += got.length - clients;
    for (const t of got) out.push(t - t0);
  }
  return { p50: percentile(out, 50), p99: percentile(out, 99), n: out.length, missing, extra };
}

/** Per order over all clients: the 201's round trip, request → first client, first client → each (the fan-out). */
function perOrder(sent: Map<string, Placed>, collected: Collected[]) {
  const answers: number[] = [];
  const firsts: number[] = [];
  const spreads: number[] = [];
  for (const [id, { t0, answered }] of sent) {
    answers.push(answered - t0);
    const got = collected.flatMap((c) => c.samples[id] ?? []);
    if (!got.length) continue;
    const first = Math.min(...got);
    firsts.push(first - t0);
    for (const t of got) spreads.push(t - first);
    if (process.env.HUB_DEBUG) {
      const l = got.map((t) => t - t0).sort((a, b) => a - b);
      console.log(
        `    ${id.slice(0, 8)}: 201 ${(answered - t0).toFixed(1)} first ${l[0]!.toFixed(1)} p50 ${l[l.length >> 1]!.toFixed(1)} max ${l.at(-1)!.toFixed(1)}`,
      );
    }
  }
  return {
    answerP50: percentile(answers, 50),
    answerP99: percentile(answers, 99),
    firstP50: percentile(firsts, 50),
    spreadP99: percentile(spreads, 99),
  };
}

/** What a fleet is measured against: where orders go, where clients connect, and (the hub) its request log. */
type Target = { name: 'hub' | 'bare'; orderUrl: string; clientUrl: string; token: string; server?: ProdServer };

async function measure(target: Target, parts: Part[], gapMs: number, packageId: string) {
  const forms = await orderForms(packageId, ROUNDS + 1);
  const fleets = await startFleet(parts, target.clientUrl, target.token);
  const sender = orderSender(target.orderUrl);
  try {
    await sleep(500);
    // One warm-up order on the new connection and sockets, not counted.
    await sender.post(forms[ROUNDS]!);
    await sleep(gapMs);
    target.server?.log.reset();
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loopDelay.enable();
    if (process.env.HUB_MARKS) console.error(`mark start ${Math.round(monoMs() * 1000)}`);
    const sent = new Map<string, Placed>();
    for (let r = 0; r < ROUNDS; r++) {
      const placed = await sender.post(forms[r]!);
      sent.set(placed.id, placed);
      await sleep(Math.max(0, gapMs - (monoMs() - placed.t0)));
    }
    await sleep(1000);
    if (process.env.HUB_MARKS) console.error(`mark end ${Math.round(monoMs() * 1000)}`);
    loopDelay.disable();
    const inServer = target.server?.log.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/Order').map((r) => r.ms) ?? [];
    const collected = await collect(fleets);
    const clients = collected.reduce((n, c) => n + c.count, 0);
    const others = new Map<string, number>();
    for (const c of collected)
      for (const [k, v] of Object.entries(c.others)) if (k !== 'ReceiveNotificationMessage') others.set(k, (others.get(k) ?? 0) + v);
    const frame = collected.find((c) => c.orderFrame)?.orderFrame;
    return {
      all: summarise(sent, collected),
      raw: summarise(sent, collected, 'raw'),
      official: summarise(sent, collected, 'official'),
      ...perOrder(sent, collected),
      inServerP50: percentile(inServer, 50),
      inServerP99: percentile(inServer, 99),
      // The histogram holds whole timer intervals: lateness is what exceeds the interval.
      driverLoopP99: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
      /** Other invocations each client got per order (the screenshot check's verdict, on the hub). */
      others: [...others].map(([k, v]) => `${k} ×${(v / clients / ROUNDS).toFixed(2)}`).join(', '),
      frameBytes: frame ? Buffer.byteLength(frame) : NaN,
    };
  } finally {
    sender.close();
  }
}
type Run = Awaited<ReturnType<typeof measure>>;

/** A real order's frame as a hub client receives it (one raw WebSocket client), for the bare baseline to send. */
async function hubOrderFrame(hub: Target, packageId: string): Promise<string> {
  const forms = await orderForms(packageId, 3);
  const fleets = await startFleet([{ mode: 'raw-ws', group: 'probe', count: 1 }], hub.clientUrl, hub.token);
  const sender = orderSender(hub.orderUrl);
  // Three orders: also warms the server's order path before anything is measured.
  for (const form of forms) await sender.post(form);
  sender.close();
  await sleep(300);
  const [probe] = await collect(fleets);
  if (!probe?.orderFrame) throw new Error('the probe client got no ReceiveOrder frame');
  return probe.orderFrame;
}

async function startBareHub(frame: string): Promise<{ url: string; stop: () => void }> {
  const child = fork(new URL('./lib/bare-hub-server.mjs', import.meta.url), [frame], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child, 'ready');
  return { url: ready.url as string, stop: () => void child.kill('SIGTERM') };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const fmtBytes = (n: number) => (Number.isFinite(n) ? String(n) : '–');

async function main() {
  const server = await startProdServer({ ORDER_RATE_LIMIT: '100000' }, { keepRequests: true });
  let bare: { url: string; stop: () => void } | undefined;
  try {
    const login = await fetch(`${server.url}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.status !== 200) throw new Error(`logging in as the bench admin: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
    // A demo game with no server or zone to fill in, and one of its bank-transfer packages.
    type Game = { id: string; serverType: string; tokenPackageDto: { id: string; paymentMethod: string }[] };
    const list = (await (await fetch(`${server.url}/api/v1/Game?currentPage=1&pageSize=100`)).json()) as {
      payLoad: { items: { id: string; serverType: string }[] };
    };
    const game = list.payLoad.items.find((g) => g.serverType === 'NONE');
    if (!game) throw new Error('the demo catalog has no game without a server or zone');
    const detail = ((await (await fetch(`${server.url}/api/v1/game/${game.id}`)).json()) as { payLoad: Game }).payLoad;
    const packageId = detail.tokenPackageDto.find((p) => p.paymentMethod === 'NORMAL')!.id;
    const [sample] = await orderForms(packageId, 1);

    const hub: Target = { name: 'hub', orderUrl: `${server.url}/api/v1/Order`, clientUrl: `${server.url}/dashboard`, token, server };
    const frame = await hubOrderFrame(hub, packageId);
    bare = await startBareHub(frame);
    // bare-ws turns this into its ws:// address; bare-lp polls `${clientUrl}/poll`.
    const bareTarget: Target = { name: 'bare', orderUrl: `${bare.url}/api/v1/Order`, clientUrl: bare.url, token: '' };

    const flags = [...startFlags()].join(' ');
    console.log(
      `Built server (node ${flags} apps/server/dist/main.js, as npm start runs it${benchNodeFlags().length ? `; BENCH_NODE_FLAGS ${benchNodeFlags().join(' ')} is an experiment` : ''}) ` +
        `at production defaults: log level info, SQLite, in-process fan-out, demo catalog, screenshot checks on; ORDER_RATE_LIMIT raised (every order here comes from 127.0.0.1). ` +
        `Staff clients logged in as the bench admin. Each order: POST /api/v1/Order, about ${(sample!.body.length / 1024).toFixed(1)} KB multipart with its own small PNG and transaction number; ` +
        `the hub's two records for it are ${Buffer.byteLength(frame)} B.`,
    );

    const rows: string[][] = [];
    const verdicts: string[] = [];
    const compare = async (
      label: string,
      total: number,
      official: number,
      rawMode: string,
      officialMode: string,
      bareMode: string,
      gapMs: number,
    ) => {
      const runs: { hub: Run; bare: Run }[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const h = await measure(hub, layout(total, official, rawMode, officialMode), gapMs, packageId);
        await sleep(300);
        const b = await measure(bareTarget, layout(total, official, bareMode, bareMode), gapMs, packageId);
        await sleep(300);
        runs.push({ hub: h, bare: b });
        console.log(
          `  ${label} run ${i + 1}: hub p50 ${fmt(h.all.p50)} p99 ${fmt(h.all.p99)} (official ${fmt(h.official.p50)}/${fmt(h.official.p99)}, raw ${fmt(h.raw.p50)}/${fmt(h.raw.p99)}),` +
            ` 201 ${fmt(h.answerP50)}/${fmt(h.answerP99)}, in server ${fmt(h.inServerP50)}/${fmt(h.inServerP99)}, first ${fmt(h.firstP50)}, spread p99 ${fmt(h.spreadP99)}` +
            ` | bare p50 ${fmt(b.all.p50)} p99 ${fmt(b.all.p99)}, 201 ${fmt(b.answerP50)}/${fmt(b.answerP99)}, first ${fmt(b.firstP50)}, spread p99 ${fmt(b.spreadP99)}` +
            ` | frame ${fmtBytes(h.frameBytes)}/${fmtBytes(b.frameBytes)} B, driver loop late p99 ${fmt(h.driverLoopP99)}/${fmt(b.driverLoopP99)}${h.others ? `, also per client per order: ${h.others}` : ''}`,
        );
      }
      const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
      const hubP99 = m((r) => r.hub.all.p99);
      const bareP99 = m((r) => r.bare.all.p99);
      const missing = runs.reduce((n, r) => n + r.hub.all.missing + r.bare.all.missing, 0);
      const extra = runs.reduce((n, r) => n + r.hub.all.extra + r.bare.all.extra, 0);
      const ratio = hubP99 / bareP99;
      const met = ratio <= BUDGET_RATIO;
      rows.push([
        label,
        String(total),
        fmt(m((r) => r.hub.all.p50)),
        fmt(hubP99),
        `${fmt(m((r) => r.hub.official.p50))}/${fmt(m((r) => r.hub.official.p99))}`,
        `${fmt(m((r) => r.hub.answerP50))}/${fmt(m((r) => r.hub.answerP99))}`,
        `${fmt(m((r) => r.hub.inServerP50))}/${fmt(m((r) => r.hub.inServerP99))}`,
        fmt(m((r) => r.bare.all.p50)),
        fmt(bareP99),
        `${fmt(m((r) => r.bare.answerP50))}/${fmt(m((r) => r.bare.answerP99))}`,
        `${ratio.toFixed(2)}×`,
        met ? `ok (≤${BUDGET_RATIO}×)` : `OVER (>${BUDGET_RATIO}×)`,
        `${missing}/${extra}`,
      ]);
      if (!met) {
        verdicts.push(
          `${label}: budget NOT MET: hub p99 ${fmt(hubP99)} ms from the order request is ${ratio.toFixed(2)}× the bare baseline's ${fmt(bareP99)} ms (budget ${BUDGET_RATIO}×). ` +
            `Request → first client p50 ${fmt(m((r) => r.hub.firstP50))} ms vs ${fmt(m((r) => r.bare.firstP50))} ms ` +
            `(reading the form, storing the screenshot, committing the order), fan-out spread p99 ${fmt(m((r) => r.hub.spreadP99))} vs ${fmt(m((r) => r.bare.spreadP99))} ms.`,
        );
      }
    };
    if (ONLY !== 'lp') await compare('WebSockets', WS_CLIENTS, WS_OFFICIAL, 'raw-ws', 'signalr-ws', 'bare-ws', env('HUB_WS_GAP_MS', 100));
    if (ONLY !== 'ws') await compare('Long polling', LP_CLIENTS, LP_OFFICIAL, 'raw-lp', 'signalr-lp', 'bare-lp', env('HUB_LP_GAP_MS', 150));

    console.log(
      `\nHub latency, buyer's order request sent → ReceiveOrder at the staff client (ms), ${ROUNDS} orders per run, median of ${REPEATS} runs`,
    );
    console.log(
      `Built server at production defaults vs a bare node server (same request, same records; WebSockets against plain ws sockets, long polling against a plain http long-poll loop); ` +
        `clients in ${PROCS} raw + 1 official process(es), the same layout for both. Budget: hub p99 ≤ ${BUDGET_RATIO}× its own bare baseline's p99.`,
    );
    printTable(
      [
        'transport',
        'clients',
        'hub p50',
        'hub p99',
        'official p50/p99',
        '201 p50/p99',
        'in server p50/p99',
        'bare p50',
        'bare p99',
        'bare 201 p50/p99',
        'p99 ratio',
        'verdict',
        'missing/dup',
      ],
      rows,
    );
    console.log(
      '"201": the order request\'s own round trip (the hub writes the order to every socket before it answers, so it includes the fan-out);',
    );
    console.log(
      '"in server": that request\'s time inside the built server, from its request log; bare: plain node http + ws (or held http GETs), no database or disk.',
    );
    if (WS_OFFICIAL || LP_OFFICIAL)
      console.log(
        `Official @microsoft/signalr clients: ${WS_OFFICIAL} of ${WS_CLIENTS} on WebSockets, ${LP_OFFICIAL} of ${LP_CLIENTS} on long polling; the rest the raw client.`,
      );
    for (const v of verdicts) console.log(v);
  } finally {
    bare?.stop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
