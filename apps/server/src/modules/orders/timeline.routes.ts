// Staff read an order's timeline and the SLA figures; nobody can change or delete an event through the API.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, envelope } from '@topup/contract/envelope';
import { OrderEventDto } from '@topup/contract/order-timeline';
import { SlaDto } from '@topup/contract/order-summary';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { sla, timeline } from './timeline.service.ts';

export const orderTimelineRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/Order/:id/Timeline', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(z.array(OrderEventDto)) } },
    handler: async (request) => ok(await timeline(ctx, request.params.id)),
  });

  app.get('/api/v1/Order/Sla', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], response: { 200: envelope(SlaDto) } },
    handler: async () => ok(await sla(ctx)),
  });
};
