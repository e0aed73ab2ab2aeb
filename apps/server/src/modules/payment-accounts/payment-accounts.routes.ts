// /api/v1/ConfigSetting, the API's name for payment accounts: the list is public (the buyer's confirm dialog shows
// it, active accounts only; a signed-in user sees paused ones too); changes are for owners.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentAccountDto, PaymentAccountForm } from '@topup/contract/payment-accounts';
import { IdParam, IdPayload, PageQuery, envelope, page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { ok, sendJsonText } from '../../lib/envelope.ts';
import { multipartDoc, parseFields, readMultipart } from '../../lib/multipart-form.ts';
import * as service from './payment-accounts.service.ts';

const FILES = [service.LOGO_FIELD] as const;
const ListPaymentAccounts = envelope(page(PaymentAccountDto));

export const paymentAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/ConfigSetting', {
    config: { access: 'optional' },
    schema: { tags: ['config-settings'], querystring: PageQuery, response: { 200: ListPaymentAccounts } },
    handler: async (request, reply) => {
      const { currentPage, pageSize } = request.query;
      if (request.admin) return ok(await service.listPaymentAccounts(ctx, currentPage, pageSize, false));
      const key = `config-settings:${currentPage}:${pageSize}`;
      const body = await ctx.publicCache.json(key, ListPaymentAccounts, async () =>
        ok(await service.listPaymentAccounts(ctx, currentPage, pageSize)),
      );
      return sendJsonText(reply as FastifyReply, body);
    },
  });

  app.post('/api/v1/ConfigSetting', {
    config: { multipart: multipartDoc(PaymentAccountForm, FILES) },
    schema: { tags: ['config-settings'], consumes: ['multipart/form-data'], response: { 201: envelope(PaymentAccountDto) } },
    handler: async (request, reply) => {
      const { fields, files } = await readMultipart(request, FILES);
      const created = await service.createPaymentAccount(ctx, parseFields(PaymentAccountForm, fields), files[service.LOGO_FIELD]);
      return reply.status(201).send(ok(created, MSG.created('Payment account'), 201));
    },
  });

  app.put('/api/v1/ConfigSetting/:id', {
    config: { multipart: multipartDoc(PaymentAccountForm, FILES) },
    schema: {
      tags: ['config-settings'],
      params: IdParam,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(PaymentAccountDto) },
    },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request, FILES);
      return ok(
        await service.updatePaymentAccount(ctx, request.params.id, parseFields(PaymentAccountForm, fields), files[service.LOGO_FIELD]),
        MSG.updated('Payment account'),
      );
    },
  });

  app.delete('/api/v1/ConfigSetting/:id', {
    schema: { tags: ['config-settings'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.deletePaymentAccount(ctx, request.params.id), MSG.deleted('Payment account')),
  });
};
