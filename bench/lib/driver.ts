// Helpers for the benchmark drivers: IPC with a child process, medians, percentiles, tables, order forms.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';

export type Msg = { type: string; [key: string]: unknown };

/** The next IPC message of `type` from a child process; a `failed` message or the child's exit rejects. */
export function nextMessage(child: ChildProcess, type: string): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Msg) => {
      if (m.type === type) {
        child.off('message', onMessage);
        resolve(m);
      } else if (m.type === 'failed') reject(new Error(String(m.error)));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`waiting for ${type}: child process exited with ${code}`)));
  });
}

/** A monotonic clock in ms, comparable between processes of one machine (the benches check it with a round trip). */
export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

/** An order form as the storefront posts it: the fields, then the screenshot as `file_ScreenShot` (JPEG or PNG). */
export function orderForm(fields: Record<string, string>, screenshot: Buffer, type: 'jpeg' | 'png') {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const filename = type === 'jpeg' ? 'pay.jpg' : 'pay.png';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file_ScreenShot"; filename="${filename}"\r\nContent-Type: image/${type}\r\n\r\n`,
    ),
    screenshot,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
