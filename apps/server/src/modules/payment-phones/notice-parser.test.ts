// The parser on its fixture corpus: every message of every wallet, in English and Burmese, read field by field; and
// the figures on the held-out family (messages written apart from the rules, never used to tune them), with floors.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WALLETS } from '@topup/contract/payment-phones';
import { normalizeText, parseNotice, type ParsedNotice } from './notice-parser.ts';

type Expected = Partial<Omit<ParsedNotice, 'wallet'>>;
type Fixture = { lang?: string; from: string; text: string; expect: Expected };

const dir = path.join(import.meta.dirname, 'fixtures');
const own = readdirSync(path.join(dir, 'own')).map(
  (file) => JSON.parse(readFileSync(path.join(dir, 'own', file), 'utf8')) as { wallet: string; messages: Fixture[] },
);
const heldOut = (JSON.parse(readFileSync(path.join(dir, 'held-out', 'messages.json'), 'utf8')) as { messages: Fixture[] }).messages;
/**
 * Written by another author told only the domain, who never saw this code (kinds: incoming, outgoing, or other for
 * failed, pending, OTP, promotions, balances). Measured once and never used to change a rule: its figures are what a
 * shop should expect from wallets' wording nobody here has seen.
 */
type IndependentFixture = {
  from: string;
  text: string;
  expect: { kind: 'incoming' | 'outgoing' | 'other'; amount?: number; transactionId?: string | null };
};
const independent = (JSON.parse(readFileSync(path.join(dir, 'independent', 'messages.json'), 'utf8')) as { messages: IndependentFixture[] })
  .messages;

/** The fields of `expect` that the parser got wrong (the sender may carry more than the expected name). */
function mistakes(fixture: Fixture): string[] {
  const got = parseNotice(fixture.text, fixture.from);
  const wrong: string[] = [];
  for (const [field, want] of Object.entries(fixture.expect) as Array<[keyof Expected, unknown]>) {
    const have = got[field];
    const same = field === 'sender' && typeof have === 'string' && typeof want === 'string' ? have.includes(want) : have === want;
    if (!same) wrong.push(`${field}: got ${JSON.stringify(have)}, want ${JSON.stringify(want)}`);
  }
  return wrong;
}

const share = (fixtures: Fixture[]) => fixtures.filter((f) => mistakes(f).length === 0).length / fixtures.length;

/** Floors of messages read right, whole: the tuning corpus is read fully; the held-out family at its measured rate. */
const OWN_FLOOR = 1;
const HELD_OUT_FLOOR = 0.9;

describe('notice parser', () => {
  it('has a corpus for every wallet, in English and Burmese', () => {
    expect(own.map((f) => f.wallet).sort()).toEqual([...WALLETS].sort());
    for (const file of own) expect(new Set(file.messages.map((m) => m.lang)), file.wallet).toEqual(new Set(['en', 'mm']));
  });

  for (const file of own) {
    it(`reads ${file.wallet}'s messages`, () => {
      for (const fixture of file.messages) expect(mistakes(fixture), fixture.text).toEqual([]);
      // Every incoming message names this wallet, by its text or its sender.
      for (const fixture of file.messages.filter((m) => m.expect.kind === 'incoming'))
        expect(parseNotice(fixture.text, fixture.from).wallet, fixture.text).toBe(file.wallet);
    });
  }

  it('reads Burmese digits, the letter wa written for zero, and odd spacing', () => {
    expect(normalizeText('၁၂,၅၀၀ ကျပ်')).toBe('12,500 ကျပ်');
    expect(normalizeText('ဝ၉၇၉')).toBe('0979');
    expect(parseNotice('Received\u00a0\u00a012,000   Ks\r\nfrom 09791112223', 'WavePay')).toMatchObject({
      kind: 'incoming',
      amount: 12000,
    });
  });

  it('keeps what no rule reads as unread (kind null), never guessing an amount', () => {
    expect(parseNotice('Hello, are you open today?', '0977')).toMatchObject({ kind: null, amount: null });
    expect(parseNotice('You have received a new voice message', 'MPT')).toMatchObject({ kind: null, amount: null });
  });

  it("ends a sender's name before the sentence that follows it", () => {
    expect(parseNotice('You have received 5,000 Ks from U Aung. Trans ID: 0100345678123456', 'KBZPay').sender).toBe('U Aung');
  });

  it('takes the payment, not the balance or a fee, as the amount', () => {
    expect(parseNotice('Balance: 90,000 Ks. You have received 1,000 Ks from 09791112223.', 'WavePay').amount).toBe(1000);
  });

  it(`reads the tuning corpus fully and the held-out family at least at ${HELD_OUT_FLOOR * 100} %`, () => {
    const ownAll = own.flatMap((f) => f.messages);
    const figures = { own: share(ownAll), ownCount: ownAll.length, heldOut: share(heldOut), heldOutCount: heldOut.length };
    console.info(
      `notice parser: own ${(figures.own * 100).toFixed(1)} % of ${figures.ownCount}, held-out ${(figures.heldOut * 100).toFixed(1)} % of ${figures.heldOutCount}`,
    );
    for (const f of heldOut) {
      const wrong = mistakes(f);
      if (wrong.length) console.info(`held-out miss: ${f.text.slice(0, 60)}… ${wrong.join('; ')}`);
    }
    expect(figures.own).toBeGreaterThanOrEqual(OWN_FLOOR);
    expect(figures.heldOut).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
  });

  it('on the independently written family: never reads other messages as money in, and reads most money in', () => {
    const incoming = independent.filter((m) => m.expect.kind === 'incoming');
    const read = independent.map((m) => ({ m, got: parseNotice(m.text, m.from) }));
    const falseIncoming = read.filter(({ m, got }) => m.expect.kind !== 'incoming' && got.kind === 'incoming').length;
    const withAmount = read.filter(
      ({ m, got }) => m.expect.kind === 'incoming' && got.kind === 'incoming' && got.amount === m.expect.amount,
    ).length;
    const matchable = read.filter(
      ({ m, got }) =>
        m.expect.kind === 'incoming' &&
        got.kind === 'incoming' &&
        got.amount === m.expect.amount &&
        got.transactionId === (m.expect.transactionId ?? null),
    ).length;
    console.info(
      `notice parser, independent family: money in read with its amount ${withAmount}/${incoming.length}, with amount and transaction id ${matchable}/${incoming.length}, other messages read as money in ${falseIncoming}/${independent.length - incoming.length}`,
    );
    // Safety holds whatever the wording; the reading floors sit at the measured figures (docs/decisions/0076).
    expect(falseIncoming).toBe(0);
    expect(withAmount / incoming.length).toBeGreaterThanOrEqual(0.75);
    expect(matchable / incoming.length).toBeGreaterThanOrEqual(0.55);
  });
});
