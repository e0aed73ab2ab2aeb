// /api/v1/User/language: the signed-in staff member's language for live notices and mails (beyond the spec).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import { StaffLanguageBody, StaffLanguageDto } from '@topup/contract/staff-language';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './staff-language.service.ts';

export const staffLanguageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Static paths: find-my-way prefers them over /api/v1/User/:id.
  app.get('/api/v1/User/language', {
    config: { role: 'staff', twoFactorSetup: true },
    schema: { tags: ['users'], response: { 200: envelope(StaffLanguageDto) } },
    handler: async (request) => ok({ language: await service.languageOf(ctx, request.admin!.id, request.language) }),
  });

  app.put('/api/v1/User/language', {
    config: { role: 'staff', twoFactorSetup: true },
    schema: { tags: ['users'], body: StaffLanguageBody, response: { 200: envelope(StaffLanguageDto) } },
    handler: async (request) => {
      await service.setLanguage(ctx, request.admin!.id, request.body.language);
      return ok({ language: request.body.language }, MSG.languageSaved);
    },
  });
};
