// The log for a person at a terminal: `npm start` in a shell shows "12:04:31 GET /api/v1/Game 200 3.1 ms" instead
// of one JSON object per request. JSON stays for files, pipes and log collectors (LOG_FORMAT=auto decides by whether
// stdout is a terminal; json or readable force one). See docs/decisions/0080.
import type { LogStream } from '../plugins/request-log.ts';

export const LOG_FORMATS = ['auto', 'json', 'readable'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** `auto` is readable on a terminal and JSON anywhere else. */
export function resolveLogFormat(format: LogFormat, isTerminal: boolean): 'json' | 'readable' {
  if (format === 'auto') return isTerminal ? 'readable' : 'json';
  return format;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the readable line already shows in its own place. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'method', 'path', 'status', 'ms', 'ip', 'err']);

const clock = (time: unknown) => {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return d.toTimeString().slice(0, 8);
};

const value = (v: unknown) => (typeof v === 'string' ? (/[\s"=]/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

/** One JSON log line as a readable one; a line that is not JSON comes back as it is. */
export function readableLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const level = LEVELS[Number(entry.level)] ?? 'INFO';
  const head = `${clock(entry.time)} ${level.padEnd(5)}`;
  if (entry.msg === 'request' && typeof entry.method === 'string') {
    return `${head} ${entry.method} ${String(entry.path)} ${String(entry.status)} ${String(entry.ms)} ms\n`;
  }
  const extra = Object.entries(entry)
    .filter(([k]) => !SHOWN.has(k))
    .map(([k, v]) => `${k}=${value(v)}`);
  if (entry.method !== undefined) extra.unshift(`${String(entry.method)} ${String(entry.path)} ${String(entry.status ?? '')}`.trim());
  let text = `${head} ${String(entry.msg ?? '')}${extra.length ? ` ${extra.join(' ')}` : ''}\n`;
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `${err.stack ?? err.message ?? JSON.stringify(err)}\n`;
  return text;
}

/** Writes each JSON line to `target` as a readable line. */
export function readableStream(target: LogStream): LogStream {
  return {
    write(line: string) {
      // pino hands one line per write; a batch of several is split so each is turned.
      const lines = line.endsWith('\n') ? line.slice(0, -1).split('\n') : [line];
      for (const one of lines) target.write(readableLine(one));
    },
  };
}
