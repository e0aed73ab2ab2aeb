// Client process for bench/payment-notices.ts: what staff and buyers see of a payment, each stamped with the
// monotonic clock the driver reads (process.hrtime: CLOCK_MONOTONIC, checked at start-up).
// - staff: one official @microsoft/signalr client on WebSockets (what the dashboard runs), listening for
//   `ReceiveOrderChanged`; the first event of kind `payment` whose order says `paymentState: received` is the
//   staff's row showing "received". Every such event is counted (an order paid twice would show twice).
// - buyers: one status page stream (server-sent events, what the browser's EventSource reads) per order; the first
//   frame with `paymentReceived: true` is the buyer's page showing "payment received".
// IPC: 'ready' once every stream has its first frame and the hub client is connected; 'clock' → 't';
// 'collect' → 'samples' { staff: { orderId: [t…] }, buyers: { orderId: t }, problems }, then the process exits.
import http from 'node:http';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

const { base, token, pages } = JSON.parse(process.argv[2]);
const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
const staff = {};
const buyers = {};
const problems = [];
const requests = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function openPage({ id, code, token: pageToken }) {
  return new Promise((resolve, reject) => {
    let first = true;
    const req = http.get(`${base}/api/v1/OrderTracking/${code}/events?t=${encodeURIComponent(pageToken)}`, { agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${code}: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk) => {
        const t = monoMs();
        buffered += chunk;
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue; // keep-alive comment
          const frame = JSON.parse(data.slice(6));
          const received = (frame.order ?? frame).paymentReceived === true;
          if (first) {
            first = false;
            if (received) problems.push(`page ${code} showed "received" before any notice`);
            resolve();
          } else if (received && buyers[id] === undefined) buyers[id] = t;
        }
      });
      res.on('end', () => problems.push(`stream ${code} ended by the server`));
    });
    req.on('socket', (s) => s.setNoDelay(true));
    req.on('error', (err) => (first ? reject(err) : problems.push(`stream ${code}: ${err.message}`)));
    requests.push(req);
  });
}

const hub = new HubConnectionBuilder()
  .withUrl(`${base}/dashboard`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
  .configureLogging(LogLevel.None)
  .build();
hub.on('ReceiveOrderChanged', (event) => {
  const t = monoMs();
  if (event.changes.includes('payment') && event.order?.paymentState === 'received') (staff[event.orderId] ??= []).push(t);
});
for (const target of ['ReceiveOrder', 'ReceiveNotificationMessage', 'ReceiveOrderVerdict', 'ReceivePaymentNotice'])
  hub.on(target, () => {});
hub.onclose((err) => err && problems.push(`hub client closed: ${err.message}`));

try {
  await hub.start();
  for (let i = 0; i < pages.length; i += 50) await Promise.all(pages.slice(i, i + 50).map(openPage));
  process.send({ type: 'ready' });
} catch (err) {
  process.send({ type: 'failed', error: String(err?.stack ?? err) });
  process.exit(1);
}

process.once('disconnect', () => process.exit(1));
process.on('message', async (m) => {
  if (m.type === 'clock') process.send({ type: 'clock', t: monoMs() });
  if (m.type === 'collect') {
    process.send({ type: 'samples', staff, buyers, problems }, async () => {
      for (const req of requests) req.destroy();
      await hub.stop();
      process.exit(0);
    });
  }
});
