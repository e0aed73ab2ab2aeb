// /api/v1/ShopSettings: anyone reads the shop's identity (the storefront also gets it inside the HTML);
// owners change it, and the security switch (two-factor required for everyone).
import { MSG } from '@topup/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { SecuritySettingsBody, SecuritySettingsDto, ShopSettingsDto, ShopSettingsForm } from '@topup/contract/shop-settings';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import * as service from './shop-settings.service.ts';

const FILES = [service.LOGO_FIELD] as const;

export const shopSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/ShopSettings', {
    config: { access: 'public' },
    schema: { tags: ['shop-settings'], response: { 200: envelope(ShopSettingsDto) } },
    handler: async () => ok(await service.getShopSettings(ctx)),
  });

  app.put('/api/v1/ShopSettings', {
    config: { role: 'owner', multipart: multipartDoc(ShopSettingsForm, FILES) },
    schema: { tags: ['shop-settings'], consumes: ['multipart/form-data'], response: { 200: envelope(ShopSettingsDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, FILES);
      return ok(
        await service.updateShopSettings(ctx, parseFields(ShopSettingsForm, fields), files[service.LOGO_FIELD]),
        MSG.shopSettingsSaved,
      );
    },
  });

  app.get('/api/v1/ShopSettings/Security', {
    config: { role: 'owner' },
    schema: { tags: ['shop-settings'], response: { 200: envelope(SecuritySettingsDto) } },
    handler: async () => ok(await service.getSecuritySettings(ctx)),
  });

  app.put('/api/v1/ShopSettings/Security', {
    config: { role: 'owner' },
    schema: { tags: ['shop-settings'], body: SecuritySettingsBody, response: { 200: envelope(SecuritySettingsDto) } },
    handler: async (request) => ok(await service.updateSecuritySettings(ctx, request.admin!, request.body), MSG.securitySettingsSaved),
  });
};
