// Client process for bench/status-stream.ts: opens one buyer status page stream (server-sent events, what the
// browser's EventSource reads) per entry of `pages`, and records, per order code, the monotonic time
// (process.hrtime: CLOCK_MONOTONIC, the clock the driver stamps with) of every order frame after the first (the
// first is the order as it was at connect). IPC: 'ready' once every stream has its first frame; 'clock' → 't';
// 'collect' → 'samples' { samples: { code: [t…] }, problems } and the process closes its streams and exits.
import http from 'node:http';

const { base, pages } = JSON.parse(process.argv[2]);
const monoMs = () => Number(process.hrtime.bigint()) / 1e6;
const samples = {};
const problems = [];
const requests = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function open({ code, token }) {
  return new Promise((resolve, reject) => {
    let first = true;
    const req = http.get(`${base}/api/v1/OrderTracking/${code}/events?t=${encodeURIComponent(token)}`, { agent }, (res) => {
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
          if (!block.split('\n').some((l) => l.startsWith('data: '))) continue; // keep-alive comment
          if (first) {
            first = false;
            resolve();
          } else (samples[code] ??= []).push(t);
        }
      });
      res.on('end', () => problems.push(`stream ${code} ended by the server`));
    });
    req.on('socket', (s) => s.setNoDelay(true));
    req.on('error', (err) => (first ? reject(err) : problems.push(`stream ${code}: ${err.message}`)));
    requests.push(req);
  });
}

try {
  // A few at a time, as pages opening over a while would.
  for (let i = 0; i < pages.length; i += 50) await Promise.all(pages.slice(i, i + 50).map(open));
  process.send({ type: 'ready' });
} catch (err) {
  process.send({ type: 'failed', error: String(err) });
  process.exit(1);
}

process.on('message', (m) => {
  if (m.type === 'clock') process.send({ type: 'clock', t: monoMs() });
  if (m.type === 'collect') {
    process.send({ type: 'samples', samples, problems }, () => {
      for (const req of requests) req.destroy();
      process.exit(0);
    });
  }
});
