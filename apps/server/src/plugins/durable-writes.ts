// A write request answers only once what it committed is on disk (db/durable-commits.ts): one flush of the WAL on
// the thread pool, shared by every request answering at that moment. Reads pass straight through. Callback style,
// like the other hooks every request meets, so a GET pays no promise for it.
import type { FastifyInstance } from 'fastify';
import type { DurableCommits } from '../db/durable-commits.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function answerWritesWhenDurable(app: FastifyInstance, commits: DurableCommits): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READS.has(request.method)) return done(null, payload);
    commits.flush().then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}
