// Latin numbers in a line that mixes scripts, read again on their own. On a Burmese SMS sentence ("… ငွေလွှဲအမှတ်
// 30625080314480528။ …") the English data's reading of the whole line is thrown off by the Burmese words around a
// number, and gives debris of low confidence ("a" for a 17-digit id) where the Burmese page reading shows no Burmese
// word either. Read alone, cut to the height of its own ink, the same number reads cleanly.
import type { Bbox, Line, Word } from 'tesseract.js';
import { burmeseLetters, overlaps, union } from './boxes.ts';

/** Below this confidence an English word is doubtful (words at 85 and above are kept over any Burmese reading). */
const DOUBTFUL = 60;
/** An English number at this confidence is read right; a doubtful word touching it may be its misread first digits. */
const SURE_NUMBER = 85;
/** A Burmese page word at this confidence, two consonants or more, is a Burmese word: what the English data garbled. */
const BURMESE_SURE = 70;
/** At most this many runs are read again per page, and this many small OCR jobs done (two per run or word). */
const MAX_RUNS = 8;
const MAX_READS = 24;

/** A word as both readings give it: its text, tesseract's confidence in it, and where it is. */
type Boxed = Pick<Word, 'text' | 'confidence' | 'bbox'>;

/** A run of doubtful English words next to each other in one line: where a number may be. */
export type LatinRun = { line: number; from: number; to: number; bbox: Bbox };

/**
 * The runs worth reading again: consecutive English words of low confidence that no sure Burmese word covers, on a
 * line that does hold a sure Burmese word (a line of one script reads well as it is). Widest first, at most MAX_RUNS.
 */
export function doubtfulLatinRuns(
  lines: ReadonlyArray<{ bbox: Bbox; words?: ReadonlyArray<Boxed> | null }>,
  burmeseWords: ReadonlyArray<Boxed>,
): LatinRun[] {
  const sure = burmeseWords.filter((w) => w.confidence >= BURMESE_SURE && burmeseLetters(w.text) >= 2);
  const runs: LatinRun[] = [];
  lines.forEach((line, li) => {
    const words = line.words ?? [];
    if (!sure.some((b) => overlaps(b.bbox, line.bbox) && words.some((w) => overlaps(b.bbox, w.bbox)))) return;
    let start = -1;
    const close = (end: number) => {
      if (start >= 0) {
        // A number touching the run is part of what it misread ("i" "900" of 9,900): read again with it.
        let from = start;
        let to = end;
        if (from > 0 && touchingNumber(words[from - 1]!, words[from]!)) from--;
        if (to < words.length && touchingNumber(words[to]!, words[to - 1]!)) to++;
        runs.push({ line: li, from, to, bbox: union(words.slice(from, to).map((w) => w.bbox)) });
      }
      start = -1;
    };
    words.forEach((w, wi) => {
      // A word touching a number is doubtful even under a Burmese word: the Burmese data reads digits as letters too.
      const nextToNumber = [words[wi - 1], words[wi + 1]].some((n) => n && touchingNumber(n, w));
      const doubtful = w.confidence < DOUBTFUL && (nextToNumber || !sure.some((b) => overlaps(b.bbox, w.bbox)));
      if (doubtful && start < 0) start = wi;
      if (!doubtful) close(wi);
    });
    close(words.length);
  });
  return runs.sort((a, b) => b.bbox.x1 - b.bbox.x0 - (a.bbox.x1 - a.bbox.x0)).slice(0, MAX_RUNS);
}

/** A number read with confidence, closer to the word beside it than a fifth of its height. */
function touchingNumber(number: Boxed, beside: Boxed): boolean {
  const gap = Math.max(beside.bbox.x0 - number.bbox.x1, number.bbox.x0 - beside.bbox.x1);
  return number.confidence >= SURE_NUMBER && /^[\d,.]*\d[\d,.]*$/.test(number.text) && gap < (number.bbox.y1 - number.bbox.y0) / 5;
}

/**
 * The rows a run's ink fills: from the row of ink nearest the middle of its box, up and down while rows have ink.
 * Tesseract's box of a number in a Burmese line reaches into the stacked letters of the line below; the number's own
 * rows end at the first blank row.
 */
export function inkRows(pixels: Uint8Array, width: number, height: number, box: Bbox): { y0: number; y1: number } | null {
  const h = box.y1 - box.y0;
  const top = Math.max(0, Math.round(box.y0 - 0.3 * h));
  const bottom = Math.min(height - 1, Math.round(box.y1 + 0.3 * h));
  const x0 = Math.max(0, box.x0);
  const x1 = Math.min(width, box.x1);
  const inked = (y: number) => {
    for (let x = x0; x < x1; x++) if (pixels[y * width + x]! < 128) return true;
    return false;
  };
  const middle = Math.round((box.y0 + box.y1) / 2);
  let at = -1;
  for (let d = 0; d <= h && at < 0; d++) {
    if (middle + d <= bottom && inked(middle + d)) at = middle + d;
    else if (middle - d >= top && inked(middle - d)) at = middle - d;
  }
  if (at < 0) return null;
  let y0 = at;
  let y1 = at;
  while (y0 > top && inked(y0 - 1)) y0--;
  while (y1 < bottom && inked(y1 + 1)) y1++;
  return { y0, y1: y1 + 1 };
}

