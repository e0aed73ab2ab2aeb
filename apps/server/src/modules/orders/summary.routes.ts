// GET /api/v1/Order/summary: the numbers behind the dashboard overview (admins only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { OrderSummaryDto, OrderSummaryQuery } from '@topup/contract/order-summary';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { orderSummary } from './summary.service.ts';

export const orderSummaryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A static path, so it wins over `/api/v1/Order/:id`.
  app.get('/api/v1/Order/summary', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], querystring: OrderSummaryQuery, response: { 200: envelope(OrderSummaryDto) } },
    handler: async (request) => ok(await orderSummary(ctx, request.query.tzOffset)),
  });
};
