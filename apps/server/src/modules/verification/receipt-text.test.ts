// Reading receipt text (as tesseract gives it) into fields, and comparing them with an order. Pure functions: fast.
import { describe, expect, it } from 'vitest';
import { compareReceipt, phoneMatches, receiverAgrees, verdictOf, type PaymentAccount } from './compare.ts';
import {
  amountLineAfterReread,
  amountLineCurrency,
  amountReread,
  amountNumberIndex,
  amountsSuspect,
  burmeseAmountLine,
  readableInEnglish,
  readAmount,
  readReceipt,
  readReceiver,
  replaceLineAmount,
} from './receipt-text.ts';

// Real tesseract output of generated KBZPay and WavePay look-alikes (apps/server/test/fixtures/receipts.ts).
const KBZ_EN =
  'KBZPay\n\nPayment Successful\n\n-25,000 Ks\n\nTransfer\n\nTransaction Type\n\nTransfer To\n\nKyaw Zin (09*****4567)\n\nTransaction Time\n\n2026-11-23 14:05:12\n\nTransaction No.\n\n88175132529281112\n\nAmount\n\n-25,000 Ks\n\nFee\n\n0 Ks\n\nKBZPay : Notes: -\n';
const WAVE_MM_BURMESE_DIGITS =
  'cgeuzeq|y canc[gedlaogd\n\n-6),600.00 Ks\n\nDyjs3000:\n\nsg\n\nC003\n\nHnin Wai (09*****4567)\n\n-\n\n23/11/2026 14:05:12\n\n6g093040d\n\n0198606579296868\n\n6gLD\n\n-9),§00.00 Ks\n\no§esméa\n\n0 Ks\n\nWavePay + 9obg)ob:\n';
const AYA_MM =
  'AYA Pay\n\negeuzeq|y eanc[gcdloopd\n\n-105,000 Ks\n\nFoy|s3000:\n\n3]\n\nMELE\n\nThida Aye (09*****4567)\n\n23/11/2026 14:05:12\n\n23%\n\n65033Y0D\n\n20778574525702887\n\n-105,000 Ks\n\n6GLOEDM\n\n0§eamCa\n\n0 Ks\n\nAYA Pay - ©0dg| Md: -\n';

const order = { subTotal: 25000, transactionNumber: '281112', createdAt: '2026-11-23T07:40:00.000Z' };
const accounts: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567' }];
const windowMs = 24 * 3600_000;