/** A number as wallets print one: digits with separators, a mask, a sign or brackets. */
const NUMBER_RUN = /^[-+(]?[\d*][\d*,.:/-]*$/;

/** What a reading ends with that is the Burmese full stop or a bracket misread ("…528I1", "…52811", "…528!"). */
const END_DEBRIS = /[1Il|!.,;:\])]{0,3}$/;
/** The part of that which is surely no digit: a sign, and any 1s after it ("I1" and "|1" of "။"). */
const SIGN_DEBRIS = /[Il|!.,;:\])][1Il|!.,;:\])]*$/;

/**
 * The number two readings of a run (cut with a narrow and a wide margin) agree on, or null: each a number and nothing
 * else, three digits or more, the same but for what the stop after them was read as. The narrow cut's reading is
 * returned without the signs it ends with; 1s ending it stay for the letters' heights to judge (withoutShortStop).
 */
export function agreedNumber(narrow: string, wide: string): string | null {
  const a = narrow.trim();
  const b = wide.trim();
  const body = (s: string) => s.replace(END_DEBRIS, '');
  if (!NUMBER_RUN.test(body(a)) || (body(a).match(/\d/g) ?? []).length < 3 || body(a) !== body(b)) return null;
  return /\)$/.test(a) && a.startsWith('(') ? a : a.replace(SIGN_DEBRIS, '');
}

/** Reads one rectangle of the prepared page as English text. */
export type ReadRectangle = (rectangle: { left: number; top: number; width: number; height: number }) => Promise<Word[]>;

/**
 * The lines with each doubtful run that reads again as one number (the same at two margins) replaced by that number,
 * as one word read with confidence: the Burmese page reading then never stands in for it.
 */
export async function withLatinRunsReread(
  lines: Line[],
  burmeseWords: Word[],
  image: { pixels: Uint8Array; width: number; height: number },
  read: ReadRectangle,
  confidence: number,
): Promise<Line[]> {
  const runs = doubtfulLatinRuns(lines, burmeseWords);
  if (!runs.length) return lines;
  const found = new Map<LatinRun, Word>();
  // A run of several words that reads as no one number may be several numbers: each word is read alone too.
  const pieces = (run: LatinRun): LatinRun[] =>
    Array.from({ length: run.to - run.from }, (_, k) => ({
      line: run.line,
      from: run.from + k,
      to: run.from + k + 1,
      bbox: lines[run.line]!.words![run.from + k]!.bbox,
    }));
  let reads = 0;
  for (const run of runs.flatMap((r) => [r, ...(r.to - r.from > 1 ? pieces(r) : [])])) {
    if (reads >= MAX_READS) break;
    // A piece of a run that read as one number already.
    if ([...found.keys()].some((r) => r.line === run.line && r.from <= run.from && run.to <= r.to)) continue;
    const rows = inkRows(image.pixels, image.width, image.height, run.bbox);
    if (!rows) continue;
    const cut = (share: number) => {
      const margin = Math.round((rows.y1 - rows.y0) * share);
      const left = Math.max(0, run.bbox.x0 - margin);
      const top = Math.max(0, rows.y0 - margin);
      return {
        left,
        top,
        width: Math.min(image.width, run.bbox.x1 + margin) - left,
        height: Math.min(image.height, rows.y1 + margin) - top,
      };
    };
    reads++;
    const narrow = await read(cut(0.15));
    const first = narrow.map((w) => w.text).join(' ');
    // Most runs are Burmese debris the page reading was unsure of: not a number at the first cut, never read twice.
    if (agreedNumber(first, first) === null) continue;
    reads++;
    const wide = await read(cut(0.4));
    let text = agreedNumber(first, wide.map((w) => w.text).join(' '));
    // The wide cut may take in a sign of the word beside the run ("19,900"): a cut between the two decides.
    if (text === null && reads < MAX_READS) {
      reads++;
      const between = (await read(cut(0.25))).map((w) => w.text).join(' ');
      text = agreedNumber(first, between);
    }
    if (text === null) continue;
    // One word: its letters' boxes tell a stop's two short bars from real 1s (withoutShortStop).
    const symbols = narrow.length === 1 ? narrow[0]!.symbols : [];
    found.set(run, { ...narrow[0]!, text, confidence, symbols, bbox: run.bbox });
  }
  if (!found.size) return lines;
  return lines.map((line, li) => {
    const here = [...found.entries()].filter(([run]) => run.line === li).sort(([a], [b]) => b.from - a.from);
    if (!here.length) return line;
    const words = [...(line.words ?? [])];
    for (const [run, word] of here) words.splice(run.from, run.to - run.from, word);
    return { ...line, words, text: words.map((w) => w.text).join(' ') };
  });
}
