// /api/v1/Order: placing an order is public; listing, reading, changing, deleting and cleaning orders and the
// notification list are for admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { MSG, textOf } from '@topup/contract/messages';
import { NotificationDto } from '@topup/contract/notifications';
import { CleanOrderBody, CleanOrderResult, CreateOrderForm, OrderDto, PlacedOrderDto, UpdateOrderForm } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { ok, toPage } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import { languageOf } from '../staff-language/staff-language.service.ts';
import * as service from './orders.service.ts';
import { BulkActionBody, BulkActionResult, OperatorDto, OrderFilterQuery } from '@topup/contract/workbench';
import { z } from 'zod';
import { localize } from '@topup/contract/messages';
import { bulkAction } from './bulk.service.ts';
import { exportCsv } from './export.service.ts';
import { issueToken } from '../order-tracking/tracking-tokens.ts';

const FILES = [service.SCREENSHOT_FIELD] as const;

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const order = await service.createOrder(
        ctx,
        parseFields(CreateOrderForm, fields),
        files[service.SCREENSHOT_FIELD],
        request.log,
        request.ip,
      );
      // The buyer's private status link, made for whoever holds this answer (a retry's answer gets its own token).
      // The order is committed either way; without a token the buyer still finds it by phone and transaction number.
      const trackingToken = await issueToken(ctx, order.id).catch((err: unknown) => {
        request.log.error({ err, orderId: order.id }, 'tracking token not issued');
        return null;
      });
      return reply.status(201).send(ok({ ...order, trackingToken }, MSG.orderCreated, 201));
    },
  });

  // Without any credentials: an empty page, never data (docs/decisions/0027).
  app.get('/api/v1/Order', {
    config: { access: 'empty-when-anonymous', role: 'staff' },
    schema: { tags: ['orders'], querystring: PageQuery.extend(OrderFilterQuery.shape), response: { 200: envelope(page(OrderDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize, ...filters } = request.query;
      if (!request.admin) return ok(toPage([], currentPage, pageSize, 0));
      return ok(await service.listOrders(ctx, searchTerm, currentPage, pageSize, filters));
    },
  });

  // A static path: find-my-way always prefers it over `/:id`, and IdParam refuses any id that is not a UUID anyway.
  app.get('/api/v1/Order/notification-list', {
    config: { access: 'empty-when-anonymous', role: 'staff' },
    schema: { tags: ['orders'], querystring: PageQuery, response: { 200: envelope(page(NotificationDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize } = request.query;
      if (!request.admin) return ok(toPage([], currentPage, pageSize, 0));
      const result = await service.listNotifications(ctx, searchTerm, currentPage, pageSize);
      // In the staff member's own language, as the hub sends its notices (docs/decisions/0078): one list never mixes two.
      const language = await languageOf(ctx, request.admin.id, request.language);
      return ok({ ...result, items: result.items.map((n) => ({ ...n, message: textOf(n.message, language) })) });
    },
  });

  // The workbench. Static paths: find-my-way prefers them over `/:id`.
  app.post('/api/v1/Order/Bulk', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], body: BulkActionBody, response: { 200: envelope(BulkActionResult) } },
    handler: async (request) => {
      const outcome = await bulkAction(ctx, request.admin!, request.body);
      const failed = outcome.failed.map(({ id, orderCode, message }) => ({ id, orderCode, ...localize(message, request.language) }));
      return ok(
        { succeeded: outcome.succeeded, failed: failed.map(({ id, orderCode, code, text }) => ({ id, orderCode, code, message: text })) },
        MSG.bulkDone(outcome.succeeded.length, failed.length),
      );
    },
  });

  app.get('/api/v1/Order/Export', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], querystring: OrderFilterQuery.extend({ searchTerm: PageQuery.shape.searchTerm }) },
    handler: async (request, reply) => {
      const { searchTerm, ...filters } = request.query;
      const language = await languageOf(ctx, request.admin!.id, request.language);
      const { filename, stream } = await exportCsv(ctx, filters, searchTerm, language);
      stream.on('error', (err) => request.log.error({ err }, 'order export failed while streaming'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.get('/api/v1/Order/Operators', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], response: { 200: envelope(z.array(OperatorDto)) } },
    handler: async () => ok(await service.listOperators(ctx)),
  });

  app.post('/api/v1/Order/Clean-Order', {
    schema: { tags: ['orders'], body: CleanOrderBody, response: { 200: envelope(CleanOrderResult) } },
    handler: async (request) => {
      const result = await service.cleanOrders(ctx, request.body, request.admin);
      return ok(result, MSG.ordersCleaned(result.deletedCount));
    },
  });

  app.put('/api/v1/Order/isRead/:id', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await service.markRead(ctx, request.params.id, request.admin), MSG.orderMarkedRead),
  });

  app.get('/api/v1/Order/:id', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await service.getOrder(ctx, request.params.id)),
  });

  app.put('/api/v1/Order/:id', {
    config: { role: 'staff', multipart: multipartDoc(UpdateOrderForm, FILES) },
    schema: { tags: ['orders'], params: IdParam, consumes: ['multipart/form-data'], response: { 200: envelope(OrderDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, FILES);
      const form = parseFields(UpdateOrderForm, fields);
      return ok(await service.updateOrder(ctx, request.admin!, request.params.id, form, files[service.SCREENSHOT_FIELD]), MSG.orderUpdated);
    },
  });

  app.delete('/api/v1/Order/:id', {
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deleteOrder(ctx, request.admin!, request.params.id), MSG.orderDeleted),
  });
};
