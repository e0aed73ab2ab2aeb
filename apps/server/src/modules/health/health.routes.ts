// GET /health/live and /health/ready (and the older /healthz, which the e2e harness polls), in the envelope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { MSG } from '@topup/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { readiness } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Liveness must answer even while load is being shed: a busy process is not a dead one to restart.
  const notShed = { access: 'public' as const, pressureHandler: () => undefined };

  app.get('/healthz', { config: notShed, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/health/live', { config: notShed, schema: { hide: true } }, async () => ok({ status: 'live' }));

  app.get('/health/ready', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      const result = await readiness(ctx);
      if (result.ready) return ok(result);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ statusCode: 503, message: MSG.notReady, payLoad: result, payLoadList: null });
    },
  });
};
