// POST /api/v1/Order: placing an order is public (rate-limited per address); the answer carries the buyer's status link.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { CreateOrderForm, PlacedOrderDto } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import { issueToken } from '../order-tracking/tracking-tokens.ts';
import { SCREENSHOT_FIELD, createOrder } from './placement.service.ts';

const FILES = [SCREENSHOT_FIELD] as const;

export const placementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/v1/Order', {
    // Generous per address: many buyers share one address behind mobile carriers' NAT.
    config: {
      multipart: multipartDoc(CreateOrderForm, FILES),
      access: 'public',
      rateLimit: { max: ctx.config.orderRateLimit, timeWindow: '1 minute' },
    },
    schema: { tags: ['orders'], consumes: ['multipart/form-data'], response: { 201: envelope(PlacedOrderDto) } },
    handler: async (request, reply) => {
      const { fields, files } = await readMultipart(request, FILES);
      const order = await createOrder(ctx, parseFields(CreateOrderForm, fields), files[SCREENSHOT_FIELD], request.log, request.ip);
      // The buyer's private status link, made for whoever holds this answer (a retry's answer gets its own token).
      // The order is committed either way; without a token the buyer still finds it by phone and transaction number.
      const trackingToken = await issueToken(ctx, order.id).catch((err: unknown) => {
        request.log.error({ err, orderId: order.id }, 'tracking token not issued');
        return null;
      });
      return reply.status(201).send(ok({ ...order, trackingToken }, MSG.orderCreated, 201));
    },
  });
};
