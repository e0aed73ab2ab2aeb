// /api/v1/CodeStock and /api/v1/TokenPackage/:id/Delivery: how a package is delivered, its codes and their stock.
// Staff may read counts and settings; adding, withdrawing and revealing codes is for owners, and a reveal is recorded.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, IdPayload, page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import {
  CodeImportBody,
  CodeImportResultDto,
  CodeListQuery,
  CodeRevealDto,
  CodeStockDto,
  PackageDeliveryBody,
  PackageDeliveryDto,
  RevealedCodeDto,
  StockCodeDto,
} from '@topup/contract/code-stock';
import type { AppContext } from '../../context.ts';
import { ok, okList } from '../../lib/envelope.ts';
import * as service from './code-stock.service.ts';

const PackageParam = z.object({ packageId: z.uuid() });
const RevealsQuery = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

export const codeStockRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = { role: 'staff' as const };
  const owner = { role: 'owner' as const };
  const tags = ['code stock'];

  app.get('/api/v1/TokenPackage/:id/Delivery', {
    config: staff,
    schema: { tags, params: IdParam, response: { 200: envelope(PackageDeliveryDto) } },
    handler: async (request) => ok(await service.getDelivery(ctx, request.params.id)),
  });

  app.put('/api/v1/TokenPackage/:id/Delivery', {
    config: owner,
    schema: { tags, params: IdParam, body: PackageDeliveryBody, response: { 200: envelope(PackageDeliveryDto) } },
    handler: async (request) => ok(await service.saveDelivery(ctx, request.params.id, request.body), MSG.deliverySaved),
  });

  app.get('/api/v1/CodeStock', {
    config: staff,
    schema: { tags, response: { 200: envelope(z.null(), z.array(CodeStockDto)) } },
    handler: async () => okList(await service.listStock(ctx)),
  });

  // Static paths before /:packageId would see "Reveals" as an id (the router prefers them anyway).
  app.get('/api/v1/CodeStock/Reveals', {
    config: owner,
    schema: { tags, querystring: RevealsQuery, response: { 200: envelope(page(CodeRevealDto)) } },
    handler: async (request) => ok(await service.listReveals(ctx, request.query.currentPage, request.query.pageSize)),
  });

  app.post('/api/v1/CodeStock/Codes/:id/Reveal', {
    config: owner,
    schema: { tags, params: IdParam, response: { 200: envelope(RevealedCodeDto) } },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await service.revealCode(ctx, request.admin!, request.params.id), MSG.codeRevealed);
    },
  });

  app.delete('/api/v1/CodeStock/Codes/:id', {
    config: owner,
    schema: { tags, params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.withdrawCode(ctx, request.params.id), MSG.codeWithdrawn),
  });

  app.get('/api/v1/CodeStock/:packageId', {
    config: staff,
    schema: { tags, params: PackageParam, response: { 200: envelope(CodeStockDto) } },
    handler: async (request) => ok(await service.stockOfPackage(ctx, request.params.packageId)),
  });

  app.post('/api/v1/CodeStock/:packageId/Codes', {
    config: owner,
    // A CSV of 5,000 codes with PINs is far below this; the default body limit would refuse it.
    bodyLimit: 2 * 1024 * 1024,
    schema: { tags, params: PackageParam, body: CodeImportBody, response: { 200: envelope(CodeImportResultDto) } },
    handler: async (request) => {
      const result = await service.importCodes(ctx, request.admin!, request.params.packageId, request.body);
      return ok(result, MSG.codesAdded(result.added, result.skipped.length));
    },
  });

  app.get('/api/v1/CodeStock/:packageId/Codes', {
    config: owner,
    schema: { tags, params: PackageParam, querystring: CodeListQuery, response: { 200: envelope(page(StockCodeDto)) } },
    handler: async (request) => ok(await service.listCodes(ctx, request.params.packageId, request.query)),
  });
};
