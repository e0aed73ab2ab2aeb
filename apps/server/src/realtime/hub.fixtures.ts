// Test helpers for the hub suites: short timings, the official @microsoft/signalr client in Node against a listening
// app, a catalog written straight to the database, and an order placed through POST /api/v1/Order.
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type ILogger } from '@microsoft/signalr';
import WebSocket from 'ws';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto } from '@topup/contract/orders';
import { multipart, png, type TestApp } from '../../test/helpers.ts';
import { createCatalog } from '../modules/orders/orders.fixtures.ts';
import type { HubTimings } from './hub.ts';

/** Fast enough for tests, same ratios as production (ping well inside the timeout). */
export const FAST: HubTimings = {
  keepAliveMs: 200,
  serverTimeoutMs: 1000,
  longPollMs: 1500,
  handshakeTimeoutMs: 1000,
  authRecheckMs: 60_000,
};

export const TRANSPORTS = [
  { name: 'WebSockets', transport: HttpTransportType.WebSockets },
  { name: 'long polling', transport: HttpTransportType.LongPolling },
] as const;

export async function listen(t: TestApp, port = 0): Promise<string> {
  await t.app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export type Client = {
  connection: HubConnection;
  orders: OrderDto[];
  notifications: NotificationDto[];
  /** Errors given to onreconnecting / onclose, in order. */
  events: string[];
  logs: string[];
  stop(): Promise<void>;
};

export async function connectClient(base: string, transport: HttpTransportType, token: () => string): Promise<Client> {
  const logs: string[] = [];
  // The client's default logger writes errors to console.error, which fails a test; keep them for messages instead.
  const logger: ILogger = { log: (level, message) => void logs.push(`${LogLevel[level]}: ${message}`) };
  const connection = new HubConnectionBuilder()
    .withUrl(`${base}/dashboard`, { transport, accessTokenFactory: token, withCredentials: true })
    .withAutomaticReconnect([0, 200, 400, 800, 1000, 1000, 1000, 1000, 1000, 1000])
    .configureLogging(logger)
    .build();
  connection.serverTimeoutInMilliseconds = FAST.serverTimeoutMs * 2;
  connection.keepAliveIntervalInMilliseconds = FAST.keepAliveMs;
  const client: Client = {
    connection,
    orders: [],
    notifications: [],
    events: [],
    logs,
    stop: () => connection.stop(),
  };
  connection.on('ReceiveOrder', (order: OrderDto) => void client.orders.push(order));
  connection.on('ReceiveNotificationMessage', (n: NotificationDto) => void client.notifications.push(n));
  connection.onreconnecting((err) => void client.events.push(`reconnecting: ${err?.message ?? ''}`));
  connection.onreconnected(() => void client.events.push('reconnected'));
  connection.onclose((err) => void client.events.push(`closed: ${err?.message ?? ''}`));
  await connection.start();
  return client;
}

export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A game and one package (price 1500, quantity allowed), written straight to the database. */
export async function createPackage(t: TestApp, title = 'Diamonds'): Promise<string> {
  const { packageId } = await createCatalog(t, { title: 'Hub Test Game' }, { title, price: 1500, canAddQuantity: true });
  return packageId;
}

/** POST /api/v1/Order as a buyer's browser sends it; returns the created order. */
export async function placeOrder(t: TestApp, packageId: string, inGameUserId = 'player-1'): Promise<OrderDto> {
  return (await placeTrackedOrder(t, packageId, inGameUserId)).order;
}

/** Places an order; returns it and the buyer's private tracking token, which only this answer carries. */
export async function placeTrackedOrder(
  t: TestApp,
  packageId: string,
  inGameUserId = 'player-1',
): Promise<{ order: OrderDto; trackingToken: string }> {
  const form = multipart(
    {
      inGameUserId,
      serverInfo: '',
      mobileNumber: '09123456789',
      tokenPackageId: packageId,
      quantity: '1',
      subTotal: '1500',
      transactionNumber: '123456',
      screenShot: '',
    },
    { file_ScreenShot: { data: await png(), filename: 'pay.png', contentType: 'image/png' } },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Order', payload: form.payload, headers: form.headers });
  if (res.statusCode !== 201) throw new Error(`placing the order failed: ${res.statusCode} ${res.body}`);
  // The buyer's private tracking token is in the answer only, never in what admins receive.
  const { trackingToken, ...order } = res.json().payLoad as OrderDto & { trackingToken: string };
  return { order, trackingToken };
}

/** Opens a raw WebSocket and resolves with the upgrade's HTTP status (101 when it upgraded). */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}
