// A push service for bench/staff-alerts.ts, in a process of its own: records the monotonic time (process.hrtime, the
// driver's clock) at which each push request's headers arrive, and answers 201 like a real push service. The bodies
// are read and dropped: decrypting them is the server tests' job (apps/server/src/modules/staff-alerts).
import http from 'node:http';

const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
/** [arrival ms, path] in arrival order. */
const arrivals = [];
const server = http.createServer({ keepAlive: true }, (req, res) => {
  arrivals.push([monoMs(), req.url]);
  req.resume();
  req.on('end', () => res.writeHead(201).end());
});
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));

process.once('disconnect', () => process.exit(1));
process.on('message', (msg) => {
  if (msg.type === 'clock') process.send({ type: 'clock', t: monoMs() });
  else if (msg.type === 'count') process.send({ type: 'count', n: arrivals.length });
  else if (msg.type === 'collect') {
    process.send({ type: 'arrivals', arrivals });
    server.close(() => process.exit(0));
  }
});
