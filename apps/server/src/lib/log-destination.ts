// The server's log on stdout, written in batches: one write(2) per 4 KB of lines instead of one per line (the request
// log makes a line per request, docs/decisions/0403-request-log.md). Flushed every second, so a quiet server's lines
// still show promptly, synchronously on close, and by pino on process exit (crash included).
import pino from 'pino';

const FLUSH_EVERY_MS = 1000;

export function createLogDestination() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => stream.flush(), FLUSH_EVERY_MS);
  timer.unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      stream.flushSync();
    },
  };
}
