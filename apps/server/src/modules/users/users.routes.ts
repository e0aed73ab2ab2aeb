// /api/v1/User: the Users screen (admins only): list with search, change an email, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { UpdateUserBody, UserDto } from '@topup/contract/users';
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

  app.put('/api/v1/User/:id', {
    schema: { tags: ['users'], params: IdParam, body: UpdateUserBody, response: { 200: envelope(UserDto) } },
    handler: async (request) => ok(await service.updateUser(ctx, request.params.id, request.body), 'User updated'),
  });

  app.delete('/api/v1/User/:id', {
    schema: { tags: ['users'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deleteUser(ctx, request.admin!, request.params.id), 'User deleted'),
  });
};
