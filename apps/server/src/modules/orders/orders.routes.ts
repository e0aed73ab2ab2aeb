// Every /api/v1/Order route, by concern. Placing an order is public; the rest is for staff (cleaning and deleting for
// admins), and the order list and notifications answer an empty page without credentials.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { deletionRoutes } from './deletion.routes.ts';
import { listRoutes } from './list.routes.ts';
import { orderPaymentRoutes } from './payment.routes.ts';
import { placementRoutes } from './placement.routes.ts';
import { statusChangeRoutes } from './status-changes.routes.ts';
import { orderSummaryRoutes } from './summary.routes.ts';
import { orderTimelineRoutes } from './timeline.routes.ts';
import { orderVerificationRoutes } from './verification.routes.ts';

export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const routes of [
    placementRoutes,
    listRoutes,
    statusChangeRoutes,
    deletionRoutes,
    orderSummaryRoutes,
    orderTimelineRoutes,
    orderVerificationRoutes,
    orderPaymentRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
};
