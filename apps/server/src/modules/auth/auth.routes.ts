// /api/v1/auth/* and /api/v1/User/change-password: validate, call one service function, answer the envelope.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordBody, ForgotPasswordBody, LoginBody, RefreshBody, RegisterBody, ResetPasswordBody, TokenPair } from '@topup/contract/auth';
import { envelope } from '@topup/contract/envelope';
import { UserDto } from '@topup/contract/users';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './auth.service.ts';

const Empty = envelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A child plugin's onClose runs before app.ts's own, so a reset mail in progress finishes before the database closes.
  app.addHook('onClose', () => service.settleBackgroundWork(ctx));

  app.post('/api/v1/auth/Login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: LoginBody, response: { 200: envelope(TokenPair) } },
    handler: async (request) => ok(await service.login(ctx, request.body, request.ip), 'Login successful'),
  });

  app.post('/api/v1/auth/refresh-token', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: RefreshBody, response: { 200: envelope(TokenPair) } },
    handler: async (request) => ok(await service.refresh(ctx, request.body.refreshToken), 'Token refreshed'),
  });

  app.post('/api/v1/auth/Logout', {
    schema: { tags: ['auth'], response: { 200: Empty } },
    handler: async (request) => {
      await service.logout(ctx, request.admin!);
      return ok(null, 'Logged out');
    },
  });

  app.post('/api/v1/auth/Forgot-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: ForgotPasswordBody, response: { 200: Empty } },
    handler: async (request) => {
      service.forgotPassword(ctx, request.body.email, request.log);
      return ok(null, MSG.forgotPasswordSent);
    },
  });

  app.post('/api/v1/auth/Reset-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: Empty } },
    handler: async (request) => {
      await service.resetPassword(ctx, request.body);
      return ok(null, MSG.passwordReset);
    },
  });

  app.post('/api/v1/auth/Register', {
    schema: { tags: ['auth'], body: RegisterBody, response: { 201: envelope(UserDto) } },
    handler: async (request, reply) => {
      const user = await service.register(ctx, request.body);
      return reply.status(201).send(ok(user, 'User created', 201));
    },
  });

  app.post('/api/v1/User/change-password', {
    schema: { tags: ['users'], body: ChangePasswordBody, response: { 200: Empty } },
    handler: async (request) => {
      await service.changePassword(ctx, request.admin!, request.body, request.ip);
      return ok(null, MSG.passwordChanged);
    },
  });
};
