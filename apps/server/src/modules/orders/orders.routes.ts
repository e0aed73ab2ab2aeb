// /api/v1/Order: placing an order is public; listing, reading, changing, deleting and cleaning orders and the
// notification list are for admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { NotificationDto } from '@topup/contract/notifications';
import { CleanOrderBody, CleanOrderResult, CreateOrderForm, OrderDto, UpdateOrderForm } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import * as service from './orders.service.ts';

const FILES = [service.SCREENSHOT_FIELD] as const;

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/v1/Order', {
    // Generous per address: many buyers share one address behind mobile carriers' NAT.
    config: { multipart: multipartDoc(CreateOrderForm, FILES), access: 'public', rateLimit: { max: ctx.config.orderRateLimit, timeWindow: '1 minute' } },
    schema: { tags: ['orders'], consumes: ['multipart/form-data'], response: { 201: envelope(OrderDto) } },
    handler: async (request, reply) => {
      const { fields, files } = await readMultipart(request, FILES);
      const order = await service.createOrder(ctx, parseFields(CreateOrderForm, fields), files[service.SCREENSHOT_FIELD], request.log);
      return reply.status(201).send(ok(order, MSG.orderCreated, 201));
    },
  });

  app.get('/api/v1/Order', {
    schema: { tags: ['orders'], querystring: PageQuery, response: { 200: envelope(page(OrderDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize } = request.query;
      return ok(await service.listOrders(ctx, searchTerm, currentPage, pageSize));
    },
  });

  // A static path: find-my-way always prefers it over `/:id`, and IdParam refuses any id that is not a UUID anyway.
  app.get('/api/v1/Order/notification-list', {
    schema: { tags: ['orders'], querystring: PageQuery, response: { 200: envelope(page(NotificationDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize } = request.query;
      return ok(await service.listNotifications(ctx, searchTerm, currentPage, pageSize));
    },
  });

  app.post('/api/v1/Order/Clean-Order', {
    schema: { tags: ['orders'], body: CleanOrderBody, response: { 200: envelope(CleanOrderResult) } },
    handler: async (request) => {
      const result = await service.cleanOrders(ctx, request.body);
      return ok(result, MSG.ordersCleaned(result.deletedCount));
    },
  });

  app.put('/api/v1/Order/isRead/:id', {
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await service.markRead(ctx, request.params.id), 'Order marked as read'),
  });

  app.get('/api/v1/Order/:id', {
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await service.getOrder(ctx, request.params.id)),
  });

  app.put('/api/v1/Order/:id', {
    config: { multipart: multipartDoc(UpdateOrderForm, FILES) },
    schema: { tags: ['orders'], params: IdParam, consumes: ['multipart/form-data'], response: { 200: envelope(OrderDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, FILES);
      const form = parseFields(UpdateOrderForm, fields);
      return ok(await service.updateOrder(ctx, request.admin!, request.params.id, form, files[service.SCREENSHOT_FIELD]), 'Order updated');
    },
  });

  app.delete('/api/v1/Order/:id', {
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deleteOrder(ctx, request.params.id), 'Order deleted'),
  });
};
