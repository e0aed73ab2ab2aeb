// Client process for bench/hub-latency.ts (one of several, each its own process and event loop). Opens `count`
// clients of one kind and records, per round id, the monotonic time (process.hrtime: CLOCK_MONOTONIC, the same
// clock the driver stamps with) at which each client got that round's ReceiveOrder. Also counted: the other
// invocations that arrived (by target), and, on WebSockets, the first frame that carried a ReceiveOrder is kept
// as text (the driver hands the hub's frame to the bare baseline so it sends the same bytes).
// Kinds:
//   signalr-ws / signalr-lp  the official @microsoft/signalr client, unchanged (heavy: fetch + cookie jar, timers
//                            per connection); used for a subset to show the real client sees what the raw one sees.
//   raw-ws / raw-lp          a small protocol-correct client: negotiate (version 1), the transport with `id` and
//                            `access_token` as the official client sends them, the JSON handshake, records split on
//                            0x1E and each parsed, ReceiveOrder taken from the invocation, Close honoured, a ping
//                            every 15 s (WebSockets); polls re-armed at once with the bearer header (long polling).
//   bare-ws                  plain `ws` sockets to the bare baseline server; records parsed the same way.
//   bare-lp                  the bare server's plain long-poll loop (GET /poll?id=, held until the next broadcast),
//                            re-armed at once through the same `request` as raw-lp; records parsed the same way.
import http from 'node:http';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import WebSocket from 'ws';

const { mode, url, token, count } = JSON.parse(process.argv[2]);
const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
const RS = '\x1e';
const HANDSHAKE = JSON.stringify({ protocol: 'json', version: 1 }) + RS;
const PING = JSON.stringify({ type: 6 }) + RS;
/** round id → receive times (monotonic ms). */
const samples = {};
const record = (id) => (samples[id] ??= []).push(monoMs());
/** target → invocations received other than ReceiveOrder (e.g. the screenshot check's verdict). */
const others = {};
/** The first WebSocket frame that carried a ReceiveOrder, as text. */
let orderFrame = null;
const keepFrame = (text) => {
  if (orderFrame === null && text.includes('"ReceiveOrder"')) orderFrame = text;
};
const closers = [];
const problems = [];

/** Handles one complete record after the handshake; returns false when the server closed the connection. */
function onRecord(text) {
  const msg = JSON.parse(text);
  if (msg.type === 1 && msg.target === 'ReceiveOrder') record(msg.arguments[0].id);
  // Staff's view of a change (e.g. an automatic completion), keyed `changed:{orderId}`.
  else if (msg.type === 1 && msg.target === 'ReceiveOrderChanged') record(`changed:${msg.arguments[0].orderId}`);
  else if (msg.type === 1) others[msg.target] = (others[msg.target] ?? 0) + 1;
  else if (msg.type === 7) {
    problems.push(`closed by server: ${msg.error ?? 'no error'}`);
    return false;
  }
  return true;
}

/** Splits incoming text into records; the first record on a hub connection is the handshake answer. */
function recordReader(onHandshake) {
  let buffered = '';
  let handshaken = !onHandshake;
  return (text) => {
    buffered += text;
    const parts = buffered.split(RS);
    buffered = parts.pop();
    for (const part of parts) {
      if (!part) continue;
      if (!handshaken) {
        handshaken = true;
        onHandshake(JSON.parse(part));
        continue;
      }
      if (!onRecord(part)) return false;
    }
    return true;
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function request(method, target, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method, agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain;charset=UTF-8' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('socket', (s) => s.setNoDelay(true));
    req.on('error', reject);
    req.end(body);
  });
}

async function negotiate() {
  const res = await request('POST', `${url}/negotiate?negotiateVersion=1`, '');
  if (res.status !== 200) throw new Error(`negotiate: ${res.status} ${res.body}`);
  return JSON.parse(res.body).connectionToken;
}

