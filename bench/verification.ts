// Screenshot checks on a generated corpus (apps/server/test/fixtures/receipts.ts, varied look): VERIFY_RECEIPTS honest
// receipts (default 200) of six wallets and four operators' transfers, each drawn with its own layout, wording, date
// form, digits, mode and degradation (rotated, cropped, cropped below the status title, photographed); one doctored
// receipt after each (wrong amount, wrong receiver, reused screenshot on another order, digits from the middle of the
// id, a failed or pending screen, an old receipt); and non-receipts (game screenshot, blank, photo). Same seed, same
// corpus every run.
// Reports per-field extraction accuracy (goal ≥ 95 % on amount and transaction id), verdict accuracy, false `match`
// verdicts on doctored receipts (goal 0), near-identical screenshot detection, and OCR time per image beside
// Debian's `tesseract` command on the same images when it is installed.
// Then placed → verdict under load (bench/lib/check-rates.ts): p50/p99 at 1, 5, 20 and 100 orders/s, and the cores
// each rate needs from the check processes' measured CPU per check.
// Run: npm run bench -- verification. Env: VERIFY_RECEIPTS (200), VERIFY_SEED (12), VERIFY_DEBUG=1 prints every honest
// receipt with a field read wrong, with its OCR text; VERIFY_PART=accuracy, heldout, independent or rates runs one part only;
// the independent families (bench/lib/independent-accuracy.ts): receipts written by two other authors who never saw the
// check;
// the held-out family (bench/lib/heldout-accuracy.ts): VERIFY_HELDOUT honest receipts (160), VERIFY_HELDOUT_DOCTORED_PER
// doctored ones after each (2), VERIFY_HELDOUT_SEED (7);
// VERIFY_RATES (1,5,20,100), VERIFY_RATE_SECONDS (20), VERIFY_DRAIN_SECONDS (30), CHECK_WORKERS as the server's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { compareReceipt, receiverAgrees, verdictOf, type PaymentAccount } from '../apps/server/src/modules/verification/compare.ts';
import { imageHash, nearIdentical } from '../apps/server/src/modules/verification/image-hash.ts';
import { readReceipt } from '../apps/server/src/modules/verification/receipt-text.ts';
import { createTesseractReader, prepareForOcr } from '../apps/server/src/modules/verification/text-reader.ts';
import {
  createRenderer,
  nonReceiptHtml,
  printsSeconds,
  randomFacts,
  receiptHtml,
  seeded,
  variedLook,
  type ReceiptFacts,
  type ReceiptLook,
} from '../apps/server/test/fixtures/receipts.ts';
import { runCheckRates } from './lib/check-rates.ts';
import { runHeldout, type FamilyFigures } from './lib/heldout-accuracy.ts';
import { runIndependent } from './lib/independent-accuracy.ts';
import { env, median, percentile, printTable } from './lib/driver.ts';

const COUNT = env('VERIFY_RECEIPTS', 200);
const SEED = env('VERIFY_SEED', 12);
const ACCOUNTS: PaymentAccount[] = [
  { paymentName: 'KBZPay', phone: '09777124567', holderName: 'Kyaw Zin' },
  { paymentName: 'WavePay', phone: '09450031122', holderName: 'Hnin Wai' },
];
const WINDOW_MS = 24 * 3600_000;

type Kind = 'honest' | 'wrong-amount' | 'wrong-receiver' | 'reused' | 'middle-digits' | 'not-paid' | 'old' | 'non-receipt';
const DOCTORED: Kind[] = ['wrong-amount', 'wrong-receiver', 'reused', 'middle-digits', 'not-paid', 'old'];
type Case = {
  kind: Kind;
  look: ReceiptLook | null;
  facts: ReceiptFacts | null;
  image: Buffer;
  order: { subTotal: number; transactionNumber: string; createdAt: string };
};

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '–');

