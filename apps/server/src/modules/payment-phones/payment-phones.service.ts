// Payment phones: owners register the shop's receiving phones; each phone's webhook takes the notices it forwards
// and stores them as received, before anything reads them (parsing and matching run after, notice-processor.ts).
import { createHash, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import {
  GenericNotice,
  PAYMENT_PHONE_MSG,
  SmsGatewayWebhook,
  type PaymentPhoneCreatedDto,
  type PaymentPhoneDto,
  type PaymentPhoneForm,
} from '@topup/contract/payment-phones';
import type { AppContext } from '../../context.ts';
import type { Admin } from '../auth/admin.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { checkSignature, deriveAtRestKey, hashToken, keyMatches, newSigningKey, newUrlToken, openKey, sealKey } from './phone-keys.ts';
import * as repo from './payment-phones.repository.ts';

/** Path of a phone's webhook; the token is 64 lowercase hex digits (routes match paths case-insensitively). */
export const HOOK_PATH = '/api/v1/PaymentPhone/hook';

const atRestKeys = new WeakMap<AppContext, Buffer>();
function atRestKey(ctx: AppContext): Buffer {
  let key = atRestKeys.get(ctx);
  if (!key) atRestKeys.set(ctx, (key = deriveAtRestKey(ctx.config.jwtSecret)));
  return key;
}

function toPhoneDto(row: repo.PhoneRow): PaymentPhoneDto {
  return {
    id: row.id,
    name: row.name,
    paymentAccountIds: JSON.parse(row.payment_account_ids) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastNoticeAt: row.last_notice_at,
  };
}

export async function registerPhone(
  ctx: AppContext,
  admin: Admin,
  form: PaymentPhoneForm,
  origin: string,
): Promise<PaymentPhoneCreatedDto> {
  const accountIds = [...new Set(form.paymentAccountIds)];
  const found = new Set((await repo.existingAccountIds(ctx.db, accountIds)).map((a) => a.id));
  const missing = accountIds.find((id) => !found.has(id));
  if (missing) throw AppError.field('paymentAccountIds', PAYMENT_PHONE_MSG.accountUnknown);
  const signingKey = form.signingKey ?? newSigningKey();
  const urlToken = newUrlToken();
  const id = randomUUID();
  await repo.insertPhone(ctx.db, {
    id,
    name: form.name,
    payment_account_ids: JSON.stringify(accountIds),
    url_token_hash: hashToken(urlToken),
    key_cipher: sealKey(atRestKey(ctx), signingKey),
    created_at: nowIso(),
    created_by: admin.email,
    revoked_at: null,
    last_notice_at: null,
  });
  const webhookUrl = `${origin}${HOOK_PATH}/${urlToken}`;
  return { id, webhookUrl, signingKey, qrCodes: { webhookUrl: await qrDataUrl(webhookUrl), signingKey: await qrDataUrl(signingKey) } };
}

async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function listPhones(ctx: AppContext): Promise<PaymentPhoneDto[]> {
  return (await repo.listPhones(ctx.db)).map(toPhoneDto);
}

/** Takes effect on the next delivery: every delivery reads the phone's row. */
export async function revokePhone(ctx: AppContext, id: string): Promise<{ id: string }> {
  const phone = await repo.phoneById(ctx.db, id);
  if (!phone) throw AppError.notFound('Payment phone');
  await repo.revokePhone(ctx.db, id, nowIso());
  return { id };
}

/** A delivery as it reached the webhook: the URL's token, the raw body and the headers that authenticate it. */
export type Delivery = {
  urlToken: string;
  rawBody: string;
  contentType: string;
  signature?: string;
  timestamp?: string;
  presentedKey?: string;
};

export type Taken = { id: string | null; duplicate: boolean };

const mediaType = (header: string) => header.split(';', 1)[0]!.trim().toLowerCase();

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw AppError.field('body', PAYMENT_PHONE_MSG.badBody);
  }
}

/** A generic forwarder's body: JSON, a form, or the message as plain text. */
function genericFields(delivery: Delivery): GenericNotice {
  const type = mediaType(delivery.contentType);
  let fields: unknown;
  if (type === 'application/x-www-form-urlencoded') fields = Object.fromEntries(new URLSearchParams(delivery.rawBody));
  else if (type === 'text/plain') fields = { text: delivery.rawBody };
  else fields = parseJson(delivery.rawBody);
  const parsed = GenericNotice.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.field(String(issue.path[0] ?? 'text'), issue.message);
  }
  return parsed.data;
}

/**
 * Authenticates a delivery and stores it as received. An unknown or revoked phone is 404 (nothing says which);
 * a bad signature or key 401; a signed timestamp more than 5 minutes off 401; an event seen before is answered
 * 200 and stored once. Only the message is read later: nothing here depends on what it says.
 */
export async function takeDelivery(ctx: AppContext, delivery: Delivery): Promise<Taken> {
  const phone = /^[0-9a-f]{64}$/.test(delivery.urlToken) ? await repo.phoneByUrlToken(ctx.db, hashToken(delivery.urlToken)) : undefined;
  if (!phone || phone.revoked_at) throw AppError.notFound('Payment phone');
  const key = openKey(atRestKey(ctx), phone.key_cipher);
  const takenAt = nowIso();
  const base = {
    id: randomUUID(),
    phone_id: phone.id,
    raw: delivery.rawBody,
    taken_at: takenAt,
    state: 'new',
    wallet: null,
    kind: null,
    amount: null,
    txn_id: null,
    payer: null,
    paid_at: null,
    order_id: null,
    matched_at: null,
    matched_by: null,
    candidates: null,
  };

  if (delivery.signature !== undefined) {
    const check = checkSignature(key, delivery.rawBody, delivery.timestamp, delivery.signature);
    if (check === 'bad-signature') throw AppError.unauthorized(PAYMENT_PHONE_MSG.badSignature);
    if (check === 'stale') throw AppError.unauthorized(PAYMENT_PHONE_MSG.staleTimestamp);
    const parsed = SmsGatewayWebhook.safeParse(parseJson(delivery.rawBody));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw AppError.field(issue.path.join('.') || 'body', issue.message);
    }
    const hook = parsed.data;
    // Other events (sent, delivered, failed, ping) are answered, so the app stops retrying, and not stored.
    if (hook.event !== 'sms:received') return { id: null, duplicate: false };
    const stored = await repo.insertNotice(ctx.db, {
      ...base,
      source: 'sms-gateway',
      event_id: hook.id,
      device_id: hook.deviceId ?? null,
      sender: hook.payload.phoneNumber ?? null,
      sim_number: hook.payload.simNumber ?? null,
      text: hook.payload.message,
      received_at: hook.payload.receivedAt ?? null,
    });
    return stored ? { id: base.id, duplicate: false } : { id: null, duplicate: true };
  }

  if (!keyMatches(key, delivery.presentedKey)) throw AppError.unauthorized(PAYMENT_PHONE_MSG.badSignature);
  const notice = genericFields(delivery);
  // Forwarders have no event id: the same message from the same sender at the same time is the same delivery.
  const eventId = `h:${createHash('sha256')
    .update(`${notice.text}\n${notice.from ?? ''}\n${notice.receivedAt ?? ''}`)
    .digest('hex')}`;
  const stored = await repo.insertNotice(ctx.db, {
    ...base,
    source: 'generic',
    event_id: eventId,
    device_id: null,
    sender: notice.from ?? null,
    sim_number: null,
    text: notice.text,
    received_at: notice.receivedAt ?? null,
  });
  return stored ? { id: base.id, duplicate: false } : { id: null, duplicate: true };
}
