// Test helper: a buyer's status page stream (server-sent events) read over real HTTP, frame by frame.
import http from 'node:http';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';

export type BuyerStream = {
  /** Every order frame received, the first one (the order as it was at connect) included. */
  frames: TrackedOrderDto[];
  /** Resolves with the frames once there are `n` (or after `timeoutMs`, with what there is). */
  waitFor(n: number, timeoutMs?: number): Promise<TrackedOrderDto[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export function openBuyerStream(base: string, code: string, token: string, headers: Record<string, string> = {}): BuyerStream {
  const frames: TrackedOrderDto[] = [];
  let wake: (() => void) | null = null;
  let failure: string | null = null;
  let ended!: () => void;
  const endedPromise = new Promise<void>((resolve) => (ended = resolve));
  const req = http.get(
    `${base}/api/v1/OrderTracking/${encodeURIComponent(code)}/events?t=${encodeURIComponent(token)}`,
    { headers },
    (res) => {
      if (!/^text\/event-stream/.test(String(res.headers['content-type']))) {
        failure = `not an event stream: ${res.statusCode} ${String(res.headers['content-type'])}`;
        res.resume();
        return;
      }
      let buffered = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffered += chunk;
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) frames.push(JSON.parse(data.slice(6)) as TrackedOrderDto);
          wake?.();
        }
      });
      res.on('end', () => ended());
    },
  );
  req.on('error', () => ended());
  return {
    frames,
    async waitFor(n, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (frames.length < n && Date.now() < deadline) {
        if (failure) throw new Error(failure);
        await new Promise<void>((r) => ((wake = r), setTimeout(r, 50)));
      }
      return frames;
    },
    ended: endedPromise,
    close: () => req.destroy(),
  };
}
