// The independently written receipts (apps/server/test/fixtures/independent-receipts: another author, told only the
// domain, never saw the check): paid receipts → verdicts by wallet, language and look; every receipt once more as a
// case that must never be `match` (failed or pending screen, wrong amount, the buyer's digits from the middle of the
// id, paid to someone else).
import { compareReceipt, verdictOf } from '../../apps/server/src/modules/verification/compare.ts';
import { readReceipt } from '../../apps/server/src/modules/verification/receipt-text.ts';
import { createTesseractReader } from '../../apps/server/src/modules/verification/text-reader.ts';
import {
  buildIndependentCases,
  type IndependentAuthor,
  type IndependentKind,
} from '../../apps/server/test/fixtures/independent-receipts/cases.ts';
import { median, printTable } from './driver.ts';
import type { FamilyFigures } from './heldout-accuracy.ts';

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '–');
const WINDOW_MS = 24 * 3600_000;

type Tally = { n: number; match: number; mismatch: number; unreadable: number };
const tally = (): Tally => ({ n: 0, match: 0, mismatch: 0, unreadable: 0 });

export async function runIndependent(author: IndependentAuthor): Promise<FamilyFigures> {
  const t0 = Date.now();
  const cases = await buildIndependentCases({ author });
  const family = `Independent family (${author} author)`;
  console.log(
    `\n${family}: ${cases.length} cases from ${new Set(cases.map((c) => c.receipt.id)).size} receipts rendered in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const reader = createTesseractReader({ workers: 1 });
  const texts = new Map<string, string>();
  const cpu: number[] = [];
  const byKind = new Map<IndependentKind, Tally>();
  const groups = new Map<string, Tally>();
  const fieldUnread = new Map<string, number>();
  const fieldBad = new Map<string, number>();
  for (const c of cases) {
    let text = texts.get(c.receipt.id);
    if (text === undefined) {
      const used0 = process.cpuUsage();
      text = await reader.read(c.image);
      const used = process.cpuUsage(used0);
      cpu.push((used.user + used.system) / 1000);
      texts.set(c.receipt.id, text);
    }
    const checks = compareReceipt(readReceipt(text), c.order, c.accounts, { windowMs: WINDOW_MS });
    const v = verdictOf(checks) as 'match' | 'mismatch' | 'unreadable';
    const k = byKind.get(c.kind) ?? tally();
    k.n++;
    k[v]++;
    byKind.set(c.kind, k);
    if (c.kind !== 'honest') continue;
    const burmese = /[\u1000-\u109f]/.test(c.receipt.html.replace(/<style[\s\S]*?<\/style>/g, ''));
    for (const key of [`wallet ${c.receipt.wallet}`, `labels ${burmese ? 'with Burmese' : 'English only'}`]) {
      const g = groups.get(key) ?? tally();
      g.n++;
      g[v]++;
      groups.set(key, g);
    }
    for (const f of checks) {
      if (f.result === 'unreadable') fieldUnread.set(f.field, (fieldUnread.get(f.field) ?? 0) + 1);
      if (f.result === 'mismatch') fieldBad.set(f.field, (fieldBad.get(f.field) ?? 0) + 1);
    }
  }
  await reader.close();

  const honest = byKind.get('honest') ?? tally();
  const row = (name: string, t: Tally) => [name, String(t.n), pct(t.match, t.n), pct(t.mismatch, t.n), pct(t.unreadable, t.n)];
  console.log(`\n${family}, paid receipts by group (goal: match ≥ 95 %, unreadable ≤ 5 %)`);
  printTable(
    ['group', 'n', 'match', 'mismatch', 'unreadable'],
    [row('ALL', honest), ...[...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, t]) => row(k, t))],
  );
  console.log(
    `  fields on paid receipts: ${['amount', 'transactionId', 'time', 'receiver', 'status'].map((f) => `${f} unread ${fieldUnread.get(f) ?? 0}, mismatch ${fieldBad.get(f) ?? 0}`).join('; ')}`,
  );
  const negative = tally();
  console.log(`\n${family}, cases that must not match (goal: 0 false match)`);
  printTable(
    ['kind', 'n', 'match (false)', 'mismatch', 'unreadable'],
    [...byKind.entries()]
      .filter(([k]) => k !== 'honest')
      .map(([k, t]) => {
        negative.n += t.n;
        negative.match += t.match;
        negative.mismatch += t.mismatch;
        negative.unreadable += t.unreadable;
        return [k, String(t.n), String(t.match), String(t.mismatch), String(t.unreadable)];
      }),
  );
  console.log(`  false match: ${negative.match}/${negative.n} → ${negative.match === 0 ? 'ok (goal 0)' : 'FAIL (goal 0)'}`);
  return { honest, doctored: negative, cpuMsPerImage: median(cpu) };
}
