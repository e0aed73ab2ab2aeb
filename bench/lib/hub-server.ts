// Server process for bench/hub-latency.ts: the real app (hub at /dashboard) and, on another port, the bare `ws`
// baseline, alone in this process so the client fleet never shares its event loop. The driver sends
// `{ type: 'fire', target: 'hub' | 'bare', id }` over IPC; this process reads the monotonic clock (process.hrtime,
// CLOCK_MONOTONIC on Linux, the same clock every process on the machine reads) right before the order event is
// emitted, or right before the bare broadcast loop, and answers `{ type: 'fired', id, t0 }`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { OrderCreated } from '../../apps/server/src/events/order-events.ts';
import { register } from '../../apps/server/src/modules/auth/auth.service.ts';
import { invocationRecord } from '../../apps/server/src/realtime/protocol.ts';

const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (msg: object) => process.send!(msg);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp(config, { logger: false, webDir: path.join(dataDir, 'no-web') });
  await register(app.ctx, { email: 'bench@bench.local', password: 'bench-password-123' });
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email: 'bench@bench.local', password: 'bench-password-123' } });
  const token = (login.json() as { payLoad: { accessToken: string } }).payLoad.accessToken;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hubUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/dashboard`;

  // A real order (and its notification) as the payload, placed once through the API.
  const template = await realOrder(app, token);

  // The bare baseline: the same two records, built once per round like the hub does, sent to every plain socket.
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.once('listening', resolve));
  const bareUrl = `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const bareSockets = new Set<WebSocket>();
  bare.on('connection', (ws) => {
    bareSockets.add(ws);
    ws.on('close', () => bareSockets.delete(ws));
  });

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const fire: Record<string, (id: string) => void> = {
    hub: (id) => app.ctx.events.orderCreated({ order: { ...template.order, id }, notification: { ...template.notification, orderId: id } }),
    bare: (id) => {
      const text =
        invocationRecord('ReceiveOrder', [{ ...template.order, id }]) +
        invocationRecord('ReceiveNotificationMessage', [{ ...template.notification, orderId: id }]);
      const bytes = Buffer.from(text);
      for (const ws of bareSockets) ws.send(bytes, { binary: false });
    },
  };
  let broadcastMs: number[] = [];
  // Long polling: when each held poll's answer left this process, counted from the round's stamp.
  let lastFire = 0;
  let answeredMs: number[] = [];
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url?.startsWith('/dashboard?')) res.once('finish', () => lastFire && answeredMs.push(monoMs() - lastFire));
  });
  process.on('message', (msg: { type: string; target?: string; id?: string }) => {
    if (msg.type === 'fire') {
      const t0 = monoMs();
      lastFire = t0;
      fire[msg.target!]!(msg.id!);
      // How long the synchronous fan-out held this event loop (the hub's share of every client's latency).
      broadcastMs.push(monoMs() - t0);
      send({ type: 'fired', id: msg.id, t0 });
    } else if (msg.type === 'stats-reset') {
      // Window marks (monotonic µs, the clock .cpuprofile timestamps use) for slicing a --cpu-prof profile.
      if (process.env.HUB_MARKS) console.error(`mark start ${Math.round(monoMs() * 1000)}`);
      loopDelay.reset();
      loopDelay.enable();
      broadcastMs = [];
      answeredMs = [];
      lastFire = 0;
    } else if (msg.type === 'stats') {
      if (process.env.HUB_MARKS) console.error(`mark end ${Math.round(monoMs() * 1000)}`);
      loopDelay.disable();
      const sorted = [...broadcastMs].sort((a, b) => a - b);
      const answered = answeredMs.filter((t) => t < 1000).sort((a, b) => a - b);
      send({
        type: 'stats',
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
        broadcastP50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
        broadcastMax: sorted.at(-1) ?? NaN,
        answeredP50: answered[Math.floor(answered.length / 2)] ?? NaN,
        answeredP99: answered[Math.floor(answered.length * 0.99)] ?? NaN,
        payloadBytes: Buffer.byteLength(
          invocationRecord('ReceiveOrder', [template.order]) + invocationRecord('ReceiveNotificationMessage', [template.notification]),
        ),
      });
    } else if (msg.type === 'stop') {
      bare.close();
      void app.close().then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  // The driver went away (crashed or interrupted): don't linger.
  process.once('disconnect', () => process.exit(1));
  send({ type: 'ready', hubUrl, bareUrl, token });
}

async function realOrder(app: Awaited<ReturnType<typeof buildApp>>, token: string): Promise<OrderCreated> {
  const ts = new Date().toISOString();
  const gameId = randomUUID();
  const packageId = randomUUID();
  await app.ctx.db.insertInto('games').values({ id: gameId, title: 'Mobile Legends', description: '', order_index: 1, server_type: 'NONE', is_disable: 0, logo: null, banner_image: null, game_profile_image: null, created_at: ts, updated_at: ts }).execute();
  await app.ctx.db.insertInto('token_packages').values({ id: packageId, game_id: gameId, token_title: '86 Diamonds', unit: 86, price: 5000, currency: 'MMK', payment_method: 'NORMAL', can_add_quantity: 1, package_image: null, created_at: ts, updated_at: ts }).execute();
  let captured: OrderCreated | undefined;
  const off = app.ctx.events.onOrderCreated((e) => void (captured = e));
  const boundary = `----bench${randomUUID()}`;
  const fields = { inGameUserId: '12345678', serverInfo: '', mobileNumber: '09123456789', tokenPackageId: packageId, quantity: '1', transactionNumber: '123456' };
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } }).png().toBuffer();
  const parts = [
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_ScreenShot"; filename="pay.png"\r\nContent-Type: image/png\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const res = await app.inject({ method: 'POST', url: '/api/v1/Order', payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  off();
  if (res.statusCode !== 201 || !captured) throw new Error(`placing the sample order failed: ${res.statusCode} ${res.body}`);
  return captured;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
