// Two-factor sign-in: the second step of Login (public), and each user's own enrolment (any role; these routes stay
// open to a user the shop requires to enrol, so they can).
import { MSG } from '@topup/contract/messages';
import { appendSetCookie, setHubCookie } from '../auth/session-cookie.ts';
import { createTrustedDevices } from '../auth/trusted-device.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TokenPair } from '@topup/contract/auth';
import { envelope } from '@topup/contract/envelope';
import {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  LoginTwoFactorBody,
  RecoveryCodesDto,
  TWO_FACTOR_MSG,
  TwoFactorSetupDto,
} from '@topup/contract/two-factor';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './two-factor.service.ts';

const SELF = { role: 'staff', twoFactorSetup: true } as const;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const devices = createTrustedDevices(ctx.config.jwtSecret, ctx.config.publicUrl?.startsWith('https:') ?? false);

  app.post('/api/v1/auth/Login/two-factor', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: LoginTwoFactorBody, response: { 200: envelope(TokenPair) } },
    handler: async (request, reply) => {
      const { tokens, email, device } = await service.completeLogin(ctx, request.body, request.ip, (address) =>
        devices.verify(request.headers.cookie, address),
      );
      await setHubCookie(ctx, request, reply, tokens.accessToken);
      // Every factor checked: this browser is trusted for the account, as after a one-step sign-in.
      appendSetCookie(reply, devices.issue(email, device));
      return ok(tokens, MSG.loginOk);
    },
  });

  app.post('/api/v1/auth/two-factor/setup', {
    config: SELF,
    schema: { tags: ['auth'], response: { 200: envelope(TwoFactorSetupDto) } },
    handler: async (request) => ok(await service.setup(ctx, request.admin!)),
  });

  app.post('/api/v1/auth/two-factor/enable', {
    config: SELF,
    schema: { tags: ['auth'], body: EnableTwoFactorBody, response: { 200: envelope(RecoveryCodesDto) } },
    handler: async (request) => ok(await service.enable(ctx, request.admin!, request.body.code, request.ip), TWO_FACTOR_MSG.enabled),
  });

  app.post('/api/v1/auth/two-factor/disable', {
    config: { role: 'staff' },
    schema: { tags: ['auth'], body: DisableTwoFactorBody, response: { 200: envelope(z.null()) } },
    handler: async (request) => {
      await service.disable(ctx, request.admin!, request.body, request.ip);
      return ok(null, TWO_FACTOR_MSG.disabled);
    },
  });

  app.post('/api/v1/auth/two-factor/recovery-codes', {
    config: { role: 'staff' },
    schema: { tags: ['auth'], body: EnableTwoFactorBody, response: { 200: envelope(RecoveryCodesDto) } },
    handler: async (request) => ok(await service.regenerateRecoveryCodes(ctx, request.admin!, request.body.code, request.ip)),
  });
};
