import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createImageWork } from './image-work.ts';

describe('image work limiter', () => {
  it('runs at most `concurrency` jobs and serves waiting sources round-robin', async () => {
    const work = createImageWork({ concurrency: 1, maxQueuedPerSource: 20 });
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const job = (name: string) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(5);
      order.push(name);
      running -= 1;
    };
    const burst = Array.from({ length: 6 }, (_, i) => work.run('attacker', job(`a${i}`)));
    // Queued at once (a0 starts synchronously): a pause here let a0 finish first on a loaded machine and a1 start.
    const victim = work.run('buyer', job('b'));
    await Promise.all([...burst, victim]);
    expect(peak).toBe(1);
    // a0 was running, a1 was first in line; the buyer's job goes next, not after the whole burst.
    expect(order.indexOf('b')).toBeLessThanOrEqual(2);
    expect(work.stats()).toEqual({ running: 0, queued: 0, sources: 0 });
  });

  it('refuses with 503 and Retry-After when one source queues too much, without affecting others', async () => {
    const work = createImageWork({ concurrency: 1, maxQueuedPerSource: 2 });
    const slow = () => sleep(20);
    const accepted = [work.run('a', slow), work.run('a', slow), work.run('a', slow)];
    const refused = await work.run('a', slow).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
    await expect(work.run('b', slow)).resolves.toBeUndefined();
    await Promise.all(accepted);
  });

  it('keeps going after a job fails', async () => {
    const work = createImageWork({ concurrency: 1 });
    await expect(work.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(work.run('a', async () => 7)).resolves.toBe(7);
  });
});
