// /api/v1/User: the Users screen (owners only): list with search, change an email or role, delete;
// and /api/v1/User/me, the signed-in user's own account (any role).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { MeDto, UpdateUserBody, UserDto } from '@topup/contract/users';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/User', {
    schema: { tags: ['users'], querystring: PageQuery, response: { 200: envelope(page(UserDto)) } },
    handler: async (request) => {
      const { searchTerm, currentPage, pageSize } = request.query;
      return ok(await service.listUsers(ctx, searchTerm, currentPage, pageSize));
    },
  });

  app.get('/api/v1/User/me', {
    config: { role: 'staff', twoFactorSetup: true },
    schema: { tags: ['users'], response: { 200: envelope(MeDto) } },
    handler: async (request) => ok(await service.getMe(ctx, request.admin!.id)),
  });

  app.put('/api/v1/User/:id', {
    schema: { tags: ['users'], params: IdParam, body: UpdateUserBody, response: { 200: envelope(UserDto) } },
    handler: async (request) => ok(await service.updateUser(ctx, request.params.id, request.body), MSG.updated('User')),
  });

  app.delete('/api/v1/User/:id', {
    schema: { tags: ['users'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deleteUser(ctx, request.admin!, request.params.id), MSG.deleted('User')),
  });
};
