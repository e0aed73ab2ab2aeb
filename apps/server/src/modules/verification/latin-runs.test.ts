import { describe, expect, it } from 'vitest';
import type { Line, Word } from 'tesseract.js';
import { agreedNumber, doubtfulLatinRuns, inkRows, withLatinRunsReread } from './latin-runs.ts';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
const word = (text: string, confidence: number, b: ReturnType<typeof box>) => ({ text, confidence, bbox: b });

describe('Latin numbers in a line that mixes scripts', () => {
  // Boxes as read off a generated Burmese SMS: the English data's words, and the Burmese page reading's.
  const english = [
    {
      bbox: box(251, 534, 989, 616),
      words: [
        word('mjon', 40, box(251, 554, 355, 607)),
        word('650932900', 44, box(370, 534, 593, 609)),
        word('a', 11, box(608, 554, 989, 616)),
      ],
    },
    {
      bbox: box(250, 595, 965, 678),
      words: [
        word('2026', 96, box(250, 614, 334, 678)),
        word('comm|$eg', 0, box(625, 595, 856, 670)),
        word('7,650', 96, box(871, 615, 965, 651)),
      ],
    },
    { bbox: box(230, 190, 435, 242), words: [word('CB', 96, box(230, 190, 304, 242)), word('Pa7', 40, box(333, 190, 435, 242))] },
  ];
  const burmese = [
    word('ငွေလွှဲအမှတ်', 87, box(370, 534, 593, 620)),
    word('သင်ပါပါတ်()', 0, box(831, 534, 989, 620)),
    word('လက်ကျန်ငွေ', 96, box(625, 595, 856, 678)),
  ];

  it('reads again only doubtful words no sure Burmese word covers, on lines that hold one', () => {
    const runs = doubtfulLatinRuns(english, burmese);
    // "a" (an id the Burmese words threw off) and "mjon" (the Burmese reading there was not sure); never the label
    // the English data made digits of, nor the debris of the Burmese word below, nor a line of one script.
    expect(runs.map((r) => english[r.line]!.words[r.from]!.text).sort()).toEqual(['a', 'mjon']);
    // The Burmese word of the line below, which the English box reaches into, does not cover it.
    expect(runs.find((r) => english[r.line]!.words[r.from]!.text === 'a')?.bbox).toEqual(box(608, 554, 989, 616));
  });

  it("cuts a run to its own ink's rows, not the letters of the line below its box reaches into", () => {
    const width = 40;
    const height = 60;
    const pixels = new Uint8Array(width * height).fill(255);
    const ink = (y0: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = 5; x < 35; x++) pixels[y * width + x] = 0;
    };
    ink(10, 25); // the number
    ink(30, 50); // the stacked letters of the next line
    expect(inkRows(pixels, width, height, box(0, 8, 40, 40))).toEqual({ y0: 10, y1: 25 });
    expect(inkRows(new Uint8Array(width * height).fill(255), width, height, box(0, 8, 40, 40))).toBeNull();
  });

  it('takes a number only when both cuts read it alike, but for the stop after it', () => {
    expect(agreedNumber('3062508031448052811', '30625080314480528I1')).toBe('3062508031448052811');
    expect(agreedNumber('30625080314480528I1', '3062508031448052811')).toBe('30625080314480528');
    expect(agreedNumber('7,000', '7,000')).toBe('7,000');
    expect(agreedNumber('09*****1180', '09*****1180')).toBe('09*****1180');
    // Different digits, words, letters, or too few digits: nothing.
    expect(agreedNumber('QQk**k*k*1129', '(GEEEEEX11DD')).toBeNull();
    expect(agreedNumber('09*****1122', '09*H**%1122')).toBeNull();
    expect(agreedNumber('3062825 08441308051', '3062825 08441308051')).toBeNull();
    expect(agreedNumber('11:41n', '11:41n')).toBeNull();
    expect(agreedNumber('50', '50')).toBeNull();
  });

  // "9,900 Ks" in a rotated Burmese SMS: the English data read "i" "900", and the Burmese word of the line below,
  // which the tall box of "i" reaches into, would cover it.
  const amountLine = {
    bbox: box(245, 340, 1033, 418),
    words: [
      word('ထံ', 96, box(632, 340, 722, 410)),
      word('i', 27, box(732, 358, 763, 418)),
      word('900', 96, box(759, 358, 811, 386)),
      word('Ks', 96, box(822, 358, 857, 386)),
    ],
  };
  const below = [word('ထံသို့', 96, box(632, 340, 722, 410)), word('ငွေလွှဲအမှတ်', 92, box(566, 384, 768, 467))];

  it('reads a doubtful word again with the confident number it touches, even under a Burmese word', () => {
    const runs = doubtfulLatinRuns([amountLine], below);
    expect(runs.map((r) => amountLine.words.slice(r.from, r.to).map((w) => w.text))).toEqual([['i', '900']]);
    // Apart from the number, the word stays covered, and so not doubtful.
    const apart = { ...amountLine, words: amountLine.words.map((w) => (w.text === '900' ? { ...w, bbox: box(800, 358, 850, 386) } : w)) };
    expect(doubtfulLatinRuns([apart], below)).toEqual([]);
  });

  it('takes a third cut between the two when the wide one took in a sign beside the run', async () => {
    const image = { pixels: new Uint8Array(1100 * 500), width: 1100, height: 500 };
    const readings = (...texts: string[]) => {
      const queue = [...texts];
      return async () => [{ text: queue.shift() ?? '', symbols: [] } as unknown as Word];
    };
    const reread = (read: () => Promise<Word[]>) =>
      withLatinRunsReread([amountLine as unknown as Line], below as unknown as Word[], image, read, 90);
    const [line] = await reread(readings('9,900', '19,900', '9,900'));
    expect(line!.words!.map((w) => w.text)).toEqual(['ထံ', '9,900', 'Ks']);
    // Three different readings: nothing is replaced.
    const [kept] = await reread(readings('9,900', '19,900', '99,00', '', '', '900', '900'));
    expect(kept!.words!.map((w) => w.text)).toEqual(['ထံ', 'i', '900', 'Ks']);
  });
});
