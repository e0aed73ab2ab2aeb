// /api/v1/Push: the signed-in staff member's devices for alerts (Web Push), their alert preferences, and the owners'
// "about to be late" share of the delivery promise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import {
  AlertPreferencesBody,
  AlertPreferencesDto,
  PushDeviceDto,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  ShopAlertSettingsBody,
  ShopAlertSettingsDto,
  VapidPublicKeyDto,
} from '@topup/contract/staff-alerts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './staff-alerts.manage.ts';

export const staffAlertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { role: 'staff' as const };

  app.get('/api/v1/Push/VapidPublicKey', {
    config: staff,
    schema: { tags: ['staff alerts'], response: { 200: envelope(VapidPublicKeyDto) } },
    handler: async () => ok({ publicKey: ctx.staffAlerts.publicKey }),
  });

  app.post('/api/v1/Push/Subscription', {
    config: staff,
    schema: { tags: ['staff alerts'], body: PushSubscriptionBody, response: { 200: envelope(PushDeviceDto) } },
    handler: async (request) => ok(await service.subscribe(ctx, request.admin!.id, request.body), MSG.pushSubscribed),
  });

  app.delete('/api/v1/Push/Subscription', {
    config: staff,
    schema: { tags: ['staff alerts'], body: PushUnsubscribeBody, response: { 200: envelope(z.null()) } },
    // Answers the same whether or not the server still knew the device: the browser's own unsubscribe stands.
    handler: async (request) => {
      await service.unsubscribe(ctx, request.admin!.id, { endpoint: request.body.endpoint });
      return ok(null, MSG.pushUnsubscribed);
    },
  });

  app.get('/api/v1/Push/Devices', {
    config: staff,
    schema: { tags: ['staff alerts'], response: { 200: envelope(z.array(PushDeviceDto)) } },
    handler: async (request) => ok(await service.devices(ctx, request.admin!.id)),
  });

  app.delete('/api/v1/Push/Devices/:id', {
    config: staff,
    schema: { tags: ['staff alerts'], params: IdParam, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await service.removeDevice(ctx, request.admin!.id, request.params.id);
      return ok(null, MSG.pushUnsubscribed);
    },
  });

  app.get('/api/v1/Push/Preferences', {
    config: staff,
    schema: { tags: ['staff alerts'], response: { 200: envelope(AlertPreferencesDto) } },
    handler: async (request) => ok(await service.preferences(ctx, request.admin!.id)),
  });

  app.put('/api/v1/Push/Preferences', {
    config: staff,
    schema: { tags: ['staff alerts'], body: AlertPreferencesBody, response: { 200: envelope(AlertPreferencesDto) } },
    handler: async (request) => ok(await service.savePreferences(ctx, request.admin!.id, request.body), MSG.alertPreferencesSaved),
  });

  app.get('/api/v1/Push/ShopAlerts', {
    config: staff,
    schema: { tags: ['staff alerts'], response: { 200: envelope(ShopAlertSettingsDto) } },
    handler: async () => ok(await service.shopAlertSettings(ctx)),
  });

  app.put('/api/v1/Push/ShopAlerts', {
    config: { role: 'owner' },
    schema: { tags: ['staff alerts'], body: ShopAlertSettingsBody, response: { 200: envelope(ShopAlertSettingsDto) } },
    handler: async (request) => ok(await service.saveShopAlertSettings(ctx, request.body), MSG.alertPreferencesSaved),
  });
};
