// GET /api/v1/Order/:id/payment: the payment notices matched to one order, for staff. Notices themselves are the
// payment-phones module's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, envelope } from '@topup/contract/envelope';
import { OrderPaymentDto } from '@topup/contract/payment-phones';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { orderPayment } from '../payment-phones/payment-notices.service.ts';

export const orderPaymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/Order/:id/payment', {
    config: { role: 'staff' },
    schema: { tags: ['payment-phones'], params: IdParam, response: { 200: envelope(OrderPaymentDto) } },
    handler: async (request) => ok(await orderPayment(ctx, request.params.id)),
  });
};
