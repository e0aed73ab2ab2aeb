// The held-out family (apps/server/test/fixtures/heldout, written apart from the parser and never tuned to it):
// honest receipts → verdicts per wallet, layout, degradation, mode and labels; doctored ones → false `match` per kind.
import { compareReceipt, verdictOf } from '../../apps/server/src/modules/verification/compare.ts';
import { readReceipt } from '../../apps/server/src/modules/verification/receipt-text.ts';
import { createTesseractReader } from '../../apps/server/src/modules/verification/text-reader.ts';
import {
  buildHeldoutCorpus,
  HELDOUT_ACCOUNTS,
  type HeldoutCase,
  type HeldoutKind,
} from '../../apps/server/test/fixtures/heldout/corpus.ts';
import { env, median, printTable } from './driver.ts';

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '–');
const WINDOW_MS = 24 * 3600_000;

type Tally = { n: number; match: number; mismatch: number; unreadable: number };
const tally = (): Tally => ({ n: 0, match: 0, mismatch: 0, unreadable: 0 });

export type FamilyFigures = { honest: Tally; doctored: Tally; cpuMsPerImage: number };

export async function runHeldout(): Promise<FamilyFigures> {
  const honest = env('VERIFY_HELDOUT', 160);
  const per = env('VERIFY_HELDOUT_DOCTORED_PER', 2);
  const seed = env('VERIFY_HELDOUT_SEED', 7);
  const t0 = Date.now();
  const cases = await buildHeldoutCorpus({ honest, doctoredPer: per, seed });
  console.log(
    `\nHeld-out family: ${cases.length} images (${honest} honest, ${cases.length - honest} doctored, seed ${seed}) rendered in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  const reader = createTesseractReader({ workers: 1 });
  await reader.read(cases[0]!.image);
  const groups = new Map<string, Tally>();
  const byKind = new Map<HeldoutKind, Tally>();
  const fieldUnread = new Map<string, number>();
  const fieldBad = new Map<string, number>();
  const cpu: number[] = [];
  // Per group, how many honest receipts had each field unread or disagreeing: where the reading fails, not which receipt.
  const fieldsByGroup = new Map<string, Map<string, number>>();
  const add = (key: string, v: string) => {
    const g = groups.get(key) ?? tally();
    g.n++;
    g[v as 'match']++;
    groups.set(key, g);
  };
  for (const c of cases) {
    const used0 = process.cpuUsage();
    const text = await reader.read(c.image);
    const used = process.cpuUsage(used0);
    cpu.push((used.user + used.system) / 1000);
    const checks = compareReceipt(readReceipt(text), c.order, HELDOUT_ACCOUNTS, { windowMs: WINDOW_MS });
    const v = verdictOf(checks);
    const k = byKind.get(c.kind) ?? tally();
    k.n++;
    k[v as 'match']++;
    byKind.set(c.kind, k);
    if (c.kind !== 'honest') continue;
    for (const f of checks) {
      if (f.result === 'unreadable') fieldUnread.set(f.field, (fieldUnread.get(f.field) ?? 0) + 1);
      if (f.result === 'mismatch') fieldBad.set(f.field, (fieldBad.get(f.field) ?? 0) + 1);
    }
    describe(c).forEach((key) => {
      add(key, v);
      const f = fieldsByGroup.get(key) ?? new Map<string, number>();
      for (const check of checks) if (check.result !== 'match') f.set(check.field, (f.get(check.field) ?? 0) + 1);
      fieldsByGroup.set(key, f);
    });
  }
  await reader.close();

  const honestTally = byKind.get('honest') ?? tally();
  console.log('\nHeld-out honest receipts by group (goal: match ≥ 95 %, unreadable ≤ 5 %)');
  const row = (name: string, t: Tally) => [name, String(t.n), pct(t.match, t.n), pct(t.mismatch, t.n), pct(t.unreadable, t.n)];
  printTable(
    ['group', 'n', 'match', 'mismatch', 'unreadable'],
    [row('ALL', honestTally), ...[...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, t]) => row(k, t))],
  );
  // A crop that cut a line of the receipt (an SMS's first sentence: its amount and status) leaves nothing to match.
  const inView = groups.get('view: all receipt text in view') ?? tally();
  console.log(
    `  honest receipts whose crop cut receipt text: ${honestTally.n - inView.n} of ${honestTally.n}; with all their text in view: match ${pct(inView.match, inView.n)}, unreadable ${pct(inView.unreadable, inView.n)} of ${inView.n}`,
  );
  console.log('\nHeld-out honest receipts: fields not agreeing (unread or mismatch), by group');
  const FIELDS = ['amount', 'transactionId', 'time', 'receiver', 'status'];
  printTable(
    ['group', ...FIELDS],
    [...fieldsByGroup.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, f]) => [k, ...FIELDS.map((x) => String(f.get(x) ?? 0))]),
  );
  console.log(
    `  fields on honest receipts: ${['amount', 'transactionId', 'time', 'receiver', 'status'].map((f) => `${f} unread ${fieldUnread.get(f) ?? 0}, mismatch ${fieldBad.get(f) ?? 0}`).join('; ')}`,
  );
  console.log('\nHeld-out doctored receipts (goal: 0 false match)');
  const doctored = tally();
  printTable(
    ['kind', 'n', 'match (false)', 'mismatch', 'unreadable'],
    [...byKind.entries()]
      .filter(([k]) => k !== 'honest')
      .map(([k, t]) => {
        doctored.n += t.n;
        doctored.match += t.match;
        doctored.mismatch += t.mismatch;
        doctored.unreadable += t.unreadable;
        return [k, String(t.n), String(t.match), String(t.mismatch), String(t.unreadable)];
      }),
  );
  console.log(
    `  false match: ${doctored.match}/${doctored.n} = ${pct(doctored.match, doctored.n)} → ${doctored.match === 0 ? 'ok (goal 0)' : 'FAIL (goal 0)'}`,
  );
  return { honest: honestTally, doctored, cpuMsPerImage: median(cpu) };
}

function describe(c: HeldoutCase): string[] {
  const l = c.look;
  return [
    `wallet ${l.wallet}`,
    `layout ${l.layout}`,
    `degradation ${l.degradation}`,
    `mode ${l.dark ? 'dark' : 'light'}`,
    `labels ${l.burmeseLabels ? 'Burmese' : 'English'}`,
    `digits ${l.burmeseDigits ? 'Burmese' : 'Latin'}`,
    `width ${l.width < 720 ? '480–719' : l.width < 1080 ? '720–1079' : '1080–1440'} px`,
    c.textCut ? 'view: crop cut receipt text' : 'view: all receipt text in view',
  ];
}