async function main(): Promise<FamilyFigures> {
  const rng = seeded(SEED);
  const renderer = await createRenderer();
  const cases: Case[] = [];
  const base = Date.UTC(2026, 10, 23, 6, 0, 0);
  const t0 = Date.now();
  for (let i = 0; i < COUNT; i++) {
    const account = ACCOUNTS[i % ACCOUNTS.length]!;
    const masked = rng.next() < 0.5 ? `${account.phone.slice(0, 2)}*****${account.phone.slice(-4)}` : `******${account.phone.slice(-4)}`;
    const facts = randomFacts(rng, {
      paidAt: new Date(base - rng.int(60, 6 * 3600) * 1000),
      receiverPhone: masked,
      receiverName: account.holderName!,
    });
    const look = variedLook(rng);
    const image = await renderer.render(receiptHtml(facts, look), look);
    const order = {
      subTotal: facts.amount,
      transactionNumber: facts.transactionId.slice(-6),
      createdAt: new Date(facts.paidAt.getTime() + rng.int(1, 30) * 60_000).toISOString(),
    };
    cases.push({ kind: 'honest', look, facts, image, order });
    // One doctored receipt after each honest one, the kinds in turn.
    const kind = DOCTORED[i % DOCTORED.length]!;
    const redo = async (f: ReceiptFacts) => renderer.render(receiptHtml(f, look), look);
    if (kind === 'wrong-amount') {
      const wrong = { ...facts, amount: facts.amount * 10 };
      cases.push({ kind, look, facts: wrong, image: await redo(wrong), order });
    } else if (kind === 'wrong-receiver') {
      const wrong = { ...facts, receiverPhone: '09*****9911', receiverName: 'Zaw Lin' };
      cases.push({ kind, look, facts: wrong, image: await redo(wrong), order });
    } else if (kind === 'reused') {
      // Reused: the same screenshot, re-saved smaller, sent with another order (another 6-digit number).
      const copy = await sharp(image)
        .resize({ width: Math.round(look.width * 2 * look.scale * 0.8) })
        .jpeg({ quality: 70 })
        .toBuffer();
      cases.push({ kind, look, facts, image: copy, order: { ...order, transactionNumber: String(100000 + rng.int(0, 899999)) } });
    } else if (kind === 'middle-digits') {
      cases.push({ kind, look, facts, image, order: { ...order, transactionNumber: facts.transactionId.slice(3, 9) } });
    } else if (kind === 'not-paid') {
      const wrong = { ...facts, status: rng.next() < 0.5 ? ('failed' as const) : ('pending' as const) };
      cases.push({ kind, look, facts: wrong, image: await redo(wrong), order });
    } else {
      const wrong = { ...facts, paidAt: new Date(facts.paidAt.getTime() - 3 * 24 * 3600_000) };
      cases.push({ kind, look, facts: wrong, image: await redo(wrong), order });
    }
  }
  for (const kind of ['game', 'blank', 'photo'] as const) {
    for (let i = 0; i < 3; i++) {
      const look = { width: 390, height: 844, jpegQuality: 80, scale: 1, rotateDeg: 0 };
      cases.push({
        kind: 'non-receipt',
        look: null,
        facts: null,
        image: await renderer.render(nonReceiptHtml(kind), look),
        order: { subTotal: 5000, transactionNumber: '123456', createdAt: new Date(base).toISOString() },
      });
    }
  }
  await renderer.close();
  console.log(
    `corpus: ${cases.length} images (${COUNT} honest receipts, seed ${SEED}) rendered in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  const reader = createTesseractReader({ workers: 1 });
  await reader.read(cases[0]!.image); // load the model before timing
  const times: number[] = [];
  // CPU time of this process (every thread: the OCR worker thread, sharp's, the event loop) per image: on a shared
  // machine the wall time mostly says how busy the others were (the OCR thread runs at the lowest priority).
  const cpuTimes: number[] = [];
  // Receipts with Burmese-digit amounts get a second, Burmese reading of their amount lines: timed apart.
  const timesBy = { latin: [] as number[], burmese: [] as number[] };
  const field = { amount: [0, 0], transactionId: [0, 0], time: [0, 0], receiver: [0, 0] } as Record<string, [number, number]>;
  const byDigits = { latin: [0, 0], burmese: [0, 0] } as Record<string, [number, number]>;
  const verdicts = Object.fromEntries((['honest', ...DOCTORED, 'non-receipt'] as Kind[]).map((k) => [k, {}])) as Record<
    Kind,
    Record<string, number>
  >;
  const groups = new Map<string, Record<string, number>>();
  const texts: string[] = [];
  for (const c of cases) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const text = await reader.read(c.image);
    times.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    if (c.look) timesBy[c.look.burmeseDigits ? 'burmese' : 'latin'].push(times.at(-1)!);
    texts.push(text);
    const reading = readReceipt(text);
    const checks = compareReceipt(reading, c.order, ACCOUNTS, { windowMs: WINDOW_MS });
    const v = verdictOf(checks);
    verdicts[c.kind][v] = (verdicts[c.kind][v] ?? 0) + 1;
    if (c.kind !== 'honest' || !c.facts || !c.look) continue;
    const l = c.look;
    for (const key of [
      `wallet ${l.style}`,
      `layout ${l.layout}`,
      `degradation ${l.photo ? 'photo' : (l.cropTop ?? 0) > 0.165 ? 'cropped below the title' : l.cropTop ? 'cropped' : l.rotateDeg ? 'rotated' : 'none'}`,
      `mode ${l.dark ? 'dark' : 'light'}`,
      `labels ${l.burmese ? 'Burmese' : 'English'}`,
      `digits ${l.burmeseDigits ? 'Burmese' : 'Latin'}`,
      `rows ${l.layout === 'sms' ? 'sms' : l.rows}`,
      `wording ${l.wording}`,
      `date form ${l.dateFormat}${l.splitTime && l.layout !== 'sms' ? ' split' : ''}`,
    ]) {
      const g = groups.get(key) ?? {};
      g[v] = (g[v] ?? 0) + 1;
      groups.set(key, g);
    }
    const f = c.facts;
    const printedSeconds = printsSeconds(c.look);
    const expectTime = new Date(
      Math.floor(f.paidAt.getTime() / (printedSeconds ? 1000 : 60_000)) * (printedSeconds ? 1000 : 60_000),
    ).toISOString();
    const ok = {
      amount: reading.amount === f.amount,
      transactionId: reading.transactionId === f.transactionId,
      time: reading.time === expectTime,
      // The holder's name alone where the receipt prints no number.
      receiver:
        c.look.layout === 'name-only'
          ? receiverAgrees(reading.receiver, ACCOUNTS) === true
          : reading.receiver?.phone?.replace(/^09\*+/, '09*').replace(/^\*+/, '*') ===
            f.receiverPhone.replace(/^09\*+/, '09*').replace(/^\*+/, '*'),
    };
    if (process.env.VERIFY_DEBUG && Object.values(ok).includes(false)) {
      console.log(
        JSON.stringify({
          style: c.look.style,
          burmese: c.look.burmese,
          format: c.look.dateFormat,
          want: { ...f, paidAt: expectTime },
          got: reading,
          verdict: v,
          text,
        }),
      );
    }
    for (const [k, good] of Object.entries(ok)) {
      field[k]![0] += good ? 1 : 0;
      field[k]![1] += 1;
    }
    // Wallets print Burmese digits with Burmese or English labels alike (the generator does both).
    const digits = c.look.burmeseDigits ? 'burmese' : 'latin';
    byDigits[digits]![0] += ok.amount ? 1 : 0;
    byDigits[digits]![1] += 1;
  }
  await reader.close();

  // Near-identical screenshots: each reused copy against its original, and honest receipts of one wallet against each other.
  const hashes = await Promise.all(cases.map((c) => imageHash(c.image)));
  let reuseFound = 0;
  let reuseTotal = 0;
  let falsePairs = 0;
  let pairs = 0;
  cases.forEach((c, i) => {
    if (c.kind === 'reused') {
      reuseTotal++;
      if (nearIdentical(hashes[i]!, hashes[i - 1 - 0]!) || nearIdentical(hashes[i]!, hashes[i - 1]!)) reuseFound++;
    }
  });
  const honest = cases.map((c, i) => ({ c, h: hashes[i]! })).filter((x) => x.c.kind === 'honest');
  for (let i = 0; i < honest.length; i++) {
    for (let j = i + 1; j < honest.length; j++) {
      if (honest[i]!.c.look!.style !== honest[j]!.c.look!.style) continue;
      pairs++;
      if (nearIdentical(honest[i]!.h, honest[j]!.h)) falsePairs++;
    }
  }

  // The tesseract command line on the same images, when Debian's tesseract-ocr is installed.
  let cli = 'not installed (apt-get install tesseract-ocr to compare); column skipped';
  if (spawnSync('tesseract', ['--version']).status === 0) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'topup-tess-'));
    const cliTimes: number[] = [];
    let cliAmount = 0;
    const sample = cases.filter((c) => c.kind === 'honest').slice(0, 50);
    for (const [i, c] of sample.entries()) {
      const file = path.join(dir, `${i}.png`);
      writeFileSync(file, await prepareForOcr(c.image));
      const t = performance.now();
      const out = spawnSync('tesseract', [file, 'stdout', '--psm', '11', '-l', 'eng'], { encoding: 'utf8' });
      cliTimes.push(performance.now() - t);
      if (readReceipt(out.stdout ?? '').amount === c.facts!.amount) cliAmount++;
    }
    rmSync(dir, { recursive: true, force: true });
    cli = `${sample.length} images: median ${median(cliTimes).toFixed(0)} ms, p95 ${percentile(cliTimes, 95).toFixed(0)} ms, amount read ${pct(cliAmount, sample.length)}`;
  }

  console.log('\nField extraction on honest receipts');
  printTable(
    ['field', 'read correctly', 'goal'],
    Object.entries(field).map(([k, [good, all]]) => [
      k,
      `${good}/${all} = ${pct(good, all)}`,
      k === 'amount' || k === 'transactionId' ? (good / all >= 0.95 ? 'ok (≥95 %)' : 'BELOW 95 %') : '',
    ]),
  );
  console.log(
    `  amount, Latin digits: ${pct(byDigits.latin![0], byDigits.latin![1])} of ${byDigits.latin![1]}; Burmese digits ၀–၉: ${pct(byDigits.burmese![0], byDigits.burmese![1])} of ${byDigits.burmese![1]} (amount lines read again with the Burmese data)`,
  );
  console.log('\nVerdicts');
  const expected: Record<Kind, string> = {
    honest: 'match',
    'wrong-amount': 'mismatch',
    'wrong-receiver': 'mismatch',
    reused: 'mismatch',
    'middle-digits': 'mismatch',
    'not-paid': 'mismatch',
    old: 'mismatch',
    'non-receipt': 'unreadable',
  };
  printTable(
    ['case', 'images', 'expected', 'got expected', 'match', 'mismatch', 'unreadable'],
    (Object.keys(verdicts) as Kind[]).map((k) => {
      const v = verdicts[k];
      const n = Object.values(v).reduce((a, b) => a + b, 0);
      return [
        k,
        String(n),
        expected[k],
        pct(v[expected[k]] ?? 0, n),
        String(v.match ?? 0),
        String(v.mismatch ?? 0),
        String(v.unreadable ?? 0),
      ];
    }),
  );
  const falseMatches = ([...DOCTORED, 'non-receipt'] as Kind[]).reduce((n, k) => n + (verdicts[k].match ?? 0), 0);
  console.log(
    `False "match" on doctored receipts and non-receipts: ${falseMatches} → ${falseMatches === 0 ? 'ok (goal 0)' : 'FAIL (goal 0)'}`,
  );
  console.log(
    `Reused screenshots found by fingerprint: ${reuseFound}/${reuseTotal} = ${pct(reuseFound, reuseTotal)}; different receipts of one wallet taken for the same picture: ${falsePairs}/${pairs} pairs (the pipeline also refuses pairs whose transaction ids were read and differ)`,
  );
  console.log(
    `\nOCR time per image (tesseract.js, 1 worker thread, incl. sharp pre-processing): median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; receipts with Latin digits median ${median(timesBy.latin).toFixed(0)} ms, with Burmese digits median ${median(timesBy.burmese).toFixed(0)} ms`,
  );
  console.log(
    `OCR CPU time per image (all threads of the process): median ${median(cpuTimes).toFixed(0)} ms, p95 ${percentile(cpuTimes, 95).toFixed(0)} ms, mean ${(cpuTimes.reduce((a, b) => a + b, 0) / cpuTimes.length).toFixed(0)} ms`,
  );
  console.log(`tesseract command line: ${cli}`);
  const sum = (k: Kind) => ({
    n: Object.values(verdicts[k]).reduce((a, b) => a + b, 0),
    match: verdicts[k].match ?? 0,
    mismatch: verdicts[k].mismatch ?? 0,
    unreadable: verdicts[k].unreadable ?? 0,
  });
  console.log('\nOwn generator, honest receipts by group');
  printTable(
    ['group', 'n', 'match', 'mismatch', 'unreadable'],
    [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, g]) => {
        const n = Object.values(g).reduce((a, b) => a + b, 0);
        return [k, String(n), pct(g.match ?? 0, n), pct(g.mismatch ?? 0, n), pct(g.unreadable ?? 0, n)];
      }),
  );
  const bad = DOCTORED.map(sum);
  const doctored = bad.reduce((a, b) => ({
    n: a.n + b.n,
    match: a.match + b.match,
    mismatch: a.mismatch + b.mismatch,
    unreadable: a.unreadable + b.unreadable,
  }));
  return { honest: sum('honest'), doctored, cpuMsPerImage: median(cpuTimes) };
}

function summary(families: [string, FamilyFigures | null][]) {
  console.log('\nEvery family (honest → match; doctored → false match)');
  const row = (name: string, f: FamilyFigures | null) =>
    f
      ? [
          name,
          pct(f.honest.match, f.honest.n),
          pct(f.honest.mismatch, f.honest.n),
          pct(f.honest.unreadable, f.honest.n),
          `${f.doctored.match}/${f.doctored.n} = ${pct(f.doctored.match, f.doctored.n)}`,
          `${f.cpuMsPerImage.toFixed(0)} ms`,
        ]
      : [name, '–', '–', '–', '–', '–'];
  printTable(
    ['family', 'honest match', 'honest mismatch', 'honest unreadable', 'false match', 'OCR CPU/image'],
    families.map(([name, f]) => row(name, f)),
  );
  const f = families.map(([, x]) => x).find((x) => x !== null);
  if (f) console.log(`Receipts read per second per core: ${(1000 / f.cpuMsPerImage).toFixed(2)} (median OCR CPU per image)`);
  // A false `match` in any family fails the bench: the one figure that must never move.
  const falseMatches = families.reduce((n, [, x]) => n + (x?.doctored.match ?? 0), 0);
  if (falseMatches > 0) {
    console.log(`FAIL: ${falseMatches} doctored receipt(s) judged match`);
    process.exitCode = 1;
  }
}

const part = process.env.VERIFY_PART ?? 'all';
(async () => {
  const own = part === 'all' || part === 'accuracy' ? await main() : null;
  const heldout = part === 'all' || part === 'heldout' ? await runHeldout() : null;
  const independent = part === 'all' || part === 'independent' ? await runIndependent('first') : null;
  const secondAuthor = part === 'all' || part === 'independent' ? await runIndependent('second') : null;
  // The third author's receipts are the family parser changes are studied on since 0108: its figure is a working one.
  const thirdAuthor = part === 'all' || part === 'independent' ? await runIndependent('third') : null;
  const families: [string, FamilyFigures | null][] = [
    ['own generator', own],
    ['held-out', heldout],
    ['independent author', independent],
    ['second independent author', secondAuthor],
    ['third independent author (worked on)', thirdAuthor],
  ];
  if (families.some(([, f]) => f)) summary(families);
  if (part === 'all' || part === 'rates') await runCheckRates();
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
