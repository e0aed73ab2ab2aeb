// /api/v1/OrderTracking: a buyer's own order by code and private token (JSON and a live event stream), and
// "find my order" by phone and transaction number. Public, and never more than the buyer's own masked order.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import {
  FindOrdersBody,
  FoundOrderDto,
  TrackedOrderDto,
  TrackedStatusDto,
  TrackedStatusesBody,
  TrackingParams,
  TrackingQuery,
} from '@topup/contract/order-tracking';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, okList } from '../../lib/envelope.ts';
import * as service from './order-tracking.service.ts';
import { createTrackingStreams } from './tracking-streams.ts';

/** Per address (many buyers share one behind carrier NAT) and per phone number (one buyer trying numbers). */
export const FIND_LIMITS = { perAddress: 20, perPhone: 5, window: '10 minutes' } as const;

/**
 * "My orders" asks for all its orders in one request, again when the buyer comes back to the page: per address,
 * generous for a carrier NAT's many buyers. Guessing is hopeless anyway: each order needs its 192-bit token.
 */
export const STATUSES_LIMITS = { perAddress: 120, window: '10 minutes' } as const;

/**
 * A stream frees its place the moment its page closes, so there is no window to wait out: this is a pause long
 * enough for another tab to have closed. The limits themselves are STATUS_STREAMS_PER_ORDER / _PER_ADDRESS.
 */
export const STREAM_RETRY_AFTER_S = 30;

export const orderTrackingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Per order: a page in a few tabs and devices; per address: generous enough for a carrier NAT's many buyers.
  const streams = createTrackingStreams(ctx.config.statusStreams);
  // Changes made on any instance arrive once through the fan-out, already in the buyer's view.
  // A change reaches the pages with the order's delivery (its codes) read here, never carried on the backplane;
  // changes of one order are read one after the other so the pages get them in order.
  const pending = new Map<string, Promise<void>>();
  const pushTracked = (orderId: string, order: TrackedOrderDto) => {
    if (!streams.has(orderId)) return;
    const previous = pending.get(orderId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const delivery = await ctx.codeStock.trackedDelivery(
          { id: orderId, packageId: await service.packageOfOrder(ctx, orderId), status: order.status },
          order.paymentReceived,
        );
        streams.push(orderId, delivery ? { ...order, delivery } : order);
      })
      .catch((err: unknown) => app.log.error({ err, orderId }, 'status stream: delivery could not be read'))
      .finally(() => {
        if (pending.get(orderId) === next) pending.delete(orderId);
      });
    pending.set(orderId, next);
  };
  const stopReceiving = ctx.fanOut.receive({
    message: (event) => {
      if ('tracked' in event) pushTracked(event.tracked.orderId, event.tracked.order);
      // A notice that confirmed an order (automatically or attached by hand) says so on that order's open pages.
      if ('payment' in event && event.payment.notice.state === 'matched' && event.payment.notice.orderId)
        streams.paymentReceived(event.payment.notice.orderId);
    },
    // Changes may have been missed during the gap: the pages reconnect, and a stream starts with the order as it is.
    resumed: () => streams.endAll(),
  });
  app.addHook('onClose', async () => {
    stopReceiving();
    streams.closeAll();
  });
  // Streams never end on their own: close them first so a graceful shutdown doesn't wait for buyers' tabs.
  app.addHook('preClose', async () => streams.closeAll());

  app.get('/api/v1/OrderTracking/:code', {
    config: { access: 'public' },
    schema: { tags: ['order-tracking'], params: TrackingParams, querystring: TrackingQuery, response: { 200: envelope(TrackedOrderDto) } },
    handler: async (request, reply) => {
      const { order } = await service.findTracked(ctx, request.params.code, request.query.t);
      void reply.header('cache-control', 'no-store');
      return ok(order);
    },
  });

  app.get('/api/v1/OrderTracking/:code/events', {
    config: { access: 'public' },
    schema: { tags: ['order-tracking'], params: TrackingParams, querystring: TrackingQuery },
    handler: async (request, reply) => {
      const { orderId, order } = await service.findTracked(ctx, request.params.code, request.query.t);
      // Checked and opened with no await between, so racing requests can't all slip under the limit.
      const refusal = streams.refusal(orderId, request.ip);
      if (refusal) {
        const seconds = STREAM_RETRY_AFTER_S;
        const message = refusal === 'order' ? MSG.tooManyStreamsForOrder(seconds) : MSG.tooManyStreamsFromAddress(seconds);
        throw new AppError(429, message, undefined, { 'retry-after': String(seconds) });
      }
      reply.hijack();
      streams.open(orderId, request.ip, reply.raw, order);
    },
  });

  // Before /:code would see "statuses" as a code: a static path wins in the router anyway; POST has no /:code.
  app.post('/api/v1/OrderTracking/statuses', {
    config: { access: 'public', rateLimit: { max: STATUSES_LIMITS.perAddress, timeWindow: STATUSES_LIMITS.window } },
    schema: { tags: ['order-tracking'], body: TrackedStatusesBody, response: { 200: envelope(z.array(TrackedStatusDto)) } },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await service.trackedStatuses(ctx, request.body));
    },
  });

  const perPhone = app.createRateLimit({
    max: FIND_LIMITS.perPhone,
    timeWindow: FIND_LIMITS.window,
    keyGenerator: (request) => {
      const phone = (request.body as { mobileNumber?: unknown } | undefined)?.mobileNumber;
      return `find-order:${typeof phone === 'string' ? service.canonicalPhone(phone.replace(/[\s-]/g, '')) : ''}`;
    },
  });

  app.post('/api/v1/OrderTracking/find', {
    config: { access: 'public', rateLimit: { max: FIND_LIMITS.perAddress, timeWindow: FIND_LIMITS.window } },
    schema: { tags: ['order-tracking'], body: FindOrdersBody, response: { 200: envelope(z.null(), z.array(FoundOrderDto)) } },
    handler: async (request) => {
      const limit = await perPhone(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError(429, MSG.tooManyRequests(limit.ttlInSeconds), undefined, { 'retry-after': String(limit.ttlInSeconds) });
      }
      return okList(await service.findOrders(ctx, request.body));
    },
  });
};
