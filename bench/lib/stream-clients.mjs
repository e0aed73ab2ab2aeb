// Client process for bench/status-stream.ts: opens one buyer status page stream per entry of `pages` and records, per
// order code, the monotonic time of every order frame after the first (the first is the order as it was at connect).
// IPC (status-page-streams.mjs): 'ready' once every stream has its first frame; 'clock' → 't';
// 'collect' → 'samples' { samples: { code: [t…] }, problems } and the process closes its streams and exits.
import { serveDriver, statusPageStreams } from './status-page-streams.mjs';

const { base, pages } = JSON.parse(process.argv[2]);
const samples = {};
const streams = statusPageStreams(base, ({ code }, _data, t, first) => {
  if (!first) (samples[code] ??= []).push(t);
});

await serveDriver({
  start: () => streams.openAll(pages),
  samples: () => ({ samples, problems: streams.problems }),
  stop: () => streams.close(),
});
