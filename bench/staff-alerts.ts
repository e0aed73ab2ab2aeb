// Staff alerts: from an order's commit to each push request leaving the server, p50 and p99, with 100 subscribed
// devices, beside the hub's own broadcast of the same order to 100 staff WebSocket clients in the same run.
//
// Layout:
// - The server runs in this process, from source (buildApp): its push endpoints must be http on loopback, which only
//   code can allow (StaffAlertOptions.allowLoopbackHttp). SQLite, in-process fan-out, screenshot checks paused, log
//   silent. 100 devices are written straight to push_subscriptions, each with its own P-256 key and auth secret, so
//   every push is encrypted for its device as in production (ECDH + HKDF + AES-GCM per device and alert).
// - The push service (lib/push-sink.mjs) and the hub clients (lib/hub-clients.mjs, raw WebSocket clients) are
//   processes of their own and stamp arrivals with the monotonic clock this driver reads (checked at start-up).
// - t0 is the orders service's `orderCreated`, announced right after the order's transaction commits: a listener
//   added before the app's own (the hub's fan-out and the alerts) stamps it.
// - Orders are placed one at a time over HTTP; the next starts once every push and every hub client has it, after
//   a pause. Push requests arrive in order, so round r's are arrivals r·N to (r+1)·N − 1.
// Run: npm run bench -- staff-alerts. Env: ALERT_DEVICES (100), ALERT_HUB_CLIENTS (100), ALERT_ROUNDS (30, plus one
// warm-up not counted), ALERT_GAP_MS (300).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { register } from '../apps/server/src/modules/auth/auth.service.ts';
import { env, median, monoMs, nextMessage, orderForm, percentile, printTable, sleep } from './lib/driver.ts';

const DEVICES = env('ALERT_DEVICES', 100);
const HUB_CLIENTS = env('ALERT_HUB_CLIENTS', 100);
const ROUNDS = env('ALERT_ROUNDS', 30);
const GAP_MS = env('ALERT_GAP_MS', 300);
const ADMIN = { email: 'bench-alerts@bench.local', password: 'bench-alerts-password' };

async function sameClock(child: ChildProcess, name: string): Promise<void> {
  const before = monoMs();
  const reply = nextMessage(child, 'clock');
  child.send({ type: 'clock' });
  const t = (await reply).t as number;
  const after = monoMs();
  if (t < before || t > after) throw new Error(`${name} clock disagrees: ${t} not within [${before}, ${after}]`);
}

