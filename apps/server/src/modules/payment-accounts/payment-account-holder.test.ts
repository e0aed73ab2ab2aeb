// Payment accounts carry their holder's name and belong to one payment method, so a buyer paying by phone bill is not
// told to transfer to a wallet: the public list the storefront reads has both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAccountDto } from '@topup/contract/payment-accounts';
import { TEXT_LIMITS } from '@topup/contract/limits';
import { body, buildTestApp, multipart, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const form = multipart({ logo: '', ...fields });
  return t.app.inject({ method, url, headers: { ...form.headers, ...t.auth }, payload: form.payload });
}

const publicList = async () =>
  body<{ items: PaymentAccountDto[] }>(await t.app.inject({ method: 'GET', url: '/api/v1/ConfigSetting?pageSize=12' })).payLoad.items;

describe('payment account holder and method', () => {
  it('stores the holder name and the payment method, and the public list shows both', async () => {
    const wallet = await send('POST', '/api/v1/ConfigSetting', { paymentName: 'KBZPay', phone: '09777123456', holderName: '  U Aung Ko ' });
    expect(wallet.statusCode, wallet.body).toBe(201);
    expect(body<PaymentAccountDto>(wallet).payLoad).toMatchObject({ holderName: 'U Aung Ko', paymentMethod: 'NORMAL' });
    const bill = await send('POST', '/api/v1/ConfigSetting', {
      paymentName: 'MPT',
      phone: '09420123456',
      holderName: 'ဒေါ်နှင်းဝေ',
      paymentMethod: ' phonebill ',
    });
    expect(bill.statusCode, bill.body).toBe(201);

    const items = await publicList();
    expect(items.map((a) => [a.paymentName, a.holderName, a.paymentMethod])).toEqual([
      ['KBZPay', 'U Aung Ko', 'NORMAL'],
      ['MPT', 'ဒေါ်နှင်းဝေ', 'PHONEBILL'],
    ]);
  });

  it('an update sets what the form sends: a blank holder removes the name, no method means NORMAL', async () => {
    const [, bill] = await publicList();
    const res = await send('PUT', `/api/v1/ConfigSetting/${bill!.id}`, {
      paymentName: 'MPT',
      phone: '09420123456',
      holderName: '',
      paymentMethod: 'PHONEBILL',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<PaymentAccountDto>(res).payLoad).toMatchObject({ holderName: null, paymentMethod: 'PHONEBILL' });
    const again = await send('PUT', `/api/v1/ConfigSetting/${bill!.id}`, {
      paymentName: 'MPT',
      phone: '09420123456',
      holderName: 'U Aung Ko',
    });
    expect(body<PaymentAccountDto>(again).payLoad).toMatchObject({ holderName: 'U Aung Ko', paymentMethod: 'NORMAL' });
  });

  it('refuses a holder name over the limit and an unknown method, naming the field, writing nothing', async () => {
    const before = await publicList();
    const long = await send('POST', '/api/v1/ConfigSetting', {
      paymentName: 'AYA',
      phone: '09111111111',
      holderName: 'x'.repeat(TEXT_LIMITS.holderName + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(body(long).errors ?? {})).toEqual(['holderName']);
    const cash = await send('POST', '/api/v1/ConfigSetting', { paymentName: 'AYA', phone: '09111111111', paymentMethod: 'CASH' });
    expect(cash.statusCode).toBe(400);
    expect(Object.keys(body(cash).errors ?? {})).toEqual(['paymentMethod']);
    expect(await publicList()).toEqual(before);
  });
});