describe('reading a receipt', () => {
  it('reads amount, transaction id, Myanmar time and masked receiver from English labels', () => {
    expect(readReceipt(KBZ_EN)).toEqual({
      amount: 25000,
      transactionId: '88175132529281112',
      time: '2026-11-23T07:35:12.000Z',
      // The month in digits: "11" may be 12 with a digit misread (never called old on that account).
      timeIfMisread: ['2026-12-23T07:35:12.000Z'],
      receiver: { name: 'Kyaw Zin', phone: '09*****4567' },
      status: 'success',
      statusText: 'Successful',
      unlabelled: [],
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
    expect(readReceipt(text)).toMatchObject({
      amount: 5500,
      transactionId: '0125604498538410698',
      receiver: { name: 'Hnin Wai', phone: '******1122' },
    });
  });

  it('reads Burmese digits and labels when the text has them', () => {
    const r = readReceipt('ငွေပမာဏ\n-၁၂,၅၀၀ ကျပ်\nငွေလွှဲအမှတ်\n၀၁၀၀၃၉၈၄၀၂၁၁၂၃၄၅၆\nလက်ခံသူ Aung Ko 09*****4567\n၂၃/၁၁/၂၀၂၆ ၁၄:၀၅');
    expect(r).toMatchObject({
      amount: 12500,
      transactionId: '01003984021123456',
      time: '2026-11-23T07:35:00.000Z',
      receiver: { phone: '09*****4567' },
    });
  });

  it('reads a masked phone with a letter among the mask, and marks the digits of a garbled one doubtful', () => {
    expect(readReceipt('Transfer To\nMin Thu (*¥¥¥*+q1122)').receiver).toEqual({ name: 'Min Thu', phone: '*******1122' });
    // A mask OCR turned into letters and signs still shows its last digits; digits broken apart decide nothing.
    // Its digits were read on the same struggling stretch: doubtful (they may agree; not agreeing, the name decides).
    expect(readReceipt('Transfer To\nMin Thu (Frhkr¥1122)').receiver).toEqual({
      name: 'Min Thu',
      phone: '*******1122',
      phoneDoubtful: true,
    });
    expect(readReceipt('Transfer To\nHnin Wai\nQ9*¥r¥k]1122').receiver).toEqual({
      name: 'Hnin Wai',
      phone: '09*****1122',
      phoneDoubtful: true,
    });
    // Digits broken apart show nothing to compare: the name under the label is all there is.
    expect(readReceipt('Transfer To\nMin Thu (Frhkr 11 2)').receiver).toEqual({ name: 'Min Thu', phone: null, phoneDoubtful: true });
    // After "09" too; in a sentence the mask's shown digits still end the number before the words after it.
    expect(readReceipt('Transfer To\nMin Thu 09**F*1122').receiver).toEqual({ name: 'Min Thu', phone: '09****1122' });
    expect(readReceipt('09**F*4567 03 5,500 Kyats ငွေလွှဲခြင်း အောင်မြင်ပါသည်').receiver?.phone).toBe('09****4567');
    // A mask sign read as a digit, spaced off the digits shown.
    expect(readReceipt('Transfer To\nMin Thu (****%%1 1122)').receiver?.phone).toBe('*******1122');
    expect(readReceipt('Transfer To\nNov 23, 2026 08:05\nMin Thu (09*****1122)').receiver).toEqual({
      name: 'Min Thu',
      phone: '09*****1122',
    });
  });

  it('reads the date formats wallets print, as Myanmar time', () => {
    for (const text of ['2026-11-23 14:05:00', '23/11/2026 14:05', '23 Nov 2026 02:05 PM', 'Nov 23, 2026 14:05', '2026/11/23 2:05 PM']) {
      expect(readReceipt(`Date ${text}`).time, text).toBe('2026-11-23T07:35:00.000Z');
    }
  });

  it('leaves a field unreadable when the text is ambiguous: two amounts, two ids, two times', () => {
    const r = readReceipt(
      'Amount 5,000 Ks\nAmount 7,000 Ks\nTxn ID 1234567890123\nTxn ID 9999999999999\n2026-11-23 14:05\n2026-11-22 10:00',
    );
    expect(r).toEqual({ amount: null, transactionId: null, time: null, receiver: null, status: null, statusText: null, unlabelled: [] });
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
    expect(['-J9.000 MMK', '0 Ks', 'Fee 0 Ks', 'Balance 20,000 Ks', 'Kyaw Zin'].map(amountLineCurrency)).toEqual([
      'MMK',
      'Ks',
      null,
      null,
      null,
    ]);
    // A label's unit, its amount on the next line, is no amount line; the amount after it on the same line is.
    expect(['Amount (MMK)', 'ငွေပမာဏ (ကျပ်):', 'Amount (MMK) 27,500', 'Amount (MMK) ၂၇,၅၀၀'].map(amountLineCurrency)).toEqual([
      null,
      null,
      '(MMK)',
      '(MMK)',
    ]);
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
    expect(checks.map((c) => c.result)).toEqual(['match', 'match', 'match', 'match', 'match']);
    expect(verdictOf(checks)).toBe('match');
  });

  it('names each disagreeing field with both values', () => {
    const checks = compareReceipt(
      readReceipt(KBZ_EN),
      { ...order, subTotal: 30000, transactionNumber: '123456' },
      [{ paymentName: 'X', phone: '09777120000' }],
      { windowMs },
    );
    expect(verdictOf(checks)).toBe('mismatch');
    expect(checks.find((c) => c.field === 'amount')).toEqual({ field: 'amount', receipt: '25000', order: '30000', result: 'mismatch' });
    expect(checks.filter((c) => c.result === 'mismatch').map((c) => c.field)).toEqual(['amount', 'transactionId', 'receiver']);
  });

  it('refuses a receipt older than the window, and leaves one dated after the order (a misread) unread', () => {
    const late = compareReceipt(readReceipt(KBZ_EN), { ...order, createdAt: '2026-11-23T07:00:00.000Z' }, accounts, { windowMs });
    expect(late.find((c) => c.field === 'time')!.result).toBe('unreadable');
    const old = compareReceipt(readReceipt(KBZ_EN), { ...order, createdAt: '2026-11-25T07:00:00.000Z' }, accounts, { windowMs });
    expect(old.find((c) => c.field === 'time')!.result).toBe('mismatch');
  });

  it('is unreadable, never match, when a field could not be read', () => {
    const checks = compareReceipt(readReceipt(WAVE_MM_BURMESE_DIGITS), { ...order, transactionNumber: '296868' }, accounts, { windowMs });
    expect(verdictOf(checks)).toBe('unreadable');
    expect(verdictOf(compareReceipt(readReceipt('a photo of a cat'), order, accounts, { windowMs }))).toBe('unreadable');
  });
});

// Layouts as wallets print them: label and value on one line, the value under its label, a value spanning lines.
const at = (t: string) =>
  t
    .split('\n')
    .map((l) => l.trim())
    .join('\n');

describe('reading label → value blocks, whatever the layout', () => {
  it('reads a name over a masked phone under one label', () => {
    const r = readReceipt(
      at(`KBZPay
      Transfer Successful
      -5,500 Ks
      Transfer To
      Daw Hnin Wai
      09*****4567
      Transaction Time
      26-Nov-2026 14:03
      Transaction ID
      01234567890123281112`),
    );
    expect(r).toMatchObject({
      amount: 5500,
      transactionId: '01234567890123281112',
      time: '2026-11-26T07:33:00.000Z',
      receiver: { name: 'Daw Hnin Wai', phone: '09*****4567' },
      status: 'success',
    });
  });

  it('reads separate Receiver Name and Receiver Number rows, a currency in the label and a wrapped id', () => {
    const r = readReceipt(
      at(`Payment Completed
      Receiver Name : Kyaw Zin
      Receiver Number : 09777124567
      Amount (MMK)
      5,500.00
      Transaction No.
      0123456789
      0123281112
      Date: 2026-11-25 2:03 PM`),
    );
    expect(r).toMatchObject({
      amount: 5500,
      transactionId: '01234567890123281112',
      time: '2026-11-25T07:33:00.000Z',
      receiver: { name: 'Kyaw Zin', phone: '09777124567' },
      status: 'success',
    });
  });

  it('reads Beneficiary, Paid To, Send To and Trans ID labels', () => {
    expect(readReceipt('Beneficiary: U Aung Ko (******4567)').receiver).toEqual({ name: 'U Aung Ko', phone: '******4567' });
    expect(readReceipt('Paid To   Su Su Mon').receiver).toEqual({ name: 'Su Su Mon', phone: null });
    expect(readReceipt('Send To\n+959 777 124 567').receiver).toEqual({ name: null, phone: '959777124567' });
    expect(readReceipt('Trans ID: 9988776655443322').transactionId).toBe('9988776655443322');
    expect(readReceipt('Transaction ID\n2611 2503 0012 3456').transactionId).toBe('2611250300123456');
  });

  it('reads Burmese labels, Burmese digits and the kyat word', () => {
    const r = readReceipt(
      at(`ငွေလွှဲခြင်း အောင်မြင်ပါသည်
      ငွေပမာဏ
      ၅,၅၀၀ ကျပ်
      လက်ခံသူအမည်
      ဒေါ်နှင်းဝေ
      လက်ခံသူဖုန်းနံပါတ်
      ၀၉*****၄၅၆၇
      ရက်စွဲ
      ၂၆/၁၁/၂၀၂၆ ၁၄:၀၃
      ငွေလွှဲနံပါတ်
      ၀၁၂၃၄၅၆၇၈၉၀၁၂၃၂၈၁၁၁၂`),
    );
    expect(r).toMatchObject({
      amount: 5500,
      transactionId: '01234567890123281112',
      time: '2026-11-26T07:33:00.000Z',
      receiver: { name: 'ဒေါ်နှင်းဝေ', phone: '09*****4567' },
      status: 'success',
    });
  });

  it('reads Burmese month names and morning/evening words', () => {
    expect(readReceipt('ရက်စွဲ ၂၆ နိုဝင်ဘာ ၂၀၂၆ ညနေ ၂:၀၃').time).toBe('2026-11-26T07:33:00.000Z');
    expect(readReceipt('ရက်စွဲ\nနိုဝင်ဘာ ၂၆၊ ၂၀၂၆\nအချိန်\nနံနက် ၉:၁၅').time).toBe('2026-11-26T02:45:00.000Z');
  });

  it('reads every common date form, always as Myanmar time', () => {
    const cases: Array<[string, string]> = [
      ['25/11/2026 14:03:22', '2026-11-25T07:33:22.000Z'],
      ['2026-11-25 2:03 PM', '2026-11-25T07:33:00.000Z'],
      ['26-Nov-2026 14:03', '2026-11-26T07:33:00.000Z'],
      ['Nov 26, 2026 2:03 pm', '2026-11-26T07:33:00.000Z'],
      ['26 November 2026, 14:03', '2026-11-26T07:33:00.000Z'],
      ['Thu, 26 Nov 2026 14:03', '2026-11-26T07:33:00.000Z'],
    ];
    for (const [text, iso] of cases) expect(readReceipt(`Date: ${text}`).time, text).toBe(iso);
    // OCR spaced after the separators; the id before such a date keeps its own digits.
    expect(readReceipt('Trans ID 60412277305811 2026- 11- 26 2:03 PM')).toMatchObject({
      time: '2026-11-26T07:33:00.000Z',
      transactionId: '60412277305811',
    });
    expect(readReceipt('Date 26/ 11/ 2026 14:03').time).toBe('2026-11-26T07:33:00.000Z');
    // Separate Date and Time rows.
    expect(readReceipt('Date\n26-Nov-2026\nTime\n14:03:05').time).toBe('2026-11-26T07:33:05.000Z');
  });

  it('reads SMS receipts of phone-bill transfers and wallets', () => {
    const mpt = readReceipt(
      'Balance Transfer of 3,800 Ks to 09777124567 was successful. Trans ID: 2611250300281112. Your main balance is 1,250 Ks. 26/11/2026 14:03',
    );
    expect(mpt).toMatchObject({
      amount: 3800,
      transactionId: '2611250300281112',
      receiver: { phone: '09777124567' },
      status: 'success',
      time: '2026-11-26T07:33:00.000Z',
    });
    const wave = readReceipt(
      'You have successfully sent 12,500 MMK to Kyaw Zin (09*****4567). TxnID 88175132529281112. Balance: 40,000 MMK.',
    );
    expect(wave).toMatchObject({
      amount: 12500,
      transactionId: '88175132529281112',
      receiver: { name: 'Kyaw Zin', phone: '09*****4567' },
      status: 'success',
    });
    expect(readReceipt('You received 5,000 Ks from 09451234567. Balance 9,000 Ks').receiver).toBeNull();
  });

  it('never reads a title such as "Transfer to KBZPay" as the payee', () => {
    expect(readReceipt('Transfer to KBZPay\n-5,500 Ks').receiver).toBeNull();
    expect(readReceipt('Transfer to KBZPay\nReceiver\n09*****9911').receiver).toEqual({ name: null, phone: '09*****9911' });
    expect(readReceipt('Transfer to WavePay account').receiver).toBeNull();
  });

  it('reads the status: success words, and failed, pending and cancelled screens in English and Burmese', () => {
    const status = (t: string) => readReceipt(t).status;
    expect(status('Payment Successful')).toBe('success');
    expect(status('Transfer Completed')).toBe('success');
    expect(status('ငွေလွှဲခြင်း အောင်မြင်ပါသည်')).toBe('success');
    expect(status('Transfer Failed')).toBe('failed');
    expect(status('Transaction Unsuccessful')).toBe('failed');
    expect(status('Status: Pending')).toBe('pending');
    expect(status('Transaction Cancelled')).toBe('cancelled');
    expect(status('ငွေလွှဲခြင်း မအောင်မြင်ပါ')).toBe('failed');
    expect(status('ဆောင်ရွက်ဆဲ')).toBe('pending');
    expect(status('Kyaw Zin 5,000 Ks')).toBeNull();
  });
});

describe('status words as apps print them', () => {
  const status = (line: string) => readReceipt(line).status;

  it('reads "Successfull" and "succeeded" as success, and their negations as failures', () => {
    expect(status('Transfer Successfull')).toBe('success');
    expect(status('Payment succeeded')).toBe('success');
    expect(status('Transfer Unsuccessfull')).toBe('failed');
    expect(status('Your transfer was unsuccessfully processed')).toBe('failed');
    expect(status('Payment did not succeed')).toBe('failed');
    expect(status('Payment has not succeeded')).toBe('failed');
  });

  it('reads a success word whose first letters OCR lost at an edge, and its negations the same way', () => {
    expect(status('You have essfully transferred')).toBe('success');
    expect(status('Transfer was not ccessful')).toBe('failed');
    expect(status('Transfer unessful')).toBe('failed');
    expect(status('Access granted')).toBeNull();
  });

  it('reads a transfer told as done in the past tense, in a sentence or a title, in English and Burmese', () => {
    for (const text of [
      'You sent 50000 Ks airtime to +959767551824 on 14/11/2026',
      'KBZPay: You have sent Ks 28,500 to 09*****4567.',
      'You sent 4,500.00 MMK airtime to\n0926024086 on 26 Nov 2026',
      'AYA Pay: You have sent 135,000.00\nMMK to Min Khant Kyaw on Monday,',
      'Balance transferred',
      'Your payment was sent.',
      'ငွေလွှဲပြီးပါပြီ',
      '11,000.00 ကျပ် ပေးပို့ပြီးပါပြီ',
    ])
      expect(status(text), text).toBe('success');
    for (const text of ['Your transfer was not sent', 'Transfer could not be sent', 'Balance has not been transferred'])
      expect(status(text), text).toBe('failed');
    expect(status('ငွေလွှဲ မပြီးသေးပါ')).toBe('pending');
  });

  it('never reads a success in "You sent" heading a screen, nor in labels that name a sending', () => {
    // An app heads its pending screen so too, above a badge OCR may miss.
    for (const text of ['You sent\n50000 Ks\nTransfer To  Kyaw Zin', 'Sent To\nKyaw Zin', 'Amount Sent 5,000 Ks'])
      expect(status(text), text).toBeNull();
  });
});

describe('refusing doctored receipts, each on its own merits', () => {
  const honest = at(`KBZPay
    Payment Successful
    -25,000 Ks
    Transfer To
    Kyaw Zin
    09*****4567
    Transaction Time
    2026-11-23 14:05:12
    Transaction No.
    88175132529281112`);
  const verdict = (text: string, o = order, acc = accounts) => {
    const checks = compareReceipt(readReceipt(text), o, acc, { windowMs });
    return {
      verdict: verdictOf(checks),
      bad: checks.filter((c) => c.result === 'mismatch').map((c) => c.field),
      unread: checks.filter((c) => c.result === 'unreadable').map((c) => c.field),
    };
  };

  it('matches the honest receipt', () => {
    expect(verdict(honest)).toEqual({ verdict: 'match', bad: [], unread: [] });
  });

  it("accepts the buyer's 6 digits only as the end of the transaction id", () => {
    expect(verdict(honest, { ...order, transactionNumber: '175132' })).toMatchObject({ verdict: 'mismatch', bad: ['transactionId'] });
    expect(verdict(honest, { ...order, transactionNumber: '529281' })).toMatchObject({ verdict: 'mismatch', bad: ['transactionId'] });
  });

  it('does not take a failed, pending or cancelled screen as paid, even with every other field right', () => {
    for (const word of ['Transfer Failed', 'Pending', 'Transaction Cancelled', 'ငွေလွှဲခြင်း မအောင်မြင်ပါ']) {
      expect(verdict(honest.replace('Payment Successful', word)), word).toEqual({ verdict: 'mismatch', bad: ['status'], unread: [] });
    }
    // No status word at all: not a mismatch, but never a match either.
    expect(verdict(honest.replace('Payment Successful\n', ''))).toEqual({ verdict: 'unreadable', bad: [], unread: ['status'] });
  });

  it("never lets a wallet name agree for a payment to someone else's number", () => {
    const elsewhere = honest.replace('KBZPay\n', 'Transfer to KBZPay\n').replace('09*****4567', '09*****9911');
    expect(verdict(elsewhere)).toMatchObject({ verdict: 'mismatch', bad: ['receiver'] });
    // Only the title names anything: unread, not a match on "KBZPay".
    expect(verdict(honest.replace('Transfer To\nKyaw Zin\n09*****4567', 'Transfer to KBZPay'))).toMatchObject({
      verdict: 'unreadable',
      unread: ['receiver'],
    });
  });

  it("agrees on the holder's name (honorifics, case and spacing ignored) and leaves a name it cannot compare unread", () => {
    const named = honest.replace('Kyaw Zin\n09*****4567', 'U KYAW  ZIN');
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
    expect(verdict(named, order, holders).verdict).toBe('match');
    expect(verdict(named, order, [{ ...holders[0]!, holderName: 'Thida Aye' }])).toMatchObject({ verdict: 'mismatch', bad: ['receiver'] });
    // No holder's name known, or one in another script: unread, never mismatch.
    expect(verdict(named)).toMatchObject({ verdict: 'unreadable', unread: ['receiver'] });
    expect(verdict(named, order, [{ ...holders[0]!, holderName: 'ကျော်ဇင်' }])).toMatchObject({
      verdict: 'unreadable',
      unread: ['receiver'],
    });
  });

  it('takes a few kyats against a real price for a misread, not a wrong amount', () => {
    expect(verdict(honest.replace('-25,000 Ks', 'Amount: -5 Ks'))).toMatchObject({ verdict: 'unreadable', bad: [], unread: ['amount'] });
    expect(verdict(honest.replace('-25,000 Ks', 'Amount: -2,500 Ks'))).toMatchObject({ verdict: 'mismatch', bad: ['amount'] });
  });

  it('never lets OCR debris disagree: an id with a stray letter, a short lone word for a name', () => {
    const debris = honest.replace('88175132529281112', 'N88175132529281110');
    expect(readReceipt(debris)).toMatchObject({ transactionId: '88175132529281110', unlabelled: ['amount', 'transactionId'] });
    expect(verdict(debris)).toMatchObject({ verdict: 'unreadable', bad: [] });
    expect(verdict(honest.replace('88175132529281112', 'N88175132529281112')).verdict).toBe('match');
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
    const named = (name: string) => verdict(honest.replace('Kyaw Zin\n09*****4567', name), order, holders);
    expect(named('eff')).toMatchObject({ verdict: 'unreadable', bad: [] });
    expect(named('Zaw Lin')).toMatchObject({ verdict: 'mismatch', bad: ['receiver'] });
  });

  it("never lets a number's shown digits vouch for a payee named as someone else", () => {
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
    const payee = (lines: string) => verdict(honest.replace('Kyaw Zin\n09*****4567', lines), order, holders);
    // The same last digits, another person's name: the number can't vouch for it (unread, not a match).
    expect(payee('Thida Aye\n09*****4567')).toMatchObject({ verdict: 'unreadable', bad: [], unread: ['receiver'] });
    // A mask OCR garbled leaves its last digits, found by their shape: the name beside them still holds them back.
    expect(payee('Thida Aye\nမာဂ 567')).toMatchObject({ verdict: 'unreadable', unread: ['receiver'] });
    // The holder's name as OCR slips on it, cut at the edge or garbled in part, still lets the number agree; so does
    // a label OCR left where the name was.
    for (const name of ['Kyaw Zln', 'aw Zin', 'Kyeu Zin Hus', 'Mobile Number', 'Transfer Successful']) {
      expect(payee(`${name}\n09*****4567`).verdict, name).toBe('match');
    }
  });

  it('never takes a mask OCR made letters of for a name', () => {
    expect(readReceipt('Receiver\nFokkkokk]]DD').receiver).toBeNull();
    expect(readReceipt('Receiver\nHnin Wai Phyo').receiver).toEqual({ name: 'Hnin Wai Phyo', phone: null });
  });

  it('says unreadable, not mismatch, when fields could not be read', () => {
    expect(verdict('KBZPay\nPayment Successful\n-25,000 Ks')).toMatchObject({ verdict: 'unreadable', bad: [] });
    expect(verdict('')).toMatchObject({ verdict: 'unreadable', bad: [] });
    // The headline and the labelled amount disagree: a misread, not a wrong amount.
    expect(readReceipt('-25,000 Ks\nAmount\n-26,000 Ks').amount).toBeNull();
  });
});

describe('fields found by their shape alone', () => {
  it('are marked unlabelled, and agree or stay unread but never disagree', () => {
    // Burmese labels the English data made debris of: the one amount, the one long number, the one phone.
    const text = 'KBZPay\nငွေပေးချေမှု အောင်မြင်ပါသည်\n-25,000 Ks\nKyaw Zin (09*****4567)\n2026-11-23 14:05:12\n650930905\n88175132529281112';
    const r = readReceipt(text);
    expect(r.unlabelled).toEqual(['amount', 'transactionId', 'receiver']);
    expect(verdictOf(compareReceipt(r, order, accounts, { windowMs }))).toBe('match');
    const other = compareReceipt(
      r,
      { ...order, subTotal: 30000, transactionNumber: '999999' },
      [{ paymentName: 'KBZPay', phone: '09777120000' }],
      { windowMs },
    );
    expect(other.filter((c) => c.field !== 'time' && c.field !== 'status').map((c) => c.result)).toEqual([
      'unreadable',
      'unreadable',
      'unreadable',
    ]);
    expect(verdictOf(other)).toBe('unreadable');
  });

  it('takes the number a Burmese sentence pays to ("…4567 ထံသို့"), its mask shrunk to a sign or two, by shape', () => {
    const sms = (payee: string) =>
      readReceipt(`KBZPay\n${payee} ထံသို့ 25,000 ကျပ် ပို့ပြီးပါပြီ။ အောင်မြင်ပါသည်\nငွေလွှဲအမှတ် 88175132529281112\n2026-11-23 14:05`);
    const r = sms('*q4567');
    expect(r.receiver).toEqual({ name: null, phone: '*******4567' });
    expect(r.unlabelled).toContain('receiver');
    expect(verdictOf(compareReceipt(r, order, accounts, { windowMs }))).toBe('match');
    // Someone else's digits never disagree on shape alone, and a word before the marker is no mask.
    const other = compareReceipt(sms('#%0042'), order, accounts, { windowMs }).find((c) => c.field === 'receiver');
    expect(other?.result).toBe('unreadable');
    expect(sms('Kyaw 4567').receiver?.phone ?? null).toBeNull();
    expect(sms('09%+k4567').receiver).toEqual({ name: null, phone: '09*****4567' });
    // The mask lost altogether: "09" and the shown digits are six, no phone number.
    expect(sms('094567').receiver).toEqual({ name: null, phone: '09*****4567' });
    expect(sms('4567').receiver?.phone ?? null).toBeNull();
    // The mask read as Burmese signs and its "09" as other digits: the digits shown still stand.
    expect(sms('88ဂၢ႔4567').receiver).toEqual({ name: null, phone: '*******4567' });
    expect(sms('884567').receiver?.phone ?? null).toBeNull();
  });

  it('takes the name a Burmese sentence pays to when OCR garbled the number after it, as a name that may agree only', () => {
    const sms = (payee: string) =>
      readReceipt(`MPT\n${payee} ထံသို့ MMK 25,000\nငွေလွှဲခြင်း အောင်မြင်ပါသည်။ ငွေလွှဲအမှတ် 88175132529281112\n2026-11-23 14:05`);
    expect(sms('Kyaw Zin Oo 000ထ67)').receiver).toEqual({ name: 'Kyaw Zin Oo', phone: null });
    expect(sms('Kyaw Zin Oo').receiver).toEqual({ name: 'Kyaw Zin Oo', phone: null });
    expect(sms('Kyaw Zin Oo').unlabelled).toContain('receiver');
    expect(sms('Ree (120').receiver).toBeNull();
    // It agrees with the holder's name; someone else's name is never a mismatch on its own.
    const holders: PaymentAccount[] = [{ paymentName: 'MPT', phone: '09777124567', holderName: 'Kyaw Zin Oo' }];
    const payee = (text: string) => compareReceipt(sms(text), order, holders, { windowMs }).find((c) => c.field === 'receiver')?.result;
    expect(payee('Kyaw Zin Oo 000ထ67)')).toBe('match');
    expect(payee('Aung Aung (0912xxxx999)')).toBe('unreadable');
  });

  it('cuts a Burmese sentence at a stop OCR read as "/", and a whole number before the next group of digits', () => {
    const r = readReceipt('ATOM\n09450031122 0503 MMK 99,000 ငွေလွှဲခြင်း ထံသို့\nအောင်မြင်ပါသည်/ ငွေလွှဲအမှတ် 772118050483\n25/11/2026 07:29:37');
    expect(r).toMatchObject({ transactionId: '772118050483', receiver: { name: null, phone: '09450031122' } });
    expect(r.unlabelled).not.toContain('transactionId');
    // Spaced as printed, the number stays whole.
    expect(readReceipt('Transfer To\n09 7771 24567').receiver).toEqual({ name: null, phone: '09777124567' });
  });

  it('takes a mask shrunk to a sign or two right after "to" in a sentence, by shape', () => {
    const wrapped = readReceipt('Balance Transfer of 25,000.00 MMK to\n.  *+4567 was successful. Transaction\nID 88175132529281112.');
    expect(wrapped.receiver).toEqual({ name: null, phone: '*******4567' });
    expect(wrapped.unlabelled).toContain('receiver');
    expect(readReceipt('Sent 25,000 Ks to #4567 on 23/11/2026').receiver).toEqual({ name: null, phone: '*******4567' });
    const other = compareReceipt(readReceipt('Sent 25,000 Ks to #0042 on 23/11/2026'), order, accounts, { windowMs });
    expect(other.find((c) => c.field === 'receiver')?.result).toBe('unreadable');
    // Not after "to": no payee.
    expect(readReceipt('Balance 25,000 Ks\n#4567 was successful').receiver).toBeNull();
  });

  it('counts an SMS sentence as a label: "Balance Transfer of … to …"', () => {
    const r = readReceipt(
      'Balance Transfer of 48,000 Ks to\n09*****4567 was successful. Trans ID:\n016044985384106982. Your main\nbalance is 2,150 Ks.',
    );
    expect(r).toMatchObject({
      amount: 48000,
      transactionId: '016044985384106982',
      receiver: { name: null, phone: '09*****4567' },
      unlabelled: [],
    });
  });
});

describe('what OCR does to real screens', () => {
  it('reads Burmese labels whose marks OCR dropped, on their consonants', () => {
    // အချိန် read as အချန, ငွေပမာဏ as ငွပမာ, ငွေလွှဲအမှတ် as ငွေလွဲအမတ်.
    const r = readReceipt('ငွပမာဏ\n-12,500 Ks\nငွေလွဲအမတ်\n0160449853841069\nအချန\n23/11/2026 14:05:12\nKyaw Zin (09*****4567)');
    expect(r).toMatchObject({ amount: 12500, transactionId: '0160449853841069', time: '2026-11-23T07:35:12.000Z' });
    // ငွေလွှဲပမာဏ without its ပ, under the id: the amount's own row, not the id's.
    expect(readReceipt('ငွေလွှဲအမှတ်  3033689586641545\nငွေလွှဲမာဏ  -3,000 Kyats\nဝန်ဆောင်ခ  0 Kyats').amount).toBe(3000);
  });

  it('reads a Burmese status word without its marks, a refusal before any success', () => {
    const status = (t: string) => readReceipt(t).status;
    expect(status('ငွေပေးချေမှု အောငမြငပါသည')).toBe('success');
    expect(status('ငွေလွှဲခြင်း မအောငမြငပါ')).toBe('failed');
    expect(status('ဆိုငးငံ့ထားသည်')).toBe('pending');
    // Words OCR glued together: a failure's first letter may be the end of the word before, so never a success.
    expect(status('ငွေလွှဲခြင်းမအောငမြငပါ')).toBeNull();
    expect(status('ငွေပေးချေမှုအောငမြငပါ')).toBeNull();
  });

  it('joins a sentence OCR broke after "balance is" or "to", so a balance is no second amount', () => {
    const r = readReceipt(
      'Balance Transfer of 48,000 Ks to\n09*****4567 was successful. Trans ID:\n016044985384106982. Your main balance is\n2,150 Ks.',
    );
    expect(r).toMatchObject({ amount: 48000, receiver: { phone: '09*****4567' }, unlabelled: [] });
    expect(readReceipt('main balance is 2,150 Ks. 2026-11-\n23 10:07:43').time).toBe('2026-11-23T03:37:43.000Z');
    expect(readReceipt('main balance is 2,150 Ks. 23-Nov-\n2026 09:45').time).toBe('2026-11-23T03:15:00.000Z');
  });

  it('reads long English labels OCR misspelt by a letter, dates wrapped at a space, and = among a mask', () => {
    const r = readReceipt('Receiver Numbet\n0green*]122\nIransaction No.\n88175132529281112\nTransaction Tirne\nNov 23,\n2026 11:32');
    expect(r).toMatchObject({ transactionId: '88175132529281112', time: '2026-11-23T05:02:00.000Z', receiver: { phone: '09******122' } });
    expect(readReceipt('Balance Transfer of 3,000 Ks to\n==+++4567 was successful.').receiver).toEqual({ name: null, phone: '*****4567' });
    expect(readReceipt('Transfer To\nHnin Wai, ***%**%1]22').receiver).toEqual({ name: 'Hnin Wai', phone: '*******1122' });
    // Short labels and names are never bent into labels.
    expect(readReceipt('Ko Ko\n5,000 Ks').amount).toBe(5000);
  });

  it('replaces a misread amount in a line and keeps the rest of it', () => {
    expect(replaceLineAmount('Balance Transfer of J9,§00 Ks to 09*****4567', '25,000 Ks')).toBe(
      'Balance Transfer of 25,000 Ks to 09*****4567',
    );
    expect(replaceLineAmount('Amount -J§,000 MMK', null)).toBe('Amount');
    expect(replaceLineAmount('MMK 2,000 paid', '3,000 MMK')).toBe('3,000 MMK paid');
  });

  it('does not suspect an SMS whose balance OCR put on a line of its own, nor take a date beside the id into it', () => {
    expect(amountsSuspect(['Balance Transfer of 48,000 Ks to', '09*****4567 was successful.', 'Your main balance is', '2,150 Ks.'])).toBe(
      false,
    );
    expect(readReceipt('ငွေလွှဲအမှတ်\n0117203604126293612211 23-Nov-2026 07:43').transactionId).toBe('0117203604126293612211');
  });

  it('tells lines the English data could read from Burmese debris, digits included', () => {
    expect(['Fo4|s32008', 'egeuvieq|a 63nE[gEllopd', '65032905'].map(readableInEnglish)).toEqual([false, false, false]);
    expect(
      ['Transaction No.', '-5,500 Ks', '23/11/2026 14:05', 'Kyaw Zin', '09*****4567', 'Payment Successful'].map(readableInEnglish),
    ).toEqual([true, true, true, true, true, true]);
  });
});

describe('Burmese status words OCR spaced or broke', () => {
  const status = (t: string) => readReceipt(t).status;

  it('refuses a success word whose "not" OCR spaced off, or broke with a stray sign or letter', () => {
    for (const text of [
      'မ အောင်မြင်ပါ',
      'ငွေလွှဲခြင်း မ အောင်မြင်ပါ',
      // The "ေ" of မအောင် read as a letter on its own, the success word then without it.
      'မစ အာင်မြင်ပါး',
      "မ' အောင်မြင်ပါ",
      'မ့ အောင်မြင်ပါသည်',
      'ငွေလွှဲခြင်း မ | အောငမြငပါ',
      'ငွေလွှဲခြင်း မအောင် မြင်ပါ',
    ])
      expect(status(text), text).toBe('failed');
    // A success row elsewhere on the screen never outweighs the refusal.
    expect(status('မစ အာင်မြင်ပါး\nStatus: Successful')).toBe('failed');
  });

  it('never reads a success when a short word before it may be a broken-off "not"', () => {
    // "မှု" split off "ငွေပေးချေမှု": a syllable, or a negation with marks OCR added; it can't be told.
    expect(status('ငွေပေးချေ မှု အောင်မြင်ပါသည်')).toBeNull();
    // A bare မ ending the word before: the "not" glued to the wrong word, or "မှု" whose marks OCR lost.
    expect(status('ငွေလွှဲခြင်းမ အောင်မြင်ပါ')).toBeNull();
    expect(status('ငွေပေးချေမ အောင်မြင်ပါသည်')).toBeNull();
    expect(status('ငွေပေးချေ မှု အောင်မြင်ပါသည်\nStatus: Successful')).toBeNull();
  });

  it('reads a success word OCR spaced at its syllables, when nothing negates it', () => {
    for (const text of ['အောင် မြင်ပါ သည်', 'အောင်မြင် ပါသည်', 'ငွေလွှဲခြင်း အောင် မြင်ပါ သည်', 'ငွေပေးချေမှု အောင မြငပါသည'])
      expect(status(text), text).toBe('success');
    expect(status('ငွေလွှဲခြင်း အောင်မြင်ပါသည်')).toBe('success');
  });

  it('reads an affirmed success word that lost a syllable to OCR, never with a bare or possible "not" before it', () => {
    // "အောင်မြင်ပါသည်" less its first syllable, or the letters of its second: a Burmese "not" (မ…ပါ) never takes the
    // affirming "သည်".
    for (const text of ['[= ဘင်မြင်ပါသည်', 'ငွေလွှဲခြင်း ဘင်မြင်ပါသည်', 'ငွေလွှဲခြင်း မြင်ပါ သည်', 'MMK ငွေလွှဲခြင်း အောင် င်ပါသည်!'])
      expect(status(text), text).toBe('success');
    // What is left before it, or the word before, may be the "not": no status.
    for (const text of ['မဘင်မြင်ပါသည်', 'မ ဘင်မြင်ပါသည်', 'ငွေပေးချေမ ဘင်မြင်ပါသည်', 'ငွေလွှဲခြင်း မအောင် င်ပါသည်', 'ငွေလွှဲခြင်း မ အောင် င်ပါသည်'])
      expect(status(text), text).toBeNull();
    expect(status('ငွေလွှဲခြင်း အောင် င်ပါ')).toBeNull();
    // Without "သည်" the ending proves nothing: a failure that lost its "မအော" reads the same.
    expect(status('ငွေလွှဲခြင်း ဘင်မြင်ပါ')).toBeNull();
    expect(status('ငွေလွှဲခြင်း မအောင်မြင်ပါ')).toBe('failed');
  });

  it('refuses English negations of a success word', () => {
    expect(status('Payment not completed')).toBe('failed');
    expect(status('Transfer has not been approved')).toBe('failed');
  });

  it('judges a failed Burmese screen with every other field right a mismatch, never a match', () => {
    const text =
      'မစ အာင်မြင်ပါး\n-25,000 Ks\nTransfer To\nKyaw Zin (09*****4567)\nTransaction Time\n2026-11-23 14:05:12\nTransaction No.\n88175132529281112';
    const checks = compareReceipt(readReceipt(text), order, accounts, { windowMs });
    expect(verdictOf(checks)).toBe('mismatch');
    expect(checks.find((c) => c.field === 'status')!.result).toBe('mismatch');
  });
});

describe('a date whose day may have lost a digit', () => {
  const receipt = (date: string) =>
    `Payment Successful\n-25,000 Ks\nTransfer To\nKyaw Zin (09*****4567)\nDate & Time\n${date}\nTransaction No.\n88175132529281112`;
  const time = (date: string, createdAt = order.createdAt) =>
    compareReceipt(readReceipt(receipt(date)), { ...order, createdAt }, accounts, { windowMs }).find((c) => c.field === 'time')!.result;

  it('keeps the times a one-digit day would give with its first digit restored', () => {
    expect(readReceipt(receipt('3 Nov 2026 02:05 PM'))).toMatchObject({
      time: '2026-11-03T07:35:00.000Z',
      timeIfMisread: ['2026-11-13T07:35:00.000Z', '2026-11-23T07:35:00.000Z'],
    });
    // 1 → 11, 21, 31 where the month has a 31st; a padded or two-digit day carries none.
    expect(readReceipt(receipt('Dec 1, 2026 14:05')).timeIfMisread).toHaveLength(3);
    expect(readReceipt(receipt('03 Nov 2026 14:05:12')).timeIfMisread).toBeUndefined();
    expect(readReceipt(receipt('23 Nov 2026 02:05 PM')).timeIfMisread).toBeUndefined();
  });

  it('does not call a month in digits old when one digit misread would make it agree: unread, never match', () => {
    // 25/11 read "25/10" from a photo; the order placed on 25 Nov.
    expect(readReceipt(receipt('25/10/2026 07:02:17')).timeIfMisread).toEqual(['2026-11-25T00:32:17.000Z', '2026-12-25T00:32:17.000Z']);
    expect(readReceipt(receipt('25/11/2026 07:02:17')).timeIfMisread).toEqual(['2026-12-25T00:32:17.000Z']);
    expect(time('25/10/2026 07:02:17', '2026-11-25T01:01:17.000Z')).toBe('unreadable');
    expect(time('2026-10-25 07:02:17', '2026-11-25T01:01:17.000Z')).toBe('unreadable');
    // A month away by a month name, or a month no single digit turns into November, stays old.
    expect(time('25 Oct 2026 07:02:17', '2026-11-25T01:01:17.000Z')).toBe('mismatch');
    expect(time('25/09/2026 07:02:17', '2026-11-25T01:01:17.000Z')).toBe('mismatch');
    // Days earlier in the same month are old, whatever the month's digits.
    expect(time('22/11/2026 07:02:17', '2026-11-25T01:01:17.000Z')).toBe('mismatch');
  });

  it('does not call "3 Nov" old when it may be 23 Nov with the 2 lost: unread, never match', () => {
    expect(time('3 Nov 2026 02:05 PM')).toBe('unreadable');
    expect(time('Nov 3, 2026 14:05')).toBe('unreadable');
    expect(time('3/11/2026 14:05:12')).toBe('unreadable');
    expect(time('3 နိုဝင်ဘာ 2026 14:05')).toBe('unreadable');
    expect(verdictOf(compareReceipt(readReceipt(receipt('3 Nov 2026 02:05 PM')), order, accounts, { windowMs }))).toBe('unreadable');
  });

  it('still refuses old receipts: a two-digit or padded day, or a one-digit day no restored digit explains', () => {
    expect(time('20 Nov 2026 02:05 PM')).toBe('mismatch');
    expect(time('03 Nov 2026 02:05 PM')).toBe('mismatch');
    expect(time('03/11/2026 14:05:12')).toBe('mismatch');
    // Order on 8 Nov, receipt of 5 Nov (3 days old): 15 and 25 Nov would be after the order, so it is old.
    expect(time('5 Nov 2026 02:05 PM', '2026-11-08T07:40:00.000Z')).toBe('mismatch');
    // A one-digit day in its window agrees as before.
    expect(time('5 Nov 2026 02:05 PM', '2026-11-05T07:40:00.000Z')).toBe('match');
  });

  it('does not call "2 Nov- 2026" old when the dash lost beside the day took its second digit (25-Nov-2026)', () => {
    // Order on 25 Nov: 2 Nov would be old, 25 Nov agrees; a misread is never a match.
    expect(time('2 Nov- 2026 08:52', '2026-11-25T02:44:00.000Z')).toBe('unreadable');
    // Dashes on both sides (or neither): the day stands as read, and 2 Nov is old.
    expect(time('2-Nov-2026 08:52', '2026-11-25T02:44:00.000Z')).toBe('mismatch');
  });
});

describe('a date or clock OCR may have misread otherwise', () => {
  const sms = (when: string) =>
    `You have successfully transferred 25,000.00 MMK to ******4567. Trans ID:\n88175132529281112. Date: ${when}. Your balance is 1,000 Ks.`;
  const timeOf = (text: string, createdAt = order.createdAt) =>
    compareReceipt(readReceipt(text), { ...order, createdAt }, accounts, { windowMs }).find((c) => c.field === 'time')!.result;

  it('does not call a two-digit-year date old when read year first it agrees ("26-11-25" of ၂၀၂၆-၁၁-၂၅ cut)', () => {
    const text = 'Payment Success\nDate & Time\n26-11-25 02:05 PM';
    const placed = '2026-11-25T07:40:00.000Z';
    expect(readReceipt(text).time).toBe('2025-11-26T07:35:00.000Z');
    expect(timeOf(text, placed)).toBe('unreadable');
    // Neither reading near the order: old (20 Nov 2026, or 26 Nov 2020).
    expect(timeOf('Payment Success\nDate & Time\n20-11-26 02:05 PM', placed)).toBe('mismatch');
    expect(readReceipt('Date & Time\n12-11-26 02:05 PM').timeIfMisread).not.toContain('2026-12-11T07:35:00.000Z');
  });

  it('does not call a receipt dated after its order a mismatch: a digit or an hour misread, never a reuse', () => {
    // 14:09:25 printed, the sentence wrapped before it and OCR lost "14:" at the line's edge; or 23 Nov read 25.
    const cut = sms('23/11/2026\n09:25');
    expect(readReceipt(cut).time).toBe('2026-11-23T02:55:00.000Z');
    expect(timeOf(cut, '2026-11-23T02:00:00.000Z')).toBe('unreadable');
    expect(timeOf(sms('25/11/2026 14:09:25'))).toBe('unreadable');
    // Before the order and within the window it agrees; older than the window it is old.
    expect(timeOf(sms('23/11/2026 14:09:25'))).toBe('match');
    expect(timeOf(sms('19/11/2026 14:09:25'))).toBe('mismatch');
  });

  it("never takes the status bar's clock for the payment's", () => {
    const text = '2:15 4G 45%\nMPT\nငွေလွှဲခြင်း အောင်မြင်ပါသည်\n2026-11-23';
    expect(readReceipt(text).time).toBeNull();
    expect(readReceipt('2:15\nMPT\n2026-11-23').time).toBe('2026-11-22T19:45:00.000Z');
    // A masked number's % is no battery level.
    expect(readReceipt('Kyaw Zin *****%4567\n2026-11-23\n2:15 PM').time).toBe('2026-11-23T07:45:00.000Z');
  });
});

describe('a payee number OCR cut short', () => {
  it('is unread when it starts an account number one or two digits short, and still disagrees otherwise', () => {
    const accounts: PaymentAccount[] = [{ paymentName: 'ATOM', phone: '09450031122', holderName: 'Hnin Wai Phyo' }];
    // As read off a photographed SMS: "…to 09450031122. Trans ID:" lost "22. Tr".
    const sms = readReceipt('ATOM\nYou have successfully transferred MMK\n99,000 to 094500311  ans 1D:\n1906462372986. Date 25.11.2026,');
    expect(sms.receiver).toEqual({ name: null, phone: '094500311' });
    expect(receiverAgrees(sms.receiver, accounts)).toBeNull();
    expect(receiverAgrees({ name: null, phone: '0945003112' }, accounts)).toBeNull();
    // Someone else's number, or ours with three digits lost (too little left to tell), disagrees as before.
    expect(receiverAgrees({ name: null, phone: '094500399' }, accounts)).toBe(false);
    expect(receiverAgrees({ name: null, phone: '09450031' }, accounts)).toBe(false);
  });
});

describe("a payee number and what follows it, or the payer's account", () => {
  it('ends a whole number where a Myanmar number can end, before the next group of digits', () => {
    const accounts: PaymentAccount[] = [{ paymentName: 'Mytel', phone: '09767551824', holderName: null }];
    const sms = readReceipt('You sent 50000 Ks airtime to +959767551824 025\n14/11/2026 at 08:56. Txn No:\n246704825553983500.');
    expect(receiverAgrees(sms.receiver, accounts)).toBe(true);
    expect(readReceipt('Paid to 09 767 551 824 0503').receiver?.phone).toBe('09767551824');
  });

  it("never takes the account money was debited from for the payee's", () => {
    const text = 'ACCOUNT NAME\nU T** M**** O*\nWallet Number\n+95 969****590\nDEBIT ACCOUNT\nYoon Nadi';
    const accounts: PaymentAccount[] = [{ paymentName: 'AYA Pay', phone: '09695555590', holderName: 'U Tun Myint Oo' }];
    expect(receiverAgrees(readReceipt(text).receiver, accounts)).toBe(true);
  });
});

describe('a title or a status line where the payee name would be', () => {
  it('reads the payee under its own label, not the title line after "Transfer to KBZPay"', () => {
    const text = 'Transfer to KBZPay\nv\nTransfer Successful\n27,500 Kyats\nTransfer To\nKyaw Zin Oo\nAmount\n27,500 Kyats';
    expect(readReceipt(text).receiver).toEqual({ name: 'Kyaw Zin Oo', phone: null });
    expect(readReceipt('Transfer to KBZPay\nv\nTransfer\nMMK 12,000').receiver).toBeNull();
  });

  it('never calls a title read as the name a mismatch', () => {
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin Oo' }];
    expect(receiverAgrees({ name: 'Transfer Successful', phone: null }, holders)).toBeNull();
    expect(receiverAgrees({ name: 'Payment Details', phone: null }, holders)).toBeNull();
    // A wallet's name, or the end of one a photo's edge cut off the title, is no person's.
    expect(receiverAgrees({ name: 'BZPay', phone: null }, holders)).toBeNull();
    expect(receiverAgrees({ name: 'AYA Pay', phone: null }, holders)).toBeNull();
    expect(receiverAgrees({ name: 'Aung Myo Min', phone: null }, holders)).toBe(false);
    // What OCR left of a blurred "Successful" under a garbled title: no name as wallets print one.
    expect(receiverAgrees({ name: 'i" cce sful', phone: null }, holders)).toBeNull();
    expect(receiverAgrees({ name: 'aung myo min', phone: null }, holders)).toBeNull();
    expect(receiverAgrees({ name: 'U Aung Myo', phone: null }, holders)).toBe(false);
  });

  it('lets an id OCR read with a gap among its digits agree, never disagree', () => {
    const id = (text: string, digits: string) =>
      compareReceipt(readReceipt(text), { ...order, transactionNumber: digits }, accounts, { windowMs }).find(
        (c) => c.field === 'transactionId',
      )!.result;
    expect(id('Transaction ID\n10377925 900193', '900193')).toBe('match');
    expect(id('Transaction ID\n10377925 900193', '908193')).toBe('unreadable');
    expect(id('Transaction ID\n10377925900193', '908193')).toBe('mismatch');
  });

  it('reads an id through one stray sign OCR left among its digits: it may agree, never disagree', () => {
    const r = readReceipt('Transaction ID: 19581474225319%497');
    expect(r.transactionId).toBe('19581474225319497');
    expect(r.unlabelled).toContain('transactionId');
    expect(readReceipt('Success!\n-3,800 Ks\n19581474225319%497').transactionId).toBe('19581474225319497');
  });

  it('never takes the currency of a whole sum for one before the number on the next line', () => {
    expect(readReceipt('Success!\n-3,800 Ks\n-3,800 Ks\n19581474225319').amount).toBe(3800);
    expect(readReceipt('Success!\n-3,800 Ks\n11818 Wal Phyo ******1122\n-3,800 Ks').amount).toBe(3800);
    // A currency alone at a line's end is still the sum's on the next.
    expect(readReceipt('You have successfully transferred MMK\n3,800 to Hnin Wai Phyo.').amount).toBe(3800);
  });

  it('leaves a masked number showing more digits than wallets do unread, whatever they are', () => {
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin Oo' }];
    expect(receiverAgrees({ name: null, phone: '******210292' }, holders)).toBeNull();
    expect(receiverAgrees({ name: null, phone: '******44567' }, holders)).toBeNull();
    expect(receiverAgrees({ name: null, phone: '******4567' }, holders)).toBe(true);
    expect(receiverAgrees({ name: null, phone: '09*****9911' }, holders)).toBe(false);
  });
});

describe('Burmese digits the English data made into other digits', () => {
  // Word confidences as tesseract's English data gives them: a Burmese-digit amount read as well-formed Latin digits
  // scores 0–75, a Latin amount 85 and up (70 and up in photos of a screen).
  const line = (text: string, number: string, confidence: number) => ({
    text,
    words: text.split(' ').map((w) => ({ text: w, confidence: w === number ? confidence : 95 })),
  });

  it('suspects an amount whose number was read with low confidence, even alone and well formed', () => {
    expect(amountsSuspect([line('Balance Transfer of 9,000 Ks to', '9,000', 41)])).toBe(true);
    expect(amountsSuspect([line('Balance Transfer of 3,000 Ks to', '3,000', 94)])).toBe(false);
    // A fee's 0 says nothing about the amount.
    expect(amountsSuspect([line('0 Ks', '0', 20), line('Amount 3,000 Ks', '3,000', 93)])).toBe(false);
  });

  it('judges the number after a currency printed first, not a Burmese word before it that read as digits', () => {
    // "09450031122 ထံသို့ MMK 12,000 ငွေလွှဲ": the English data made "0523" of ထံသို့, at low confidence.
    const sentence = (amount: number) => ({
      text: '09450031122 0523 MMK 12,000 SY',
      words: '09450031122 0523 MMK 12,000 SY'
        .split(' ')
        .map((w) => ({ text: w, confidence: w === '0523' ? 49 : w === '12,000' ? amount : 95 })),
    });
    expect(amountsSuspect([sentence(96)])).toBe(false);
    expect(amountsSuspect([sentence(45)])).toBe(true);
    const words = (...pairs: Array<[string, number]>) => pairs.map(([text, confidence]) => ({ text, confidence }));
    expect(amountNumberIndex(words(['of', 95], ['3,800', 93], ['Ks', 95], ['to', 95]))).toBe(1);
    expect(amountNumberIndex(words(['paid', 95], ['MMK', 95], ['5,500', 93]))).toBe(2);
    // Both shaped as amounts: the surer one.
    expect(amountNumberIndex(words(['5,500', 93], ['MMK', 95], ['1,200', 60]))).toBe(0);
    expect(amountNumberIndex(words(['5,500', 50], ['MMK', 95], ['1,200', 90]))).toBe(2);
    expect(amountNumberIndex(words(['5,500Ks', 90], ['to', 95]))).toBe(0);
    expect(amountNumberIndex(words(['Amount', 90], ['MMK', 95]))).toBe(-1);
  });

  it('drops the English amount when the Burmese re-read saw Burmese digits, however clean the English one looks', () => {
    expect(amountLineAfterReread('-9,000 Ks', { amount: null, burmeseDigits: true, latinDigits: false }, false)).toBe('');
    expect(amountLineAfterReread('Balance Transfer of 9,000 Ks to', { amount: null, burmeseDigits: true, latinDigits: false }, false)).toBe(
      'Balance Transfer of to',
    );
  });

  it('drops a doubtful English amount the Burmese data read nothing of, and keeps a confident one', () => {
    const reread = { amount: null, burmeseDigits: false, latinDigits: false };
    expect(amountLineAfterReread(line('Balance Transfer of 9,000 Ks to', '9,000', 74), reread, false)).toBe('Balance Transfer of to');
    expect(amountLineAfterReread(line('Balance Transfer of 3,000 Ks to', '3,000', 94), reread, false)).toBe(
      'Balance Transfer of 3,000 Ks to',
    );
    // A doubtful Latin amount the Burmese data read as Latin digits too (not agreeing with the other lines) stays.
    expect(amountLineAfterReread(line('-105,000 Kyats', '-105,000', 62), { ...reread, latinDigits: true }, false)).toBe('-105,000 Kyats');
  });

  it('keeps a confident Latin amount when the Burmese data read it in both scripts ("၂၁0,000" of 150,000)', () => {
    const reread = amountReread('၂၁0,000\n', 'Kyats');
    expect(reread).toMatchObject({ amount: '210,000 Kyats', burmeseDigits: true, mixed: true });
    const sms = '150,000 Kyats to ******4567. Trans ID:';
    expect(amountLineAfterReread(line(sms, '150,000', 93), reread, true)).toBe(sms);
    // Read with doubt, the English number is no better: the rules for a Burmese reading decide.
    expect(amountLineAfterReread(line(sms, '150,000', 60), reread, true)).toBe('210,000 Kyats to ******4567. Trans ID:');
    expect(amountReread('၁၅၀,၀၀၀', 'Kyats').mixed).toBe(false);
    // Mostly Burmese digits: a Burmese number whose ၀ the Burmese data read as a Latin 0.
    expect(amountReread('၁၂,၅0၀', 'Kyats').mixed).toBe(false);
  });

  it('puts the agreed Burmese amount in, unless it lost a thousands group the English reading shows', () => {
    expect(amountLineAfterReread('-9,000 Ks', { amount: '-3,000 Ks', burmeseDigits: true, latinDigits: false }, true)).toBe('-3,000 Ks');
    // "485" of ၄၈,၀၀၀, "2190" of 2,150: another number, not a reading of this one.
    expect(
      amountLineAfterReread('Balance Transfer of 60,000 Ks to', { amount: '485 Ks', burmeseDigits: true, latinDigits: false }, true),
    ).toBe('Balance Transfer of to');
    expect(amountLineAfterReread('2,150 Ks.', { amount: '2190 Ks', burmeseDigits: false, latinDigits: true }, true)).toBe('2,150 Ks.');
    // Latin digits both readings saw: the English reading decides, and goes when it was read with doubt.
    const latin = { burmeseDigits: false, latinDigits: true };
    expect(amountLineAfterReread('You have sent MMK 5,500 to', { amount: '5,800 MMK', ...latin }, true)).toBe('You have sent MMK 5,500 to');
    expect(amountLineAfterReread(line('MMK 5,500 to', '5,500', 60), { amount: '5,800 MMK', ...latin }, true)).toBe('to');
    // "2,500" beside "-2 2,500" or "-2 J,§00" (၁၂,၅၀၀): the Burmese reading lost a digit the English one shows.
    expect(
      amountLineAfterReread('Total Amount: -2 2,500 Kyats', { amount: '2,500 Kyats', burmeseDigits: true, latinDigits: false }, true),
    ).toBe('Total Amount:');
    const burmese = { burmeseDigits: true, latinDigits: false };
    expect(amountLineAfterReread('-2 J,§00 Kyats', { amount: '2,500 Kyats', ...burmese }, true)).toBe('');
    expect(amountLineAfterReread('-2 J,6)00 Ks', { amount: '-12,500 Ks', ...burmese }, true)).toBe('-12,500 Ks');
    expect(amountLineAfterReread('-20¢),000 Ks', { amount: '-105,000 Ks', ...burmese }, true)).toBe('-105,000 Ks');
  });

  it('keeps the words after an id out of it, and never lets an id with letters among its digits disagree', () => {
    const sms = readReceipt(
      'Balance Transfer of 3,000 Ks to 09*****4567 was successful. Trans ID:\nJO9O0RRG2J27ETO Your main balance is\n2190 Ks.',
    );
    expect(sms.transactionId).toBeNull();
    const garbled = readReceipt('Trans ID:\nJoBEng00ERR J0930Q29.');
    expect(garbled).toMatchObject({ transactionId: 'JOBENG00ERRJ0930Q29', unlabelled: ['transactionId'] });
    const check = compareReceipt(garbled, order, accounts, { windowMs }).find((c) => c.field === 'transactionId');
    expect(check?.result).toBe('unreadable');
    // A label after the id on its line ends it, its colon too.
    expect(readReceipt('Ref No:881204466130 Time: 24/11/2026').transactionId).toBe('881204466130');
    // Letters as a prefix are part of some wallets' ids.
    expect(readReceipt('Trans ID: TRX2611250300281112')).toMatchObject({ transactionId: 'TRX2611250300281112', unlabelled: [] });
  });
});

describe('a payee whose mask OCR read as a digit', () => {
  it("proves nothing with more digits after the mask than wallets show, and disagrees on 4 that are not an account's", () => {
    const payee = (phone: string) =>
      compareReceipt(readReceipt(`Transfer To\n${phone}`), order, accounts, { windowMs }).find((c) => c.field === 'receiver')?.result;
    expect(payee('**+*+44567')).toBe('unreadable');
    expect(payee('******4567')).toBe('match');
    expect(payee('**+*+49911')).toBe('unreadable');
    expect(payee('09*****9911')).toBe('mismatch');
  });

  it('takes one letter four times over before the digits shown for a mask', () => {
    expect(readReceipt('Hnin Wal Phyo\neeeeee4567  m  »').receiver?.phone).toBe('*******4567');
    expect(readReceipt('Transfer To\nKyaw Zin\neeeeee4567').receiver?.phone).toBe('*******4567');
  });

  it('looks past a name of two scripts under the payee label, read where the value should be', () => {
    const text = 'ငွေလွှဲခြင်း အောင်မြင်ပါသည်\n12,000 Ks\nHnin Wai Phyo , 0945xxxx122\nလက်ခံသူ\nmo ကစ\nငွေလွှဲအမှတ်  950537104848';
    expect(readReceipt(text).receiver).toEqual({ name: 'Hnin Wai Phyo', phone: '0945****122' });
  });
});

describe('what OCR made of a phone-bill SMS', () => {
  const payee = (text: string) =>
    compareReceipt(readReceipt(text), order, accounts, { windowMs }).find((c) => c.field === 'receiver')?.result;

  it('still reads "Balance Transfer" as the payment when OCR misread "Transfer", not as a balance', () => {
    const text = 'balance lransier or 1,10000. MMK tO\n09*****4567 was successful.\nTxnID:520294327791';
    expect(readReceipt(text).receiver).toEqual({ name: null, phone: '09*****4567' });
    expect(readReceipt('Your balance is 21,350 Ks.\nTransfer To\n09*****4567').amount).toBeNull();
  });

  it('takes digits between two mask signs as mask OCR misread, and compares the rest', () => {
    expect(readReceipt('0977x00x567 ထံသို့ 5,500 Ks ငွေလွှဲခြင်း အောင်မြင်ပါသည်').receiver?.phone).toBe('0977****567');
    expect(payee('Transfer To\n0977x00x567')).toBe('match');
    expect(payee('Transfer To\n0942x00x911')).toBe('mismatch');
  });

  it("keeps a masked number's last digit that OCR spaced off before its closing bracket", () => {
    const text = 'Balance Transfer of 3,800 Ks to Hain Wai\nPhyo (**+ee+456  7) was successful';
    expect(readReceipt(text).receiver?.phone).toBe('*******4567');
    expect(payee(text)).toBe('match');
  });

  it('joins a date wrapped after its month when the Burmese reading left a sign at the break', () => {
    const text = 'TxnID:1340675746200557345 Date: Nov လဝ\n25, 2026 8:46 AM. Your balance is 21,350';
    expect(readReceipt(text).time).toBe('2026-11-25T02:16:00.000Z');
    // After the day, a label's Burmese word the line took in ("ငွေလွှဲအမှတ်" read as "အမုတ").
    expect(readReceipt('32000 185961014773718172 Nov 25, အမုတ\n2026 9:07 AM').time).toBe('2026-11-25T02:37:00.000Z');
  });
});

describe('values OCR broke or garbled under their labels', () => {
  const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
  const payee = (text: string) => compareReceipt(readReceipt(text), order, holders, { windowMs }).find((c) => c.field === 'receiver');

  it('joins the last digits of an id wrapped onto a line of their own', () => {
    expect(readReceipt('Transaction No.\n01801122752749013\n000\nAmount\n-5,500 Ks').transactionId).toBe('01801122752749013000');
  });

  it('lets the digits a garbled mask still shows agree, never disagree; not agreeing, the name under the label decides', () => {
    expect(payee('Recipient Name\nKyaw Zin\nRecipient Number\n*kkkkk A567')?.result).toBe('match');
    expect(payee('Paid To\nU Kyaw Zin\nFkkRINA567')?.result).toBe('match');
    // Other digits are a garbled mask's ("Hnin Wai Phyo - 224" of ******1122): the holder's name decides, as the
    // name of someone else does.
    expect(payee('Paid To\nKyaw Zin\nFkkRINA911')?.result).toBe('match');
    expect(payee('Paid To\nZaw Lin Htet\nFkkRINA911')?.result).toBe('mismatch');
    expect(payee('Paid To\nKyaw Zn\nFkkRINA911')?.result).toBe('unreadable');
    // On one line, the name before the garbled number holds back digits that agree.
    expect(payee('Beneficiary: Kyaw Zin (*¥¥¥+¥kkx]4]567)')?.result).toBe('match');
    expect(payee('Beneficiary: Aung Myo Htet (*¥¥¥+¥kkx]4]567)')?.result).toBe('unreadable');
    expect(payee('Beneficiary: Kyaw Zin (*¥¥¥+¥kkx]9]911)')?.result).toBe('match');
    // Alone under the label, the digits after a mask OCR made letters of may agree; not agreeing, they are unread and
    // the name decides alone, as if no number were read.
    expect(payee('Receiver\nokkkkk]567')?.result).toBe('match');
    expect(payee('Receiver\nokkkkk]199')?.result).toBe('unreadable');
    expect(payee('Receiver\nKo Kyaw Zin\nokkkkk]199')?.result).toBe('match');
    expect(payee('Receiver\nZaw Lin Htet\nokkkkk]199')?.result).toBe('mismatch');
    expect(payee('Receiver\n09*****4199')?.result).toBe('mismatch');
  });

  it('takes no amount from a sum whose separator OCR read as a space, nor from an id a wrap put before the currency', () => {
    expect(readAmount(['MMK 3 800'])).toBeNull();
    // Nor its first digit before two separators ("7,.000"): never 7.
    expect(readAmount(['Sent Ks 7,.000 to 09*****1180'])).toBeNull();
    expect(readAmount(['Successful', 'MMK 3,800', '9818410070891269', 'MMK 3 800', '25.11.2026, 09:19'])).toBe(3800);
    expect(readAmount(['You have sent 9818410070891269', 'MMK 3,800 to 09*****4567'])).toBe(3800);
    expect(readAmount(['Amount 150,000,000.00 MMK'])).toBe(150_000_000);
  });

  it('takes no amount from a number a split-off digit stands before, and replaces the fragment with the number', () => {
    expect(readReceipt('Total Amount: -2 2,500 Kyats').amount).toBeNull();
    expect(replaceLineAmount('-2 -12,500 mo', '-12,500 ကျပ်')).toBe('-12,500 ကျပ်');
    expect(readReceipt('Amount: 2,500 Kyats').amount).toBe(2500);
  });

  it('reads a labelled amount whose bracketed currency OCR lost ("Amount )")', () => {
    expect(readReceipt('Transfer Successful\n-125,000 MMK\nAmount )  125,000.00\nFee  0 MMK').amount).toBe(125000);
  });

  it('ends an amount row at the fee row under it, so nothing below is read as the amount', () => {
    expect(readReceipt('ငွေလွှဲခြင်း အောင်မြင်ပါသည်\n-1,250 Kyats\nပမာဏ  -1,250 Kyats\nဝန်ဆောင်ခ  0 Kyats\nc  c\n1').amount).toBe(1250);
    expect(readReceipt('Transfer Successful\n-1,250 Ks\nAmount  -1,250 Ks\nFee: 50 Ks\n1').amount).toBe(1250);
  });

  it('reads a labelled amount whose bracket OCR read as digits ("Amount 22 (MMK) )")', () => {
    expect(readReceipt('-3,000 Ks\nAmount 24 (MMK) )  3,000.00\nFee  0 Kyats').amount).toBe(3000);
    expect(readReceipt('Transfer Successful\n-105,000 Ks\nAmount 202 (MMK) )\n105,000.00\nFee\n0 Ks').amount).toBe(105000);
    // However many digits it made of it, when the value follows the bracket on the line.
    expect(readReceipt('Amount 425028 (MMK) ): 3,000.00\nFee: 0 Ks').amount).toBe(3000);
    // A sum with its currency after the label is still the sum.
    expect(readReceipt('Amount 5,500 (MMK)').amount).toBe(5500);
    expect(readReceipt('Amount: 5500 MMK').amount).toBe(5500);
    expect(readReceipt('Amount 5500 (MMK)').amount).toBe(5500);
  });

  it('reads a mask OCR shrank to one sign under a payee label, and only at the end of the line', () => {
    expect(readReceiver(['Transfer To  Ma Hnin Wai, #1122'])).toEqual({ name: 'Ma Hnin Wai', phone: '*******1122' });
    expect(readReceiver(['Transfer To  Ma Hnin Wai, #1122 paid'])?.phone ?? null).toBeNull();
  });

  it('leaves a name OCR cut short at an edge unread, never a mismatch', () => {
    expect(payee('Paid To\naw Zin')?.result).toBe('unreadable');
    expect(payee('Paid To\nZaw Lin Htet')?.result).toBe('mismatch');
  });

  it('reads ကျပ် as the English data reads it after a number ("mo", "m0", "mJo"), and nowhere else', () => {
    expect(readReceipt('ငွေပေးချေမှု အောင်မြင်ပါသည်\n-5,500 mo\nဝေပမာဏ\n-5,500 mJo\nဝန်ဆောင်ခ\n0 ကျပ်').amount).toBe(5500);
    expect(amountLineCurrency('-25,000 m0')).toBe('m0');
    expect(['mo', 'qo', 'Demo'].map(amountLineCurrency)).toEqual([null, null, null]);
  });
});

describe('one receipt in every layout the generator prints', () => {
  // The same payment as OCR gives each layout: label and value side by side, the value under its label, "Label:
  // value", a name over its number, separate name and number rows, the holder's name alone, an SMS.
  const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
  const expected = { amount: 25000, transactionId: '88175132529281112', time: '2026-11-23T07:35:12.000Z', status: 'success' };
  const layouts: Record<string, string> = {
    rows: 'Transfer Successful\n-25,000 Ks\nSend To     Kyaw Zin, 09*****4567\nDate & Time     2026-11-23 14:05:12\nTransaction ID     88175132529281112\nAmount (MMK)     25,000.00\nService Fee     0 Ks',
    stacked:
      'Successful\n-25,000 MMK\nBeneficiary\nU Kyaw Zin\n09*****4567\nDate\n23.11.2026 14:05:12\nTrans ID\n8817513252\n9281112\nTransfer Amount\n-25,000 MMK',
    inline:
      'Transaction Completed\n-25,000 Kyats\nRecipient Name: Ko Kyaw Zin\nRecipient Number: ******4567\nDate: 23-Nov-2026\nTime: 14:05:12\nReference No.: 88175132529281112\nTotal Amount: -25,000 Kyats',
    'name only':
      'Payment Successful\n-25,000 Ks\nPaid To: Daw Kyaw Zin\nTransaction Date: 2026-11-23 2:05:12 PM\nTransaction No.: 88175132529281112\nAmount: -25,000 Ks',
    'title cut, status row':
      'Paid To   Kyaw Zin (09*****4567)\nTransaction Time   23/11/2026 14:05:12\nTransaction No.   88175132529281112\nAmount   -25,000 Ks\nStatus   Success',
    'Burmese labels and digits':
      'ငွေလွှဲခြင်း အောင်မြင်ပါသည်\nငွေလက်ခံသူ: ကိုကျော်ဇင် ၀၉*****၄၅၆၇\nရက်စွဲ: ၂၃ နိုဝင်ဘာ ၂၀၂၆ ၁၄:၀၅:၁၂\nလုပ်ငန်းစဉ်အမှတ်: ၈၈၁၇၅၁၃၂၅၂၉၂၈၁၁၁၂\nပမာဏ: -၂၅,၀၀၀ ကျပ်',
    'SMS, sent':
      'You have successfully sent 25,000 MMK to Kyaw Zin (09*****4567) on 23/11/2026 14:05:12. Transaction ID: 88175132529281112.',
    'SMS, dear customer':
      'Dear Customer, 25,000 Ks has been successfully transferred to 09*****4567. TxnID 88175132529281112. Date: 23/11/2026 14:05:12. Thank you.',
  };
  for (const [name, text] of Object.entries(layouts)) {
    it(`reads every field as a label → value block: ${name}`, () => {
      const r = readReceipt(text);
      expect(r).toMatchObject(expected);
      const checks = compareReceipt(r, order, holders, { windowMs });
      expect(verdictOf(checks), JSON.stringify(checks)).toBe('match');
    });
  }

  it('needs a status for match: a crop that took the title and left no status row is unreadable', () => {
    const cut =
      'Paid To   Kyaw Zin (09*****4567)\nTransaction Time   23/11/2026 14:05:12\nTransaction No.   88175132529281112\nAmount   -25,000 Ks';
    expect(verdictOf(compareReceipt(readReceipt(cut), order, holders, { windowMs }))).toBe('unreadable');
  });

  it("agrees on the holder's name alone, and a wallet's name never decides", () => {
    const named = (payee: string) =>
      compareReceipt(readReceipt(`Paid To: ${payee}`), order, holders, { windowMs }).find((c) => c.field === 'receiver')?.result;
    expect(named('Mg Kyaw Zin')).toBe('match');
    expect(named('Zaw Lin Htet')).toBe('mismatch');
    expect(named('KBZPay')).toBe('unreadable');
  });
});

describe('dates as wallets print them', () => {
  const at = (line: string) => readReceipt(`Transfer Successful\n${line}`).time;
  it('reads two-digit years, a year before its month name, and the Burmese long form, in Myanmar time', () => {
    const expected = '2026-11-23T04:06:00.000Z';
    for (const line of [
      'Date: 23/11/26 10:36 AM',
      'Date: 23.11.26 10:36',
      'Date: 23-Nov-26 10:36',
      'Date: 2026 Nov 23, 10:36',
      'ရက်စွဲ: 2026 ခုနှစ် နိုဝင်ဘာလ 23 ရက် 10:36',
      'ရက်စွဲ: ၂၀၂၆ ခုနှစ် နိုဝင်ဘာလ ၂၃ ရက် ၁၀:၃၆',
    ])
      expect(at(line), line).toBe(expected);
  });

  it('reads a clock whose colon OCR lost when AM or PM follows it, and no other run of four digits', () => {
    expect(readReceipt('Date:\nNov 25, 2026 1219 PM. Your').time).toBe('2026-11-25T05:49:00.000Z');
    expect(readReceipt('Date: 25/11/2026 0915 AM').time).toBe('2026-11-25T02:45:00.000Z');
    expect(readReceipt('Date: 25/11/2026 1275 PM').time).toBeNull();
    expect(readReceipt('Amount 5500 Ks\nDate 25/11/2026').time).toBeNull();
  });

  it('reads a month-first date when its second number can only be a day, and day-first otherwise', () => {
    expect(readReceipt('Date/Time  11/23/2026 19:55:47').time).toBe('2026-11-23T13:25:47.000Z');
    expect(readReceipt('Paid On  11/13/2026 6:01:20 PM').time).toBe('2026-11-13T11:31:20.000Z');
    expect(readReceipt('Date 11/23/26 19:55').time).toBe('2026-11-23T13:25:00.000Z');
    // Both numbers 12 or less: day first, as Myanmar apps print it.
    expect(readReceipt('Date 11/12/2026 10:00').time).toBe('2026-12-11T03:30:00.000Z');
  });

  it('reads a Burmese month name and a four-digit year before a clock with dots, never a two-digit-year date', () => {
    expect(readReceipt('ရက်စွဲနှင့်အချိန်  27 နိုဝင်ဘာ 2026, 09.07.03').time).toBe('2026-11-27T02:37:03.000Z');
  });

  it('reads a clock printed with dots right after its date, and nowhere else', () => {
    expect(readReceipt('25-Nov-2026 10.46').time).toBe('2026-11-25T04:16:00.000Z');
    expect(readReceipt('Date: 25/11/2026, 2.05.09 PM').time).toBe('2026-11-25T07:35:09.000Z');
    // Elsewhere, or followed by more digits, it may be an amount.
    expect(readReceipt('Date 25/11/2026\nFee 10.46').time).toBeNull();
    expect(readReceipt('25.11.2026 12.000 Ks').time).toBeNull();
  });

  it('reads a month-first date whose comma OCR read as a colon', () => {
    expect(readReceipt('Transaction Time  Nov 25: 2026 12:15 PM').time).toBe('2026-11-25T05:45:00.000Z');
  });

  it('keeps a clock OCR spaced after its colon out of the id before it', () => {
    expect(readReceipt('ငွေလွှဲအမှတ်\n984830946002 25- Nov-2026 11: 49').transactionId).toBe('984830946002');
    expect(readReceipt('Trans ID 984830946002 25-Nov-2026 11: 49: 05').transactionId).toBe('984830946002');
  });

  it('reads a clock whose seconds the Burmese full stop follows, read as a "1"', () => {
    expect(readReceipt('3008516578185005805 20-Nov-26\n09:27:431 လကကျနငွေ 7,650 ကျပ').time).toBe('2026-11-20T02:57:43.000Z');
    expect(readReceipt('20-Nov-2026 09:27:4312').time).toBeNull();
  });

  it('reads a two-digit-year date right after a long id, but not after a year OCR split', () => {
    expect(readReceipt('ငွေလွှဲအမှတ် 8859072088260895479 20/11/26 11:12').time).toBe('2026-11-20T04:42:00.000Z');
    expect(readReceipt('202 6-11-23 10:00').time).toBeNull();
  });

  it('takes no date from an amount, a time or an id', () => {
    for (const line of ['Amount: 1.250.000 Ks', 'Time: 10:36:12', 'Ref: 23/11/2026123']) expect(at(line), line).toBeNull();
  });

  it("reads a date an SMS bubble wrapped across two lines, the year's separator lost at the break", () => {
    const expected = '2026-11-23T04:06:00.000Z';
    for (const wrapped of ['Ref 8806123. Date 2026\n11-23 10:36 AM. Balance 2,100 Ks', 'Sent on Nov\n23, 2026 10:36 AM.'])
      expect(at(wrapped), wrapped).toBe(expected);
  });

  it('joins no lines when one already holds a whole date', () => {
    expect(at('Date 2026\n11-20 09:00 AM\nPaid 23/11/2026 10:36')).toBe('2026-11-23T04:06:00.000Z');
  });
});

describe('a failed payment whose "not" a line wrap parted from its word', () => {
  it('is a refusal in English too', () => {
    const sms = 'Your balance transfer of MMK\n2,000 to 09699448421 was not\nsuccessful. Ref: 500584635812.';
    expect(readReceipt(sms).status).toBe('failed');
    expect(readReceipt('Your transfer of 2,000 Ks is\npending. Ref: 500584635812.').status).toBe('pending');
  });

  it('is a refusal, never a success', () => {
    const sms = '09450031122 ထံသို့ 5,500 Ks ငွေလွှဲခြင်း မ\nအောင်မြင်ပါ။ ငွေလွှဲအမှတ် 55045957994465\n2026-11-25 11:49 AM';
    expect(readReceipt(sms).status).toBe('failed');
    expect(readReceipt(sms.replace(' မ\n', '\n')).status).toBe('success');
    // Glued to the word before, the "မ" may be that word's last syllable: never a success then.
    expect(readReceipt(sms.replace(' မ\n', 'မ\n')).status).toBeNull();
  });

  it('is no refusal when the line before ends with a word that only holds a မ (a title OCR garbled)', () => {
    // A wrap falls between syllables: the "ေ" of မအောင် read as a letter after the "မ" never ends the line before.
    expect(readReceipt('CB Pay\nဒမရ\nအောင်မြင်ပါသည်\n-5,500 MMK').status).toBe('success');
    expect(readReceipt('ငွေလွှဲခြင်းမ\nအောင်မြင်ပါ').status).toBeNull();
  });
});

describe('an SMS thread: an earlier message above the one paid for', () => {
  it("reads only the messages after the thread's last day heading when the payment is there", () => {
    const promo = 'Ooredoo\nSMS\nNov 15\nGet 30GB data for 7 days at only 1,499 Ks! Dial\n*280# to buy.';
    const paid =
      '[Ooredoo] Transfer of 110,000 Kyats to\n09774313558 completed 23 November 2026\n7:23:25 AM. ID 6900893469185851. Bal 11,400\nKs.';
    expect(readReceipt(`${promo}\nToday\n${paid}`)).toMatchObject({ amount: 110000, transactionId: '6900893469185851', status: 'success' });
    expect(readReceipt(`${promo}\n27 နိုဝင်ဘာ\n${paid}`).amount).toBe(110000);
    // The payment above the last heading: every line is read, as before.
    expect(readReceipt(`Nov 15\n${paid}\nToday\nGet 30GB data for 7 days at only 1,499 Ks!`).transactionId).toBe('6900893469185851');
  });

  const message = (sum: string, phone: string, id: string, when: string, word = 'successful') =>
    `Balance Transfer of ${sum} Ks to ${phone} was ${word}. Trans ID: ${id}. Your main balance is 2,150 Ks. ${when}`;
  const earlier = message('3,000', '09*****1111', '0112233445566778', '20/11/2026 10:00:00');
  const accounts: PaymentAccount[] = [{ paymentName: 'MPT', phone: '09777124567', holderName: 'Kyaw Zin' }];
  const paid = { subTotal: 5500, transactionNumber: '554433', createdAt: '2026-11-23T06:00:00.000Z' };
  const verdict = (text: string, o = paid) => verdictOf(compareReceipt(readReceipt(text), o, accounts, { windowMs }));

  it('cuts a thread whose messages end with a short "Bal" after their charges', () => {
    const thread = [
      'Mytel',
      'Payment of 7,000 Ks to Thiri Aung is successful.',
      'TID:300675675390756 20 Nov 2026 12:01 PM. Charges 50 Ks.',
      'Bal 7,650 Ks.',
      'Payment of 5,500 Ks to Ko Kyaw Zin',
      'is successful.',
      'TID:300665709357657 23 Nov 2026 12:01 PM. Charges 50 Ks.',
      'Bal 2,150 Ks.',
    ].join('\n');
    expect(readReceipt(thread).messages?.map((m) => m.amount)).toEqual([7000, 5500]);
    expect(readReceipt('Sent 5,500 Ks to 09*****4567\nBal 7,650 Ks.').amount).toBe(5500);
  });

  it("judges the message whose id ends with the buyer's digits, whole", () => {
    const thread = `MPT\n${earlier}\n${message('5,500', '09*****4567', '0199887766554433', '23/11/2026 12:10:04')}`;
    expect(readReceipt(thread).messages).toHaveLength(2);
    expect(verdict(thread)).toBe('match');
    // Each message is judged whole: the newer message's digits never lend the earlier one a payee or a time.
    expect(verdict(thread, { ...paid, subTotal: 3000, transactionNumber: '566778' })).toBe('mismatch');
  });

  it('refuses a thread whose message for the buyer failed, and judges the newest when no id agrees', () => {
    const failed = `MPT\n${earlier}\n${message('5,500', '09*****4567', '0199887766554433', '23/11/2026 12:10:04', 'unsuccessful')}`;
    expect(verdict(failed)).toBe('mismatch');
    const thread = `MPT\n${earlier}\n${message('5,500', '09*****4567', '0199887766554433', '23/11/2026 12:10:04')}`;
    expect(verdict(thread, { ...paid, transactionNumber: '123456' })).toBe('mismatch');
  });

  it('lets no field disagree in a thread it could not cut into messages (the newer payment line broken by OCR)', () => {
    const broken =
      `MPT\n${earlier}\n= fd Zin #24567 00 12, was successful. Trans ID: 0199887766554433. Your main balance is 2,150 Ks.\n` +
      '2026-1l- 23 12:10:04';
    const reading = readReceipt(broken);
    expect(reading.messages).toBeUndefined();
    expect(reading.time).toBe('2026-11-20T03:30:00.000Z');
    expect(verdict(broken)).toBe('unreadable');
    // The same id label twice, the newer date's year lost.
    const burmese =
      'CB Pay\nThiri Aung 09*****1180 ထံ 7,000 MMK ငွေလွှဲခြင်း အောင်မြင်ပါသည်\nငွေလွှဲအမှတ် 3080319608698836 20-Nov-2026 09:37\n' +
      'Ko Kyaw Zin မမြ 48, MMK\nငွေလွှဲခြင်း အောင်မြင်ပါသည်! ငွေလွှဲအမှတ် 3080016388966806913\n23- Lifes 09:371';
    expect(verdict(burmese, { ...paid, subTotal: 48000, transactionNumber: '806913' })).toBe('unreadable');
    // The same label read two ways ("TxnlD", "TxnID"), the newer status garbled so nothing is cut.
    const english =
      'Dear Customer, 7,000 MMK has been successfully\n225020 to 09*****1180. TxnlD\n30337082842309101934. Date: 20-Nov-26 11:10:25\n' +
      'Thank you.\nDear Customer, 5,500 MMK has been suct sfully\ntransferred to ******4567 TxnID\n30334391019032566778. Date: 23-Nov-26 12:10:04';
    expect(readReceipt(english).messages).toBeUndefined();
    expect(verdict(english, { ...paid, transactionNumber: '566778' })).toBe('unreadable');
    // One receipt with a reference number under its date is one message: its date still disagrees.
    const receipt = 'Transfer Successful\nTransaction ID: 0199887766554433\nDate: 2026-11-20 10:00:00\nReference No: 99887766554433';
    expect(readReceipt(receipt).unlabelled).not.toContain('time');
  });

  it('never cuts a receipt with a reference number below its amount rows into messages', () => {
    const receipt =
      'Transfer Successful\n-5,500 Ks\nTransaction ID: 0199887766554433\nAmount: 5,500 Ks\nReference No: 99887766554433\nFee: 0 Ks';
    expect(readReceipt(receipt).messages).toBeUndefined();
  });
});

describe('amounts as wallets print them', () => {
  it('never takes the amount and the fee deducted together for the payment', () => {
    const text = 'Sent successfully\nRecipient Name  Kaung Myat Thu\nService Fee  500 Ks\nTotal Deducted  10,500 Ks\nRef  261104382638116';
    expect(readReceipt(text).amount).toBeNull();
    expect(readReceipt(`${text}\nAmount 10,000 Ks`).amount).toBe(10000);
  });

  it('takes a bare number under an amount read with its currency for something else', () => {
    expect(readReceipt('Amount  MMK 150,000.00\n4837709\nTxn ID\n4169486969').amount).toBe(150000);
    expect(readReceipt('Amount\n150,000').amount).toBe(150000);
  });

  it('never takes the balance a sentence names for the payment', () => {
    const sms = (paid: string) => `09*****4567 သို့ ${paid} ငွေလွှဲခြင်း အောင်မြင်ပါသည်\n08:11:37 လက်ကျန်ငွေ 2,150 ကျပ်!`;
    expect(readReceipt(sms('48,000 Ks')).amount).toBe(48000);
    expect(readReceipt(sms('9 #8,0 Ks')).amount).toBeNull();
    expect(readReceipt('You sent 3,000 Ks to 09*****4567. Your balance is 2,150 Ks.').amount).toBe(3000);
  });

  it('never takes a fee or a balance named in a sentence, by any of their names, for the payment', () => {
    const texts = [
      'MPT: You have successfully transferred 5,500 Ks to Kyaw Zin 09*****4567. Fee: 50 Ks. Txn No: 0112345678901234. 23/11/2026 12:10:04. Available balance: 2,150 Ks.',
      'Payment of 5,500 Ks to Kyaw Zin is successful. TID:0112345678901234 2026-11-23 12:10. Charges 50 Ks. Bal 2,150 Ks.',
      'Sent MMK 5,500 to 09*****4567 on 23/11/2026 12:10:04. Status: Successful. Ref: 0112345678901234. Current Bal\n2,150 Ks.',
      'Kyaw Zin 09*****4567 ထံ 5,500 ကျပ် ငွေလွှဲခြင်း အောင်မြင်ပါသည်။ ဝန်ဆောင်ခ 50 ကျပ်။ ငွေလွှဲအမှတ် 0112345678901234။',
    ];
    for (const text of texts) expect(readReceipt(text).amount, text).toBe(5500);
  });

  it('reads a sum whose currency a wrapped sentence put on the next line', () => {
    const text =
      'You have successfully sent 12,500.00\nMMK to Kyaw Zin (09*****4567) on\n23-Nov-26 12:13:32. Transaction ID:\n01595236488408233.';
    expect(readReceipt(text).amount).toBe(12500);
    // The currency before a number is no currency of a word glued to it.
    expect(readReceipt('Transfer Successful\n-105,000 Ks\n6GLOEDM').amount).toBe(105000);
  });

  it('reads a sum after a word the English data made digits of, and not after a digit split off a signed sum', () => {
    expect(readReceipt('Ko Kyaw Zin (09****4567) 03 1,250 Ks\nလွှဲပြောင်းခြင်း အောင်မြင်ပါသည်').amount).toBe(1250);
    expect(readReceipt('Kyaw Zin (09****4567) 23 1,250 Kyats\nလွှဲပြောင်းခြင်း အောင်မြင်ပါသည်').amount).toBe(1250);
    expect(readReceipt('Transfer Successful\n-2 2,500 Kyats').amount).toBeNull();
    expect(readReceipt('ငွေပေးချေမှု အောင်မြင်ပါသည်\n-0 2.500 Ks\nငွေပမာဏ  -12,500 Ks').amount).toBe(12500);
  });

  it('never takes a balance whose sum OCR spaced after its comma for the payment', () => {
    const sms = '09*****4567 သို့ 25,000 MMK ငွေလွှဲခြင်း\nအောင်မြင်ပါသည်! ရက် 11:54 လက်ကျန်ငွေ\n2, 150 ကျပ် ;';
    expect(readReceipt(sms).amount).toBe(25000);
  });

  it('reads a currency in brackets after the number and the "/-" after a sum', () => {
    for (const line of ['Amount: 5,500 (MMK)', 'Amount: 5,500/-', 'Amount: MMK 5,500', 'ငွေပမာဏ  5,500 ကျပ်'])
      expect(readReceipt(`Transfer Successful\n${line}`).amount, line).toBe(5500);
  });
});

describe('misreads that must not make an honest receipt a mismatch', () => {
  const base = at(`KBZPay
    Payment Successful
    -25,000 Ks
    Transfer To
    Kyaw Zin
    09*****4567
    Transaction Time
    2026-11-23 14:05:12
    Transaction No.
    88175132529281112`);
  const checks = (text: string, acc = accounts) => compareReceipt(readReceipt(text), order, acc, { windowMs });
  const field = (text: string, name: string, acc = accounts) => checks(text, acc).find((c) => c.field === name)!.result;

  it("drops the debris OCR left after a Latin name, and keeps a name's own words", () => {
    expect(readReceipt('လက်ခံသူ: Kyaw Zin [လ%%').receiver?.name).toBe('Kyaw Zin');
    expect(readReceipt('Transfer To\nMa Hnin Wai (09*****1122)').receiver?.name).toBe('Ma Hnin Wai');
  });

  it('ends a masked phone at the digits it shows: the next number in the sentence is no part of it', () => {
    expect(readReceipt('09*****4567 03 48,000 Ks ငွေလွှဲခြင်း အောင်မြင်ပါသည်').receiver?.phone).toBe('09*****4567');
  });

  it('reads the payee an SMS names without a number, as a name that may agree but never disagree', () => {
    const sms = (name: string) => `Payment of 105,000 MMK to ${name}\nis successful.\nTID:2068095031507934727\n23.11.2026 12:13:33.`;
    const reading = readReceipt(sms('Ko Kyaw Zin'));
    expect(reading.receiver).toEqual({ name: 'Ko Kyaw Zin', phone: null });
    const accounts = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
    const receiverOf = (text: string) =>
      compareReceipt(readReceipt(text), { ...order, subTotal: 105000 }, accounts, { windowMs }).find((c) => c.field === 'receiver')?.result;
    expect(receiverOf(sms('Ko Kyaw Zin'))).toBe('match');
    expect(receiverOf(sms('Zaw Lin Htet'))).toBe('unreadable');
    expect(readReceipt('Welcome to Wave Money. Payment of 5,000 Ks is successful.').receiver).toBeNull();
  });

  it("leaves an id whose end OCR read one digit off unread, and still refuses the id's other digits", () => {
    const idResult = (id: string, digits: string) =>
      compareReceipt(readReceipt(`Transaction ID: ${id}`), { ...order, transactionNumber: digits }, accounts, { windowMs }).find(
        (c) => c.field === 'transactionId',
      )?.result;
    expect(idResult('20707198743156', '743156')).toBe('match');
    expect(idResult('2070719874315', '743156')).toBe('unreadable');
    expect(idResult('207071987431561', '743156')).toBe('unreadable');
    expect(idResult('20707198743156', '707198')).toBe('mismatch');
  });

  it('never reads a phone across the full stop ending its sentence', () => {
    const r = readReceipt('You have successfully transferred to\n09450031122. 1?1[:24554051356726324');
    expect(r.receiver?.phone).toBe('09450031122');
  });

  it('leaves a date a year or more away unread: a misread year, not an old receipt', () => {
    expect(field(base.replace('2026-11-23 14:05:12', '23.11.20 14:05'), 'time')).toBe('unreadable');
    expect(field(base.replace('2026-11-23 14:05:12', '2026-11-20 14:05:12'), 'time')).toBe('mismatch');
  });

  it('never runs the day of a date the patterns miss into the id before it', () => {
    expect(readReceipt('Payment of 105,000 Kyats is successful.\nTID:30551515605219 23/11/26\n11:44 AM.').transactionId).toBe(
      '30551515605219',
    );
    expect(readReceipt('လုပ်ငန်းစဉ်အမှတ်\n2020205935236539189 23-620-\n26.11:57:28').transactionId).toBe('2020205935236539189');
    expect(readReceipt('ငွေလွှဲအမှတ် 889452021548654362 23\n20ၿ-20 26 12.1411').transactionId).toBe('889452021548654362');
  });

  it('reads a year OCR split after its century as the whole year, and never joins an amount', () => {
    expect(readReceipt('Date  23/11/20 26\nTime  12:00:48').time).toBe('2026-11-23T05:30:48.000Z');
    expect(readReceipt('Date: 23-Nov- 20 26 11:30').time).toBe('2026-11-23T05:00:00.000Z');
    expect(readReceipt('Amount: 5,500.20 26 Ks').amount).not.toBe(5500.2026);
  });

  it('reads no two-digit-year date out of a four-digit year OCR split', () => {
    expect(readReceipt('Date: 202 6-11-23\nTime: 9:59 AM').time).toBeNull();
  });

  it("leaves a name a letter away from the holder's unread", () => {
    const holders: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Hnin Wai' }];
    expect(field(base.replace('Kyaw Zin\n09*****4567', 'Hin Wai'), 'receiver', holders)).toBe('unreadable');
    expect(field(base.replace('Kyaw Zin\n09*****4567', 'Zaw Lin'), 'receiver', holders)).toBe('mismatch');
  });

  it('lets an id with OCR signs under it (its wrapped last digits) agree, never disagree', () => {
    const cut = base.replace('88175132529281112', '8817513252928111\nJ');
    expect(readReceipt(cut).unlabelled).toContain('transactionId');
    expect(field(cut, 'transactionId')).toBe('unreadable');
  });
});