const fmt = (ms: number) => ms.toFixed(1);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-alerts-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ORDER_RATE_LIMIT: '100000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp(config, {
    logger: false,
    webDir: path.join(dataDir, 'no-web'),
    verification: { paused: true },
    staffAlerts: { allowLoopbackHttp: true },
  });
  const committed = new Map<string, number>();
  app.ctx.events.onOrderCreated(({ order }) => committed.set(order.id, monoMs()));
  const children: ChildProcess[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await register(app.ctx, { ...ADMIN, role: 'owner' });
    const login = await fetch(`${base}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;

    const now = new Date().toISOString();
    const gameId = randomUUID();
    const packageId = randomUUID();
    await app.ctx.db
      .insertInto('games')
      .values({
        id: gameId,
        title: 'Bench',
        description: '',
        order_index: 1,
        server_type: 'NONE',
        is_disable: 0,
        logo: null,
        banner_image: null,
        game_profile_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await app.ctx.db
      .insertInto('token_packages')
      .values({
        id: packageId,
        game_id: gameId,
        token_title: 'Pack',
        unit: 100,
        price: 1500,
        currency: 'MMK',
        payment_method: 'NORMAL',
        can_add_quantity: 0,
        package_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const sink = fork(new URL('./lib/push-sink.mjs', import.meta.url), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(sink);
    // Polled for its count every few ms: each poll waits on the child once.
    sink.setMaxListeners(0);
    const sinkPort = (await nextMessage(sink, 'ready')).port as number;
    await sameClock(sink, 'push sink');
    const devices = Array.from({ length: DEVICES }, (_, i) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        id: randomUUID(),
        user_id: user.id,
        endpoint: `http://127.0.0.1:${sinkPort}/device/${i}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
        label: `bench ${i}`,
        created_at: now,
        last_sent_at: null,
      };
    });
    await app.ctx.db.insertInto('push_subscriptions').values(devices).execute();

    const hub = fork(
      new URL('./lib/hub-clients.mjs', import.meta.url),
      [JSON.stringify({ mode: 'raw-ws', url: `${base}/dashboard`, token, count: HUB_CLIENTS })],
      {
        execArgv: [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.push(hub);
    await nextMessage(hub, 'ready');
    await sameClock(hub, 'hub clients');

    const pushCount = async () => {
      const reply = nextMessage(sink, 'count');
      sink.send({ type: 'count' });
      return (await reply).n as number;
    };
    const orderIds: string[] = [];
    let transaction = 100_000 + Math.floor(Math.random() * 800_000);
    for (let round = 0; round <= ROUNDS; round++) {
      const blocks = Buffer.from(Array.from({ length: 16 * 16 * 3 }, () => Math.floor(Math.random() * 256)));
      const screenshot = await sharp(blocks, { raw: { width: 16, height: 16, channels: 3 } })
        .resize(96, 160, { kernel: 'nearest' })
        .png()
        .toBuffer();
      const form = orderForm(
        {
          inGameUserId: `bench-${round}`,
          serverInfo: '',
          mobileNumber: '09123456789',
          tokenPackageId: packageId,
          quantity: '1',
          subTotal: '1500',
          transactionNumber: String(transaction++),
        },
        screenshot,
        'png',
      );
      const res = await fetch(`${base}/api/v1/Order`, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: new Uint8Array(form.body),
      });
      if (res.status !== 201) throw new Error(`order ${round}: ${res.status} ${await res.text()}`);
      orderIds.push(((await res.json()) as { payLoad: { id: string } }).payLoad.id);
      const want = (round + 1) * DEVICES;
      const deadline = Date.now() + 15_000;
      while ((await pushCount()) < want) {
        if (Date.now() > deadline) throw new Error(`round ${round}: pushes missing (${await pushCount()} of ${want})`);
        await sleep(5);
      }
      await sleep(GAP_MS);
    }

    const arrivalsReply = nextMessage(sink, 'arrivals');
    sink.send({ type: 'collect' });
    const arrivals = (await arrivalsReply).arrivals as Array<[number, string]>;
    const samplesReply = nextMessage(hub, 'samples');
    hub.send({ type: 'collect' });
    const hubSamples = (await samplesReply).samples as Record<string, number[]>;

    const push: number[] = [];
    const pushLast: number[] = [];
    const hubAll: number[] = [];
    const hubLast: number[] = [];
    let hubMissing = 0;
    // Round 0 warms up (first connections to the push service, JIT) and is not counted.
    for (let round = 1; round <= ROUNDS; round++) {
      const t0 = committed.get(orderIds[round]!)!;
      const mine = arrivals.slice(round * DEVICES, (round + 1) * DEVICES).map(([t]) => t - t0);
      push.push(...mine);
      pushLast.push(Math.max(...mine));
      const received = (hubSamples[orderIds[round]!] ?? []).map((t) => t - t0);
      hubMissing += HUB_CLIENTS - received.length;
      hubAll.push(...received);
      if (received.length) hubLast.push(Math.max(...received));
    }
    console.log(
      `staff-alerts: ${ROUNDS} orders (+1 warm-up), ${DEVICES} push devices, ${HUB_CLIENTS} hub WebSocket clients, ${GAP_MS} ms apart; ms from the order's commit`,
    );
    printTable(
      ['path', 'p50', 'p99', 'last of each order p50', 'last p99'],
      [
        [
          'push request arrives at push service',
          fmt(median(push)),
          fmt(percentile(push, 99)),
          fmt(median(pushLast)),
          fmt(percentile(pushLast, 99)),
        ],
        [
          'hub ReceiveOrder at client (same run)',
          fmt(median(hubAll)),
          fmt(percentile(hubAll, 99)),
          fmt(median(hubLast)),
          fmt(percentile(hubLast, 99)),
        ],
      ],
    );
    if (hubMissing) console.warn(`  ${hubMissing} hub deliveries missing`);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
