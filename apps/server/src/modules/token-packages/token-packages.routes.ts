// /api/v1/TokenPackage: the list is open to anyone (packages of disabled games only for admins); changes are for admins.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, envelope, page } from '@topup/contract/envelope';
import { TokenPackageDto, TokenPackageForm, TokenPackageListQuery } from '@topup/contract/token-packages';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok, sendJsonText } from '../../lib/envelope.ts';
import { multipartDoc, readMultipart } from '../../lib/multipart-form.ts';
import { parseFormWithFiles } from '../../lib/catalog-uploads.ts';
import * as service from './token-packages.service.ts';

const ListPackages = envelope(page(TokenPackageDto));

export const tokenPackageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/TokenPackage', {
    config: { access: 'optional' },
    schema: { tags: ['token-packages'], querystring: TokenPackageListQuery, response: { 200: ListPackages } },
    handler: async (request, reply) => {
      const { query, admin } = request;
      if (admin || query.searchTerm) return ok(await service.listPackages(ctx, query, admin));
      const key = `packages:${query.gameId ?? ''}:${query.paymentMethod ?? ''}:${query.currentPage}:${query.pageSize}`;
      const body = await ctx.publicCache.json(key, ListPackages, async () => ok(await service.listPackages(ctx, query, null)));
      return sendJsonText(reply as FastifyReply, body);
    },
  });

  app.post('/api/v1/TokenPackage', {
    config: { multipart: multipartDoc(TokenPackageForm, service.IMAGE_FIELDS) },
    schema: { tags: ['token-packages'], consumes: ['multipart/form-data'], response: { 201: envelope(TokenPackageDto) } },
    handler: async (request, reply) => {
      const { fields, files } = await readMultipart(request, service.IMAGE_FIELDS);
      const form = parseFormWithFiles(TokenPackageForm, fields, files, service.CREATE_REQUIRED_FILES);
      const created = await service.createPackage(ctx, form, files);
      return reply.status(201).send(ok(created, MSG.created('Token package'), 201));
    },
  });

  app.put('/api/v1/TokenPackage/:id', {
    config: { multipart: multipartDoc(TokenPackageForm, service.IMAGE_FIELDS) },
    schema: { tags: ['token-packages'], params: IdParam, consumes: ['multipart/form-data'], response: { 200: envelope(TokenPackageDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, service.IMAGE_FIELDS);
      const form = parseFormWithFiles(TokenPackageForm, fields, files);
      return ok(await service.updatePackage(ctx, request.params.id, form, files), MSG.updated('Token package'));
    },
  });

  app.delete('/api/v1/TokenPackage/:id', {
    schema: { tags: ['token-packages'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deletePackage(ctx, request.params.id), MSG.deleted('Token package')),
  });
};
