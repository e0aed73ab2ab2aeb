// /api/v1/Invitation: owners invite, list and revoke; the invitee (not signed in) previews and accepts with the token.
import { MSG } from '@topup/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, IdPayload, envelope } from '@topup/contract/envelope';
import {
  AcceptInvitationBody,
  CreateInvitationBody,
  INVITATION_MSG,
  InvitationDto,
  InvitationPreviewDto,
  InvitationTokenBody,
} from '@topup/contract/invitations';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import * as service from './invitations.service.ts';

/** Tokens are 256-bit and unguessable; the limit only keeps a script from hammering the database. */
const PUBLIC_LIMIT = { max: 30, timeWindow: '1 minute' };

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/v1/Invitation', {
    schema: { tags: ['invitations'], response: { 200: envelope(z.array(InvitationDto)) } },
    handler: async () => ok(await service.listInvitations(ctx)),
  });

  app.post('/api/v1/Invitation', {
    schema: { tags: ['invitations'], body: CreateInvitationBody, response: { 201: envelope(InvitationDto) } },
    handler: async (request, reply) =>
      reply.status(201).send(ok(await service.invite(ctx, request.admin!, request.body), INVITATION_MSG.sent, 201)),
  });

  app.delete('/api/v1/Invitation/:id', {
    schema: { tags: ['invitations'], params: IdParam, response: { 200: envelope(IdPayload) } },
    handler: async (request) => ok(await service.revokeInvitation(ctx, request.params.id), MSG.invitationWithdrawn),
  });

  app.post('/api/v1/Invitation/preview', {
    config: { access: 'public', rateLimit: PUBLIC_LIMIT },
    schema: { tags: ['invitations'], body: InvitationTokenBody, response: { 200: envelope(InvitationPreviewDto) } },
    handler: async (request) => ok(await service.previewInvitation(ctx, request.body.token)),
  });

  app.post('/api/v1/Invitation/accept', {
    config: { access: 'public', rateLimit: PUBLIC_LIMIT },
    schema: { tags: ['invitations'], body: AcceptInvitationBody, response: { 200: envelope(z.object({ email: z.string() })) } },
    handler: async (request) => ok(await service.acceptInvitation(ctx, request.body), INVITATION_MSG.accepted),
  });
};
