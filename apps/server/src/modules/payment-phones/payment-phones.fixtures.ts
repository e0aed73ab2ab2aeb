// Test helpers for payment phones: register one through the API, and deliver a notice exactly as SMS Gateway for
// Android sends it (its JSON, X-Signature = hex HMAC-SHA256 over the raw body followed by X-Timestamp).
import { createHmac, randomUUID } from 'node:crypto';
import type { PaymentPhoneCreatedDto } from '@topup/contract/payment-phones';
import { addPaymentAccount, body, type TestApp } from '../../../test/helpers.ts';

export type Phone = PaymentPhoneCreatedDto & { path: string; accountId: string };

export async function registerPhone(
  t: Pick<TestApp, 'app' | 'auth'>,
  opts: { accountId?: string; signingKey?: string; name?: string } = {},
): Promise<Phone> {
  const accountId = opts.accountId ?? (await addPaymentAccount(t, 'KBZPay'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/PaymentPhone',
    headers: t.auth,
    payload: {
      name: opts.name ?? 'Counter phone',
      paymentAccountIds: [accountId],
      ...(opts.signingKey ? { signingKey: opts.signingKey } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`phone not registered: ${res.statusCode} ${res.body}`);
  const created = body<PaymentPhoneCreatedDto>(res).payLoad;
  return { ...created, path: new URL(created.webhookUrl).pathname, accountId };
}

export type GatewayEvent = { id: string; deviceId: string; event: string; webhookId: string; payload: Record<string, unknown> };

export function smsReceived(message: string, overrides: Partial<GatewayEvent> = {}): GatewayEvent {
  return {
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `Ey6ECgOkVVFjz3CL48B8C-${randomUUID().slice(0, 8)}`,
    payload: {
      messageId: 'abc',
      message,
      phoneNumber: 'KBZPay',
      simNumber: 1,
      receivedAt: new Date().toISOString().replace('Z', '+00:00'),
    },
    webhookId: 'LreFUt-Z3sSq0JufY9uWB',
    ...overrides,
  };
}

export function sign(key: string, raw: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(raw + timestamp)
    .digest('hex');
}

/** Posts as the app does: the body as sent, signed at `atSeconds` (now by default). */
export function deliver(
  t: Pick<TestApp, 'app'>,
  phone: Phone,
  event: GatewayEvent | string,
  opts: { atSeconds?: number; key?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof event === 'string' ? event : JSON.stringify(event);
  const timestamp = String(opts.atSeconds ?? Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: phone.path,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': sign(opts.key ?? phone.signingKey, raw, timestamp),
      ...opts.headers,
    },
    payload: raw,
  });
}
