// Client process for bench/payment-notices.ts: what staff and buyers see of a payment, each stamped with the
// monotonic clock the driver reads (process.hrtime: CLOCK_MONOTONIC, checked at start-up).
// - staff: one official @microsoft/signalr client on WebSockets (what the dashboard runs), listening for
//   `ReceiveOrderChanged`; the first event of kind `payment` whose order says `paymentState: received` is the
//   staff's row showing "received". Every such event is counted (an order paid twice would show twice).
// - buyers: one status page stream per order (status-page-streams.mjs); the first frame with
//   `paymentReceived: true` is the buyer's page showing "payment received".
// IPC: 'ready' once every stream has its first frame and the hub client is connected; 'clock' → 't';
// 'collect' → 'samples' { staff: { orderId: [t…] }, buyers: { orderId: t }, problems }, then the process exits.
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { monoMs, serveDriver, statusPageStreams } from './status-page-streams.mjs';

const { base, token, pages } = JSON.parse(process.argv[2]);
const staff = {};
const buyers = {};
const problems = [];

const streams = statusPageStreams(base, ({ id, code }, data, t, first) => {
  const frame = JSON.parse(data);
  const received = (frame.order ?? frame).paymentReceived === true;
  if (first) {
    if (received) problems.push(`page ${code} showed "received" before any notice`);
  } else if (received && buyers[id] === undefined) buyers[id] = t;
});

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

await serveDriver({
  start: async () => {
    await hub.start();
    await streams.openAll(pages);
  },
  samples: () => ({ staff, buyers, problems: [...problems, ...streams.problems] }),
  stop: async () => {
    streams.close();
    await hub.stop();
  },
});
