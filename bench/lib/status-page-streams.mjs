// What the bench's client processes share (stream-clients.mjs, payment-watchers.mjs): buyers' status pages as
// server-sent-event streams (what the browser's EventSource reads), stamped on the monotonic clock the driver reads
// (process.hrtime: CLOCK_MONOTONIC), and the driver's side of the IPC: 'ready' (or 'failed'), 'clock' → 't',
// 'collect' → 'samples', then the process closes what it opened and exits.
import http from 'node:http';

export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Status page streams of one server. `onFrame(page, data, t, first)` gets each frame's `data:` line (keep-alive
 * comments are skipped) with the time its chunk arrived; `first` marks the frame the server sends at connect, the
 * order as it was then. Problems after a stream opened are collected in `problems`.
 */
export function statusPageStreams(base, onFrame) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const requests = [];
  const problems = [];

  /** Resolves on the stream's first frame. */
  function open(page) {
    const { code, token } = page;
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
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (!data) continue;
            onFrame(page, data.slice(6), t, first);
            if (first) {
              first = false;
              resolve();
            }
          }
        });
        res.on('end', () => problems.push(`stream ${code} ended by the server`));
      });
      req.on('socket', (s) => s.setNoDelay(true));
      req.on('error', (err) => (first ? reject(err) : problems.push(`stream ${code}: ${err.message}`)));
      requests.push(req);
    });
  }

  return {
    problems,
    /** Opens every page's stream, a few at a time, as pages opening over a while would. */
    async openAll(pages) {
      for (let i = 0; i < pages.length; i += 50) await Promise.all(pages.slice(i, i + 50).map(open));
    },
    close() {
      for (const req of requests) req.destroy();
    },
  };
}

/**
 * Runs a client process for its driver: `start()` opens the clients ('ready' once it resolved, 'failed' and exit 1 if
 * it threw); on 'collect' the process sends `samples()` as the 'samples' message, then awaits `stop()` and exits.
 * A driver that goes away takes the process with it.
 */
export async function serveDriver({ start, samples, stop }) {
  try {
    await start();
    process.send({ type: 'ready' });
  } catch (err) {
    process.send({ type: 'failed', error: String(err?.stack ?? err) });
    process.exit(1);
  }
  process.once('disconnect', () => process.exit(1));
  process.on('message', (m) => {
    if (m.type === 'clock') process.send({ type: 'clock', t: monoMs() });
    if (m.type === 'collect') {
      process.send({ type: 'samples', ...samples() }, async () => {
        await stop();
        process.exit(0);
      });
    }
  });
}
