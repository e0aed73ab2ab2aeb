// /api/v1/PaymentPhone: owners register, list and revoke the shop's payment phones; each phone's webhook
// (/api/v1/PaymentPhone/hook/{token}) takes the notices it forwards, authenticated by its key, never by a session.
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, IdPayload, envelope, page } from '@topup/contract/envelope';
import { MSG } from '@topup/contract/messages';
import {
  AttachNoticeForm,
  PAYMENT_PHONE_MSG,
  PHONE_KEY_HEADER,
  PaymentNoticeDto,
  PaymentNoticeListQuery,
  PaymentPhoneCreatedDto,
  PaymentPhoneDto,
  PaymentPhoneForm,
} from '@topup/contract/payment-phones';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { presentsCredentials } from '../auth/session-cookie.ts';
import * as service from './payment-phones.service.ts';
import * as notices from './payment-notices.service.ts';

/** Wallet messages are short; a forwarder posting more than this is not forwarding a message. */
const HOOK_BODY_LIMIT = 16 * 1024;
/** Per address: a phone forwards a few messages a minute; retries after an outage come in bursts. */
const HOOK_RATE_PER_MINUTE = 600;

const TakenDto = z.object({ id: z.string().nullable(), duplicate: z.boolean() });

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const paymentPhoneRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/v1/PaymentPhone', {
    schema: { tags: ['payment-phones'], body: PaymentPhoneForm, response: { 201: envelope(PaymentPhoneCreatedDto) } },
    handler: async (request, reply) => {
      const origin = ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
      const created = await service.registerPhone(ctx, request.admin!, request.body, origin);
      return reply.status(201).send(ok(created, MSG.created('Payment phone'), 201));
    },
  });

  app.get('/api/v1/PaymentPhone', {
    schema: { tags: ['payment-phones'], response: { 200: envelope(z.array(PaymentPhoneDto)) } },
    handler: async () => ok(await service.listPhones(ctx)),
  });

  app.delete('/api/v1/PaymentPhone/:id', {
    schema: { tags: ['payment-phones'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.revokePhone(ctx, request.params.id), PAYMENT_PHONE_MSG.revoked),
  });

  // Staff work with notices: the Payments page and money with no order attached by hand (an order's payment is
  // served by the orders module).
  app.get('/api/v1/PaymentNotice', {
    config: { role: 'staff' },
    schema: { tags: ['payment-phones'], querystring: PaymentNoticeListQuery, response: { 200: envelope(page(PaymentNoticeDto)) } },
    handler: async (request) => ok(await notices.listNotices(ctx, request.query)),
  });

  app.post('/api/v1/PaymentNotice/:id/attach', {
    config: { role: 'staff' },
    schema: { tags: ['payment-phones'], params: IdParam, body: AttachNoticeForm, response: { 200: envelope(PaymentNoticeDto) } },
    handler: async (request) =>
      ok(await notices.attachNotice(ctx, request.admin!, request.params.id, request.body.orderId), PAYMENT_PHONE_MSG.attached),
  });

  // The webhook reads its body as text: the signature covers the exact bytes sent, not a re-serialised object.
  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<ZodTypeProvider>();
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hook.post(`${service.HOOK_PATH}/:token`, {
      config: { access: 'public', rateLimit: { max: HOOK_RATE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags: ['payment-phones'], params: z.object({ token: z.string().max(100) }), response: { 200: envelope(TakenDto) } },
      handler: async (request) => {
        // A notice is the phone's word only: a browser session (staff's or anyone's) can never post one.
        if (presentsCredentials(request)) throw new AppError(403, PAYMENT_PHONE_MSG.notFromSession);
        const taken = await service.takeDelivery(ctx, {
          urlToken: request.params.token,
          rawBody: typeof request.body === 'string' ? request.body : '',
          contentType: header(request, 'content-type') ?? 'application/json',
          signature: header(request, 'x-signature'),
          timestamp: header(request, 'x-timestamp'),
          presentedKey: header(request, PHONE_KEY_HEADER),
        });
        if (taken.id) ctx.paymentNotices.taken(taken.id);
        return ok(taken, PAYMENT_PHONE_MSG.taken);
      },
    });
  });
};
