// /api/v1/Game: the list and detail are open to anyone (admins also see disabled games), BannerList is public,
// and changes are for admins. BannerList is registered before /game/:id so it is never read as an id.
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GameDetailDto, GameDto, GameForm } from '@topup/contract/games';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok, okList, sendJsonText } from '../../lib/envelope.ts';
import { multipartDoc, readMultipart } from '../../lib/multipart-form.ts';
import { parseFormWithFiles } from '../../lib/catalog-uploads.ts';
import * as service from './games.service.ts';

const ListGames = envelope(page(GameDto));
const BannerList = envelope(z.null(), z.array(GameDto));
const GameDetail = envelope(GameDetailDto);

export const gameRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/Game', {
    config: { access: 'optional' },
    schema: { tags: ['games'], querystring: PageQuery, response: { 200: ListGames } },
    handler: (request, reply) => {
      const { query, admin } = request;
      // Buyers' pages (no search) come from the shared cache; admins and searches read the database.
      if (admin || query.searchTerm) return service.listGames(ctx, query, admin).then((list) => ok(list));
      const key = `games:${query.currentPage}:${query.pageSize}`;
      // A fresh cached text is sent at once, without a promise (the storefront's busiest call).
      const cached = ctx.publicCache.peek(key);
      if (cached !== undefined) return void sendJsonText(reply as FastifyReply, cached);
      return ctx.publicCache
        .json(key, ListGames, async () => ok(await service.listGames(ctx, query, null)))
        .then((body) => void sendJsonText(reply as FastifyReply, body));
    },
  });

  app.get('/api/v1/Game/BannerList', {
    config: { access: 'public' },
    schema: { tags: ['games'], response: { 200: BannerList } },
    handler: async (_request, reply) =>
      sendJsonText(
        reply as FastifyReply,
        await ctx.publicCache.json('banners', BannerList, async () => okList(await service.bannerList(ctx))),
      ),
  });

  app.get('/api/v1/game/:id', {
    config: { access: 'optional' },
    schema: { tags: ['games'], params: IdParam, response: { 200: GameDetail } },
    handler: (request, reply) => {
      const { params, admin } = request;
      if (admin) return service.gameDetail(ctx, params.id, admin).then((detail) => ok(detail));
      const key = `game:${params.id.toLowerCase()}`;
      const cached = ctx.publicCache.peek(key);
      if (cached !== undefined) return void sendJsonText(reply as FastifyReply, cached);
      return ctx.publicCache
        .json(key, GameDetail, async () => ok(await service.gameDetail(ctx, params.id, null)))
        .then((body) => void sendJsonText(reply as FastifyReply, body));
    },
  });

  app.post('/api/v1/Game', {
    config: { multipart: multipartDoc(GameForm, service.IMAGE_FIELDS) },
    schema: { tags: ['games'], consumes: ['multipart/form-data'], response: { 201: envelope(GameDto) } },
    handler: async (request, reply) => {
      const { fields, files } = await readMultipart(request, service.IMAGE_FIELDS);
      const form = parseFormWithFiles(GameForm, fields, files, service.CREATE_REQUIRED_FILES);
      const created = await service.createGame(ctx, form, files);
      return reply.status(201).send(ok(created, MSG.created('Game'), 201));
    },
  });

  app.put('/api/v1/game/:id', {
    config: { multipart: multipartDoc(GameForm, service.IMAGE_FIELDS) },
    schema: { tags: ['games'], params: IdParam, consumes: ['multipart/form-data'], response: { 200: envelope(GameDto) } },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, service.IMAGE_FIELDS);
      const form = parseFormWithFiles(GameForm, fields, files);
      return ok(await service.updateGame(ctx, request.params.id, form, files), MSG.updated('Game'));
    },
  });

  app.delete('/api/v1/game/:id', {
    schema: { tags: ['games'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deleteGame(ctx, request.params.id), MSG.deleted('Game')),
  });
};
