// Staff's view of the screenshot checks on orders: one order's check (fields, duplicates), "check again", and orders by
// verdict. The checks themselves are the verification module's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PageQuery, envelope, page } from '@topup/contract/envelope';
import { OrderDto } from '@topup/contract/orders';
import { OrderVerification, VerdictListQuery } from '@topup/contract/verification';
import type { AppContext } from '../../context.ts';
import { offsetOf, ok, toPage } from '../../lib/envelope.ts';
import { toOrderDto } from './order-dto.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from '../verification/verification.repository.ts';
import { getVerification } from '../verification/verification.service.ts';

export const orderVerificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/Order/Verdict-List', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], querystring: PageQuery.extend(VerdictListQuery.shape), response: { 200: envelope(page(OrderDto)) } },
    handler: async (request) => {
      const { verdict, currentPage, pageSize } = request.query;
      const { rows, total } = await repo.listByVerdict(ctx.db, verdict, offsetOf(currentPage, pageSize), pageSize);
      return ok(
        toPage(
          rows.map((r) => toOrderDto(ctx, r)),
          currentPage,
          pageSize,
          total,
        ),
      );
    },
  });

  app.get('/api/v1/Order/:id/Verification', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderVerification) } },
    handler: async (request) => ok(await getVerification(ctx.db, request.params.id)),
  });

  app.post('/api/v1/Order/:id/Verification', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, body: z.unknown().optional(), response: { 200: envelope(OrderVerification) } },
    handler: async (request) => {
      if (!(await repo.findOrderForCheck(ctx.db, request.params.id))) throw AppError.notFound('Order');
      await ctx.verification.recheck(request.params.id);
      return ok(await getVerification(ctx.db, request.params.id), 'The order will be checked again.');
    },
  });
};
