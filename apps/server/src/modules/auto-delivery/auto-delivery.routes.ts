// /api/v1/AutoDelivery: the owners' guardrails of automatic completion and the one switch that pauses it all.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { AutoDeliveryPauseBody, AutoDeliverySettingsBody, AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './auto-delivery.service.ts';

export const autoDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['auto delivery'];
  app.get('/api/v1/AutoDelivery/Settings', {
    config: { role: 'staff' },
    schema: { tags, response: { 200: envelope(AutoDeliverySettingsDto) } },
    handler: async () => ok(await service.getSettings(ctx)),
  });

  app.put('/api/v1/AutoDelivery/Settings', {
    config: { role: 'owner' },
    schema: { tags, body: AutoDeliverySettingsBody, response: { 200: envelope(AutoDeliverySettingsDto) } },
    handler: async (request) => ok(await service.saveSettings(ctx, request.admin!, request.body), MSG.autoDeliverySaved),
  });

  app.put('/api/v1/AutoDelivery/Pause', {
    config: { role: 'owner' },
    schema: { tags, body: AutoDeliveryPauseBody, response: { 200: envelope(AutoDeliverySettingsDto) } },
    handler: async (request) => {
      const dto = await service.setPaused(ctx, request.admin!, request.body.paused);
      return ok(dto, dto.paused ? MSG.autoDeliveryPaused : MSG.autoDeliveryResumed);
    },
  });
};