const rawSockets = new Set();
async function openRawWs() {
  const id = await negotiate();
  const wsUrl = `${url.replace(/^http/, 'ws')}?id=${encodeURIComponent(id)}&access_token=${encodeURIComponent(token)}`;
  await new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    const read = recordReader((answer) => (answer.error ? reject(new Error(answer.error)) : resolve()));
    ws.on('message', (data) => {
      const text = data.toString('utf8');
      keepFrame(text);
      if (!read(text)) ws.close();
    });
    ws.once('open', () => ws.send(HANDSHAKE));
    ws.once('error', reject);
    ws.on('close', () => rawSockets.delete(ws));
    rawSockets.add(ws);
    closers.push(
      () =>
        new Promise((done) => {
          if (ws.readyState === WebSocket.CLOSED) return done();
          ws.once('close', done);
          ws.close(1000);
        }),
    );
  });
}
// The official client pings every 15 s; one shared timer does it for all raw sockets of this process.
setInterval(() => {
  for (const ws of rawSockets) if (ws.readyState === WebSocket.OPEN) ws.send(PING);
}, 15_000).unref();

async function openRawLp() {
  const id = await negotiate();
  const target = `${url}?id=${encodeURIComponent(id)}`;
  const first = await request('GET', target);
  if (first.status !== 200) throw new Error(`first poll: ${first.status}`);
  let running = true;
  let handshake;
  const handshaken = new Promise((resolve, reject) => (handshake = { resolve, reject }));
  const read = recordReader((answer) => (answer.error ? handshake.reject(new Error(answer.error)) : handshake.resolve()));
  const loop = (async () => {
    while (running) {
      const res = await request('GET', target);
      if (res.status === 204) break;
      if (res.status !== 200) {
        problems.push(`poll: ${res.status}`);
        break;
      }
      if (res.body && !read(res.body)) break;
    }
  })();
  const sent = await request('POST', target, HANDSHAKE);
  if (sent.status !== 200) throw new Error(`handshake send: ${sent.status}`);
  await handshaken;
  closers.push(async () => {
    running = false;
    await request('DELETE', target);
    await loop;
  });
}

let bareClients = 0;
async function openBareLp() {
  const target = `${url}/poll?id=${process.pid}-${bareClients++}`;
  // The first poll of a new id answers at once: the client knows the server has it.
  const first = await request('GET', target);
  if (first.status !== 200) throw new Error(`first bare poll: ${first.status}`);
  const read = recordReader(null);
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await request('GET', target);
      if (res.status === 204) break;
      if (res.status !== 200) {
        problems.push(`bare poll: ${res.status}`);
        break;
      }
      if (res.body) read(res.body);
    }
  })();
  closers.push(async () => {
    running = false;
    await request('DELETE', target);
    await loop;
  });
}

function openBareWs() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { perMessageDeflate: false });
    const read = recordReader(null);
    ws.on('message', (data) => {
      const text = data.toString('utf8');
      keepFrame(text);
      read(text);
    });
    ws.once('open', resolve);
    ws.once('error', reject);
    closers.push(
      () =>
        new Promise((done) => {
          if (ws.readyState === WebSocket.CLOSED) return done();
          ws.once('close', done);
          ws.close(1000);
        }),
    );
  });
}

async function openSignalR(transport) {
  const connection = new HubConnectionBuilder()
    .withUrl(url, { transport, accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
  connection.on('ReceiveOrder', (order) => record(order.id));
  connection.on('ReceiveNotificationMessage', () => undefined);
  connection.onclose((err) => err && problems.push(`official client closed: ${err.message}`));
  await connection.start();
  closers.push(() => connection.stop());
}

const open = {
  'raw-ws': openRawWs,
  'raw-lp': openRawLp,
  'bare-ws': openBareWs,
  'bare-lp': openBareLp,
  'signalr-ws': () => openSignalR(HttpTransportType.WebSockets),
  'signalr-lp': () => openSignalR(HttpTransportType.LongPolling),
}[mode];

try {
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => open()));
  }
  process.send({ type: 'ready' });
} catch (err) {
  process.send({ type: 'failed', error: String(err?.stack ?? err) });
  process.exit(1);
}

process.once('disconnect', () => process.exit(1));
process.on('message', async (msg) => {
  if (msg.type === 'clock') process.send({ type: 'clock', t: monoMs() });
  else if (msg.type === 'collect') {
    process.send({ type: 'samples', samples, problems, others, orderFrame });
    await Promise.race([Promise.all(closers.map((c) => c().catch(() => undefined))), new Promise((r) => setTimeout(r, 3000))]);
    process.exit(0);
  }
});
