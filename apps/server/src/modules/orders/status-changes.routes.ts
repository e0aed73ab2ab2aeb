// Staff change orders: one order's status and buyer details, its read mark, and bulk actions over many.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, envelope } from '@topup/contract/envelope';
import { MSG, localize } from '@topup/contract/messages';
import { OrderDto, UpdateOrderForm } from '@topup/contract/orders';
import { BulkActionBody, BulkActionResult } from '@topup/contract/order-list';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import { bulkAction } from './bulk.service.ts';
import { SCREENSHOT_FIELD } from './placement.service.ts';
import { markRead, updateOrder } from './status-changes.service.ts';

const FILES = [SCREENSHOT_FIELD] as const;

export const statusChangeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A static path: find-my-way prefers it over `/:id`.
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

  app.put('/api/v1/Order/isRead/:id', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await markRead(ctx, request.params.id, request.admin), MSG.orderMarkedRead),
  });

  app.put('/api/v1/Order/:id', {
    config: { role: 'staff', multipart: multipartDoc(UpdateOrderForm, FILES) },
    schema: { tags: ['orders'], params: IdParam, consumes: ['multipart/form-data'], response: { 200: envelope(OrderDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, FILES);
      const form = parseFields(UpdateOrderForm, fields);
      return ok(await updateOrder(ctx, request.admin!, request.params.id, form, files[SCREENSHOT_FIELD]), MSG.orderUpdated);
    },
  });
};
