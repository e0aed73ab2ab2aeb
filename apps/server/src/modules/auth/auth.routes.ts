// /api/v1/auth/* and /api/v1/User/change-password: validate, call one service function, answer the envelope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  TokenPair,
} from '@topup/contract/auth';
import { envelope } from '@topup/contract/envelope';
import { UserDto } from '@topup/contract/users';
import { TWO_FACTOR_MSG, TwoFactorChallenge } from '@topup/contract/two-factor';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './auth.service.ts';
import { appendSetCookie, clearHubCookie, setHubCookie } from './session-cookie.ts';
import { createTrustedDevices } from './trusted-device.ts';

const Empty = envelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A child plugin's onClose runs before app.ts's own, so a reset mail in progress finishes before the database closes.
  app.addHook('onClose', () => service.settleBackgroundWork(ctx));

  const devices = createTrustedDevices(ctx.config.jwtSecret, ctx.config.publicUrl?.startsWith('https:') ?? false);

  app.post('/api/v1/auth/Login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: LoginBody, response: { 200: envelope(z.union([TokenPair, TwoFactorChallenge])) } },
    handler: async (request, reply) => {
      const device = devices.verify(request.headers.cookie, request.body.email);
      const result = await service.login(ctx, request.body, request.ip, device);
      // With two-factor on, the tokens, the hub cookie and the trusted-device cookie come from the second step.
      if ('twoFactorRequired' in result) return ok(result, TWO_FACTOR_MSG.codeRequired);
      await setHubCookie(ctx, request, reply, result.accessToken);
      // This browser knows the password: from now on it is throttled on its own counter only.
      appendSetCookie(reply, devices.issue(request.body.email, device));
      return ok(result, MSG.loginOk);
    },
  });

  app.post('/api/v1/auth/refresh-token', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: RefreshBody, response: { 200: envelope(TokenPair) } },
    handler: async (request, reply) => {
      const tokens = await service.refresh(ctx, request.body.refreshToken);
      await setHubCookie(ctx, request, reply, tokens.accessToken);
      return ok(tokens, MSG.tokenRefreshed);
    },
  });

  app.post('/api/v1/auth/Logout', {
    config: { role: 'staff', twoFactorSetup: true },
    schema: { tags: ['auth'], response: { 200: Empty } },
    handler: async (request, reply) => {
      await service.logout(ctx, request.admin!);
      clearHubCookie(request, reply, ctx.config);
      return ok(null, MSG.loggedOut);
    },
  });

  app.post('/api/v1/auth/Forgot-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: ForgotPasswordBody, response: { 200: Empty } },
    handler: async (request) => {
      service.forgotPassword(ctx, request.body.email, request.language, request.log);
      return ok(null, MSG.forgotPasswordSent);
    },
  });

  app.post('/api/v1/auth/Reset-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: Empty } },
    handler: async (request, reply) => {
      const email = await service.resetPassword(ctx, request.body);
      // The emailed link proves ownership: this browser may sign in even while the account is under attack.
      if (email) appendSetCookie(reply, devices.issue(email));
      return ok(null, MSG.passwordReset);
    },
  });

  app.post('/api/v1/auth/Register', {
    schema: { tags: ['auth'], body: RegisterBody, response: { 201: envelope(UserDto) } },
    handler: async (request, reply) => {
      const user = await service.register(ctx, request.body);
      return reply.status(201).send(ok(user, MSG.userCreated, 201));
    },
  });

  app.post('/api/v1/User/change-password', {
    config: { role: 'staff' },
    schema: { tags: ['users'], body: ChangePasswordBody, response: { 200: Empty } },
    handler: async (request) => {
      await service.changePassword(ctx, request.admin!, request.body, request.ip);
      return ok(null, MSG.passwordChanged);
    },
  });
};
