// Staff read orders: the list (search, filters, sorts), its CSV export, the operators it filters by, one order, and
// the unread new-order notifications.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PageQuery, envelope, page } from '@topup/contract/envelope';
import { textOf } from '@topup/contract/messages';
import { NotificationDto } from '@topup/contract/notifications';
import { OrderDto } from '@topup/contract/orders';
import { OperatorDto, OrderFilterQuery } from '@topup/contract/order-list';
import type { AppContext } from '../../context.ts';
import { ok, toPage } from '../../lib/envelope.ts';
import { languageOf } from '../staff-language/staff-language.service.ts';
import { exportCsv } from './export.service.ts';
import { getOrder, listOperators, listOrders } from './list.service.ts';
import { listNotifications } from './notifications.service.ts';

export const listRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Without any credentials: an empty page, never data (docs/decisions/0027).
  app.get('/api/v1/Order', {
    config: { access: 'empty-when-anonymous', role: 'staff' },
    schema: { tags: ['orders'], querystring: PageQuery.extend(OrderFilterQuery.shape), response: { 200: envelope(page(OrderDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize, ...filters } = request.query;
      if (!request.admin) return ok(toPage([], currentPage, pageSize, 0));
      return ok(await listOrders(ctx, searchTerm, currentPage, pageSize, filters));
    },
  });

  // A static path: find-my-way always prefers it over `/:id`, and IdParam refuses any id that is not a UUID anyway.
  app.get('/api/v1/Order/notification-list', {
    config: { access: 'empty-when-anonymous', role: 'staff' },
    schema: { tags: ['orders'], querystring: PageQuery, response: { 200: envelope(page(NotificationDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize } = request.query;
      if (!request.admin) return ok(toPage([], currentPage, pageSize, 0));
      const result = await listNotifications(ctx, searchTerm, currentPage, pageSize);
      // In the staff member's own language, as the hub sends its notices (docs/decisions/0078): one list never mixes two.
      const language = await languageOf(ctx, request.admin.id, request.language);
      return ok({ ...result, items: result.items.map((n) => ({ ...n, message: textOf(n.message, language) })) });
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
    handler: async () => ok(await listOperators(ctx)),
  });

  app.get('/api/v1/Order/:id', {
    config: { role: 'staff' },
    schema: { tags: ['orders'], params: IdParam, response: { 200: envelope(OrderDto) } },
    handler: async (request) => ok(await getOrder(ctx, request.params.id)),
  });
};
