// Reading receipt text (as tesseract gives it) into fields, and comparing them with an order. Pure functions: fast.
import { describe, expect, it } from 'vitest';
import { compareReceipt, phoneMatches, verdictOf } from './compare.ts';
import { amountLineCurrency, amountsSuspect, burmeseAmountLine, readReceipt } from './receipt-text.ts';

// Real tesseract output of generated KBZPay and WavePay look-alikes (apps/server/test/fixtures/receipts.ts).
const KBZ_EN =
  'KBZPay\n\nPayment Successful\n\n-25,000 Ks\n\nTransfer\n\nTransaction Type\n\nTransfer To\n\nKyaw Zin (09*****4567)\n\nTransaction Time\n\n2026-11-23 14:05:12\n\nTransaction No.\n\n88175132529281112\n\nAmount\n\n-25,000 Ks\n\nFee\n\n0 Ks\n\nKBZPay : Notes: -\n';
const WAVE_MM_BURMESE_DIGITS =
  'cgeuzeq|y canc[gedlaogd\n\n-6),600.00 Ks\n\nDyjs3000:\n\nsg\n\nC003\n\nHnin Wai (09*****4567)\n\n-\n\n23/11/2026 14:05:12\n\n6g093040d\n\n0198606579296868\n\n6gLD\n\n-9),§00.00 Ks\n\no§esméa\n\n0 Ks\n\nWavePay + 9obg)ob:\n';
const AYA_MM =
  'AYA Pay\n\negeuzeq|y eanc[gcdloopd\n\n-105,000 Ks\n\nFoy|s3000:\n\n3]\n\nMELE\n\nThida Aye (09*****4567)\n\n23/11/2026 14:05:12\n\n23%\n\n65033Y0D\n\n20778574525702887\n\n-105,000 Ks\n\n6GLOEDM\n\n0§eamCa\n\n0 Ks\n\nAYA Pay - ©0dg| Md: -\n';

const order = { subTotal: 25000, transactionNumber: '281112', createdAt: '2026-11-23T07:40:00.000Z' };
const accounts = [{ paymentName: 'KBZPay', phone: '09777124567' }];
const windowMs = 24 * 3600_000;

describe('reading a receipt', () => {
  it('reads amount, transaction id, Myanmar time and masked receiver from English labels', () => {
    expect(readReceipt(KBZ_EN)).toEqual({
      amount: 25000,
      transactionId: '88175132529281112',
      time: '2026-11-23T07:35:12.000Z',
      receiver: { name: 'Kyaw Zin', phone: '09*****4567' },
    });
  });

  it('reads Burmese-labelled receipts by their values, and never guesses an amount whose digits were misread', () => {
    const r = readReceipt(WAVE_MM_BURMESE_DIGITS);
    expect(r.amount).toBeNull();
    expect(r.transactionId).toBe('0198606579296868');
    expect(r.receiver).toEqual({ name: 'Hnin Wai', phone: '09*****4567' });
    expect(readReceipt(AYA_MM).amount).toBe(105000);
  });

  it('takes the one long number as the id when Burmese labels came out as short stray digits', () => {
    const text = 'KBZPay\n-5,500 Ks\nHnin Wai (¥*¥***1122)\n23 Nov 2026 10:20 AM\n0125604498538410698\n6509326900\n-5,500 Ks';
    expect(readReceipt(text)).toMatchObject({ amount: 5500, transactionId: '0125604498538410698', receiver: { name: 'Hnin Wai', phone: '******1122' } });
  });

  it('reads Burmese digits and labels when the text has them', () => {
    const r = readReceipt('ငွေပမာဏ\n-၁၂,၅၀၀ ကျပ်\nငွေလွှဲအမှတ်\n၀၁၀၀၃၉၈၄၀၂၁၁၂၃၄၅၆\nလက်ခံသူ Aung Ko 09*****4567\n၂၃/၁၁/၂၀၂၆ ၁၄:၀၅');
    expect(r).toMatchObject({ amount: 12500, transactionId: '01003984021123456', time: '2026-11-23T07:35:00.000Z', receiver: { phone: '09*****4567' } });
  });

  it('reads a masked phone with a letter among the mask, and never lets a name decide when the phone is garbled', () => {
    expect(readReceipt('Transfer To\nMin Thu (*¥¥¥*+q1122)').receiver).toEqual({ name: 'Min Thu', phone: '*******1122' });
    expect(readReceipt('Transfer To\nMin Thu (Frhkr¥1122)').receiver).toBeNull();
    expect(readReceipt('Transfer To\nNov 23, 2026 08:05\nMin Thu (09*****1122)').receiver).toEqual({ name: 'Min Thu', phone: '09*****1122' });
  });

  it('reads the date formats wallets print, as Myanmar time', () => {
    for (const text of ['2026-11-23 14:05:00', '23/11/2026 14:05', '23 Nov 2026 02:05 PM', 'Nov 23, 2026 14:05', '2026/11/23 2:05 PM']) {
      expect(readReceipt(`Date ${text}`).time, text).toBe('2026-11-23T07:35:00.000Z');
    }
  });

  it('leaves a field unreadable when the text is ambiguous: two amounts, two ids, two times', () => {
    const r = readReceipt('Amount 5,000 Ks\nAmount 7,000 Ks\nTxn ID 1234567890123\nTxn ID 9999999999999\n2026-11-23 14:05\n2026-11-22 10:00');
    expect(r).toEqual({ amount: null, transactionId: null, time: null, receiver: null });
  });

  it('takes no amount out of a number a misread Burmese digit is glued to', () => {
    expect(readReceipt('-3:000 MMK\nAmount\n-2:000 MMK\nFee\n0 MMK').amount).toBeNull();
    expect(readReceipt('Amount: 3,000 MMK').amount).toBe(3000);
    expect(readReceipt('-:000 Ks\nAmount\n-:000 Ks\nFee\n0 Ks').amount).toBeNull();
    expect(readReceipt('Amount 0.50 Ks').amount).toBe(0.5);
  });

  it('suspects the amount lines when one shows a currency but no amount, or when they differ', () => {
    const suspect = (...lines: string[]) => amountsSuspect(lines);
    expect(suspect('-J9.000 MMK', 'Amount', '-25,000 MMK')).toBe(true);
    expect(suspect('-6),6)00 Ks')).toBe(true);
    expect(suspect('-3:000 Ks')).toBe(true);
    expect(suspect('-:000 Ks', 'Amount', '-:000 Ks', 'Fee', '0 Ks')).toBe(true);
    expect(suspect('-3,000.00 Ks', 'Amount', '2,000.00 Ks', 'Fee', '0Ks')).toBe(true);
    expect(suspect('-25,000 Ks', 'Amount', '-25,000 Ks', 'Fee', '0 Ks', 'Balance 120,000 Ks', 'Thanks')).toBe(false);
    expect(suspect('Fee OKs', 'Amount 3,000 Ks')).toBe(false);
    expect(['-J9.000 MMK', '0 Ks', 'Fee 0 Ks', 'Balance 20,000 Ks', 'Kyaw Zin'].map(amountLineCurrency)).toEqual(['MMK', 'Ks', null, null, null]);
  });

  it('reads an amount line the Burmese data gave, with the currency the English reading saw', () => {
    // As tesseract's Burmese data reads generated receipts' amount lines: digits right, currency word not.
    expect(burmeseAmountLine('-၅.၅၀၀ ၅႔ ႔', 'MMK')).toBe('-5,500 MMK');
    expect(burmeseAmountLine('-၁၂.,.၅၀၀ ပြ', 'Ks')).toBe('-12,500 Ks');
    expect(burmeseAmountLine('-၁၀၅,.၀၀၀ ၂႔ ၂႔1 ၂', 'MMK')).toBe('-105,000 MMK');
    expect(burmeseAmountLine('-၅၅,၀၀၀.၀၀ [~', 'Ks')).toBe('-55,000.00 Ks');
    expect(burmeseAmountLine('-1,250 (၉', 'Ks')).toBe('-1,250 Ks');
    // Never a guess: a letter among the digits (ဝ is the letter wa, not zero ၀), a short group, text before the number.
    expect(burmeseAmountLine('-၁၂,၅ဝ၀ ပြ', 'Ks')).toBeNull();
    expect(burmeseAmountLine('-၁၂,၅၀ ပြ', 'Ks')).toBeNull();
    expect(burmeseAmountLine('ငွေပမာဏ -၁၂,၅၀၀', 'Ks')).toBeNull();
    expect(burmeseAmountLine('[~', 'Ks')).toBeNull();
    expect(readReceipt(['-5,500 MMK', 'Zaw Min Htet (09*****4567)', '-5,500 MMK'].join('\n')).amount).toBe(5500);
  });

  it('ignores fees and balances and accepts MMK, Kyats and a currency before the number', () => {
    expect(readReceipt('Fee 500 Ks\nBalance 1,000,000 Ks\nTotal MMK 12,000').amount).toBe(12000);
    expect(readReceipt('Paid 3,000 Kyats').amount).toBe(3000);
  });
});

