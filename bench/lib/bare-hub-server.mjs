// The baseline of bench/hub-latency.ts: the least a server can do for "a buyer's order reaches every open
// dashboard", on plain node in its own process (node:http and `ws`, no framework, no database, no disk).
// POST /api/v1/Order reads the whole body (the same multipart request the shop gets), renders the two records the hub
// sends for an order (ReceiveOrder + ReceiveNotificationMessage: argv[2] is the hub's own frame for a real order, as
// a client received it; each request gets fresh ids of the same length, so the same number of bytes), writes them
// to every plain WebSocket and every held long poll, then answers 201 with the id. Broadcast before the answer, as
// the shop does (orders.service.ts emits the order before the route answers). Any other path upgrades to a WebSocket.
// The bare long-poll loop (the long-polling transport's baseline): GET /poll?id=<client> is held open until the next
// broadcast and answered 200 with those same bytes (the hub's poll answer: both records in one body, text/plain);
// the first GET of a new id answers at once, empty, as the hub's first poll does; bytes broadcast while a client
// is between polls wait for its next GET, as the hub queues them; DELETE /poll?id= ends a client (held poll: 204).
// Sends { type: 'ready', url } over IPC once listening; exits when the parent goes.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer } from 'ws';

const RS = '\x1e';
const [order, notification] = process.argv[2]
  .split(RS)
  .filter(Boolean)
  .map((text) => JSON.parse(text));
if (order?.target !== 'ReceiveOrder' || notification?.target !== 'ReceiveNotificationMessage') throw new Error('not a hub order frame');

/** The records for a new order, built per request as the hub builds them per broadcast. */
function render(id) {
  const records = [
    { ...order, arguments: [{ ...order.arguments[0], id }] },
    { ...notification, arguments: [{ ...notification.arguments[0], id: randomUUID(), orderId: id }] },
  ];
  return Buffer.from(records.map((r) => JSON.stringify(r) + RS).join(''), 'utf8');
}

const sockets = new Set();
/** Long-poll client id → its held response (or null) and the bytes waiting for its next poll. */
const pollers = new Map();
const answerPoll = (res, status, bytes) =>
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': bytes.length })
    .end(bytes);

function onPoll(req, res) {
  const id = new URL(req.url, 'http://bare.invalid').searchParams.get('id');
  if (!id) return void res.writeHead(400).end();
  const poller = pollers.get(id);
  if (req.method === 'DELETE') {
    if (poller?.held) answerPoll(poller.held, 204, Buffer.alloc(0));
    pollers.delete(id);
    return void res.writeHead(202).end();
  }
  if (!poller) {
    pollers.set(id, { held: null, waiting: [] });
    return answerPoll(res, 200, Buffer.alloc(0));
  }
  if (poller.waiting.length) {
    const bytes = Buffer.concat(poller.waiting);
    poller.waiting = [];
    return answerPoll(res, 200, bytes);
  }
  poller.held = res;
  res.once('close', () => poller.held === res && (poller.held = null));
}

function broadcast(bytes) {
  for (const ws of sockets) ws.send(bytes, { binary: false });
  for (const poller of pollers.values()) {
    if (!poller.held) {
      poller.waiting.push(bytes);
      continue;
    }
    const res = poller.held;
    poller.held = null;
    answerPoll(res, 200, bytes);
  }
}

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/poll?') && (req.method === 'GET' || req.method === 'DELETE')) return onPoll(req, res);
  if (req.method !== 'POST' || req.url !== '/api/v1/Order') {
    res.writeHead(404).end();
    return;
  }
  let length = 0;
  req.on('data', (chunk) => (length += chunk.length));
  req.on('end', () => {
    const id = randomUUID();
    broadcast(render(id));
    const body = JSON.stringify({ payLoad: { id, received: length } });
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws) => {
  sockets.add(ws);
  ws.on('close', () => sockets.delete(ws));
});
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` }));
process.once('disconnect', () => process.exit(0));
