// Admins delete one order, or clean finished orders older than a window.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, envelope } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { CleanOrderBody, CleanOrderResult } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { cleanOrders, deleteOrder } from './deletion.service.ts';

export const deletionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/v1/Order/Clean-Order', {
    schema: { tags: ['orders'], body: CleanOrderBody, response: { 200: envelope(CleanOrderResult) } },
    handler: async (request) => {
      const result = await cleanOrders(ctx, request.body, request.admin);
      return ok(result, MSG.ordersCleaned(result.deletedCount));
    },
  });

  app.delete('/api/v1/Order/:id', {
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await deleteOrder(ctx, request.admin!, request.params.id), MSG.orderDeleted),
  });
};