describe('comparing with the order', () => {
  it('matches masked phones on the digits shown only', () => {
    expect(phoneMatches('09*****4567', '09777124567')).toBe(true);
    expect(phoneMatches('******4567', '+959777124567')).toBe(true);
    expect(phoneMatches('09*****4568', '09777124567')).toBe(false);
    expect(phoneMatches('*******7', '09777124567')).toBe(false);
  });

  it('says match only when every field was read and agrees', () => {
    const checks = compareReceipt(readReceipt(KBZ_EN), order, accounts, { windowMs });
    expect(checks.map((c) => c.result)).toEqual(['match', 'match', 'match', 'match']);
    expect(verdictOf(checks)).toBe('match');
  });

  it('names each disagreeing field with both values', () => {
    const checks = compareReceipt(readReceipt(KBZ_EN), { ...order, subTotal: 30000, transactionNumber: '123456' }, [{ paymentName: 'X', phone: '09777120000' }], { windowMs });
    expect(verdictOf(checks)).toBe('mismatch');
    expect(checks.find((c) => c.field === 'amount')).toEqual({ field: 'amount', receipt: '25000', order: '30000', result: 'mismatch' });
    expect(checks.filter((c) => c.result === 'mismatch').map((c) => c.field)).toEqual(['amount', 'transactionId', 'receiver']);
  });

  it('refuses a receipt from after the order or older than the window', () => {
    const late = compareReceipt(readReceipt(KBZ_EN), { ...order, createdAt: '2026-11-23T07:00:00.000Z' }, accounts, { windowMs });
    expect(late.find((c) => c.field === 'time')!.result).toBe('mismatch');
    const old = compareReceipt(readReceipt(KBZ_EN), { ...order, createdAt: '2026-11-25T07:00:00.000Z' }, accounts, { windowMs });
    expect(old.find((c) => c.field === 'time')!.result).toBe('mismatch');
  });

  it('is unreadable, never match, when a field could not be read', () => {
    const checks = compareReceipt(readReceipt(WAVE_MM_BURMESE_DIGITS), { ...order, transactionNumber: '296868' }, accounts, { windowMs });
    expect(verdictOf(checks)).toBe('unreadable');
    expect(verdictOf(compareReceipt(readReceipt('a photo of a cat'), order, accounts, { windowMs }))).toBe('unreadable');
  });
});
