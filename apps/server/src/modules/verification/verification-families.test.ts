// Floors on the two receipt families, through the real OCR (tesseract.js) on receipts rendered by Chromium: the own
// generator (apps/server/test/fixtures/receipts.ts, varied looks) and the held-out family
// (apps/server/test/fixtures/heldout, written apart from the parser and never tuned to it). A small fixed sample
// (OCR is slow on a small machine); the full measurement, per wallet, layout and degradation, is
// `npm run bench -- verification`. Honest receipts: at least the floor judged `match`. Doctored ones: never `match`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHeldoutCorpus, DOCTORED_KINDS, HELDOUT_ACCOUNTS } from '../../../test/fixtures/heldout/corpus.ts';
import { buildIndependentCases } from '../../../test/fixtures/independent-receipts/cases.ts';
import { createRenderer, randomFacts, receiptHtml, seeded, variedLook, type ReceiptFacts } from '../../../test/fixtures/receipts.ts';
import { compareReceipt, verdictOf, type PaymentAccount } from './compare.ts';
import { readReceipt } from './receipt-text.ts';
import { createTesseractReader, type TextReader } from './text-reader.ts';

const WINDOW_MS = 24 * 3600_000;
type Sample = { honest: boolean; image: Buffer; order: { subTotal: number; transactionNumber: string; createdAt: string } };

let reader: TextReader;
beforeAll(() => {
  reader = createTesseractReader({ workers: 1 });
});
afterAll(async () => {
  await reader.close();
});

async function judge(samples: Sample[], accounts: PaymentAccount[]) {
  const honest = { n: 0, match: 0 };
  const doctored = { n: 0, match: 0 };
  for (const s of samples) {
    const verdict = verdictOf(compareReceipt(readReceipt(await reader.read(s.image)), s.order, accounts, { windowMs: WINDOW_MS }));
    const t = s.honest ? honest : doctored;
    t.n++;
    if (verdict === 'match') t.match++;
  }
  return { honest, doctored };
}

describe('screenshot checks on both receipt families', () => {
  it('own generator: honest receipts mostly match, doctored ones never do', async () => {
    const accounts: PaymentAccount[] = [{ paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' }];
    const rng = seeded(31);
    const renderer = await createRenderer();
    const samples: Sample[] = [];
    const base = Date.UTC(2026, 10, 23, 6, 0, 0);
    try {
      for (let i = 0; i < OWN_HONEST; i++) {
        const look = variedLook(rng);
        const facts = randomFacts(rng, {
          paidAt: new Date(base - rng.int(60, 3600) * 1000),
          receiverPhone: '09*****4567',
          receiverName: 'Kyaw Zin',
        });
        const order = {
          subTotal: facts.amount,
          transactionNumber: facts.transactionId.slice(-6),
          createdAt: new Date(facts.paidAt.getTime() + 10 * 60_000).toISOString(),
        };
        const image = await renderer.render(receiptHtml(facts, look), look);
        samples.push({ honest: true, image, order });
        // One doctored receipt after each: wrong amount, digits from the middle of the id, a failed screen, another payee.
        const kind = i % 4;
        const wrong: ReceiptFacts =
          kind === 0
            ? { ...facts, amount: facts.amount * 10 }
            : kind === 2
              ? { ...facts, status: 'failed' }
              : kind === 3
                ? { ...facts, receiverPhone: '09*****9911', receiverName: 'Zaw Lin' }
                : facts;
        const doctoredOrder = kind === 1 ? { ...order, transactionNumber: facts.transactionId.slice(2, 8) } : order;
        samples.push({
          honest: false,
          image: wrong === facts ? image : await renderer.render(receiptHtml(wrong, look), look),
          order: doctoredOrder,
        });
      }
    } finally {
      await renderer.close();
    }
    const { honest, doctored } = await judge(samples, accounts);
    console.info(`own generator (sample): ${JSON.stringify({ honest, doctored })}`);
    expect(doctored.match).toBe(0);
    expect(honest.match / honest.n).toBeGreaterThanOrEqual(OWN_FLOOR);
  }, 600_000);

  it('held-out family: honest receipts match at least the floor, doctored ones never do', async () => {
    const cases = await buildHeldoutCorpus({ honest: HELDOUT_HONEST, doctoredPer: 1, seed: 3 });
    expect(new Set(cases.filter((c) => c.kind !== 'honest').map((c) => c.kind)).size).toBe(Math.min(HELDOUT_HONEST, DOCTORED_KINDS.length));
    const { honest, doctored } = await judge(
      cases.map((c) => ({ honest: c.kind === 'honest', image: c.image, order: c.order })),
      HELDOUT_ACCOUNTS,
    );
    console.info(`held-out family (sample): ${JSON.stringify({ honest, doctored })}`);
    expect(doctored.match).toBe(0);
    expect(honest.match / honest.n).toBeGreaterThanOrEqual(HELDOUT_FLOOR);
  }, 600_000);
});

describe('screenshot checks on receipts written by another author', () => {
  it("never calls a failed, pending, wrong or someone else's receipt `match`, and rarely calls a paid one `mismatch`", async () => {
    const cases = await buildIndependentCases({ step: INDEPENDENT_STEP });
    const texts = new Map<string, string>();
    const verdicts = { honest: { n: 0, match: 0, mismatch: 0 }, negative: { n: 0, match: 0 } };
    for (const c of cases) {
      const text = texts.get(c.receipt.id) ?? (await reader.read(c.image));
      texts.set(c.receipt.id, text);
      const verdict = verdictOf(compareReceipt(readReceipt(text), c.order, c.accounts, { windowMs: WINDOW_MS }));
      if (c.kind === 'honest') {
        verdicts.honest.n++;
        if (verdict === 'match') verdicts.honest.match++;
        if (verdict === 'mismatch') verdicts.honest.mismatch++;
      } else {
        verdicts.negative.n++;
        if (verdict === 'match') verdicts.negative.match++;
      }
    }
    console.info(`independent receipts (sample): ${JSON.stringify(verdicts)}`);
    expect(verdicts.negative.match).toBe(0);
    expect(verdicts.honest.mismatch / verdicts.honest.n).toBeLessThanOrEqual(INDEPENDENT_MISMATCH_CEILING);
    expect(verdicts.honest.match / verdicts.honest.n).toBeGreaterThanOrEqual(INDEPENDENT_FLOOR);
  }, 600_000);
});

/** Sample sizes and floors: the floors sit below what the bench measures so that a fixed small sample holds them. */
/**
 * The own generator draws layouts, wordings, Burmese-only receipts and crops below the status title (docs/decisions/
 * 0095): 9 of these 20 `match` (61 % of 80 in the bench's set), the rest mostly unread for want of Burmese reading.
 */
const OWN_HONEST = 20;
const OWN_FLOOR = 0.4;
const HELDOUT_HONEST = 8;
const HELDOUT_FLOOR = 0.25;
/**
 * Every 4th of the independent author's receipts; floors below the sample's figure (6 of 9 paid receipts `match`, none
 * `mismatch`; the bench's full figures are in docs/decisions/0092).
 */
const INDEPENDENT_STEP = 4;
const INDEPENDENT_FLOOR = 0.5;
const INDEPENDENT_MISMATCH_CEILING = 0.15;
