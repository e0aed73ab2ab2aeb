// The baseline of bench/hub-latency.ts: the least a server can do for "a buyer's order reaches every open
// dashboard", on plain node in its own process (node:http and `ws`, no framework, no database, no disk).
// POST /api/v1/Order reads the whole body (the same multipart request the shop gets), renders the two records the hub
// sends for an order (ReceiveOrder + ReceiveNotificationMessage: argv[2] is the hub's own frame for a real order, as
// a client received it; each request gets fresh ids of the same length, so the same number of bytes), writes them
// to every plain WebSocket, then answers 201 with the id. Broadcast before the answer, as the shop does
// (orders.service.ts emits the order before the route answers). Any other path upgrades to a WebSocket.
// Sends { type: 'ready', url } over IPC once listening; exits when the parent goes.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer } from 'ws';

const RS = '\x1e';
const [order, notification] = process.argv[2].split(RS).filter(Boolean).map((text) => JSON.parse(text));
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
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/v1/Order') {
    res.writeHead(404).end();
    return;
  }
  let length = 0;
  req.on('data', (chunk) => (length += chunk.length));
  req.on('end', () => {
    const id = randomUUID();
    const bytes = render(id);
    for (const ws of sockets) ws.send(bytes, { binary: false });
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
