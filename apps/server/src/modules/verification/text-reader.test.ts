// Putting OCR's pieces of a page back in reading order. Pure: no OCR runs here.
import { describe, expect, it } from 'vitest';
import type { Line, Word } from 'tesseract.js';
import { readReceipt, readStatus } from './receipt-text.ts';
import {
  amountBox,
  amountReadOnPage,
  burmeseNumbersOf,
  burmeseWordsOf,
  disputedAmount,
  sameWhereBothRead,
  joinedNumbers,
  readable,
  rowsOf,
  withEnglishMonth,
  withoutAmounts,
  withoutFullStop,
  withoutLabelDebris,
  inkPastWords,
  separatorLost,
  withoutShortStop,
  withStopsDropped,
  withoutSuccessWords,
  withBurmeseWords,
  withSplitStopJoined,
  withSplitThousandsJoined,
} from './text-reader.ts';

const at = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, bbox: { x0, y0, x1, y1 } });

describe('rows of a page', () => {
  it('puts a value tesseract gave before its taller, lower Burmese label after the label, in one row', () => {
    // Boxes as read off a generated WavePay receipt: each value sits higher than the label to its left.
    const rows = rowsOf([
      at('-250,000.00 Ks', 212, 259, 492, 290),
      at('8865920373841040', 373, 519, 572, 534),
      at('ငွေလွှဲအမှတ်', 131, 523, 223, 550),
      at('-250,000.00 Ks', 421, 584, 572, 600),
      at('ငွေပမာဏ', 130, 596, 207, 613),
      at('0 Ks', 529, 648, 571, 663),
      at('ဝန်ဆောင်ခ', 130, 652, 214, 678),
    ]);
    expect(rows).toEqual(['-250,000.00 Ks', 'ငွေလွှဲအမှတ်  8865920373841040', 'ငွေပမာဏ  -250,000.00 Ks', 'ဝန်ဆောင်ခ  0 Ks']);
  });

  it('keeps a name over its number as two rows beside a label between them', () => {
    const rows = rowsOf([at('လက်ခံသူ', 130, 400, 200, 426), at('Kyaw Zin', 450, 396, 572, 412), at('09*****4567', 440, 416, 572, 432)]);
    expect(rows).toEqual(['လက်ခံသူ  Kyaw Zin', '09*****4567']);
  });

  it('lets no stray character keep a label out of its row', () => {
    const rows = rowsOf([at('c', 168, 459, 174, 465), at('Nov 23, 2026 07:54', 377, 455, 572, 471), at('အချိန်', 131, 467, 176, 485)]);
    expect(rows).toEqual(['အချိန်  c  Nov 23, 2026 07:54']);
  });

  it('keeps the lines of a sentence apart', () => {
    const rows = rowsOf([at('You have sent 12,500 MMK to', 20, 100, 380, 118), at('Ko Kyaw Zin (09*****4567) on', 20, 124, 380, 142)]);
    expect(rows).toEqual(['You have sent 12,500 MMK to', 'Ko Kyaw Zin (09*****4567) on']);
  });
});

describe('a row that goes on past its last word', () => {
  // A white page, 400 × 100, with a row of text from x 20 to 200 between y 20 and 60 (40 px high).
  const page = (blob?: { x0: number; x1: number }) => {
    const pixels = new Uint8Array(400 * 100).fill(255);
    if (blob) for (let y = 25; y < 55; y++) for (let x = blob.x0; x < blob.x1; x++) pixels[y * 400 + x] = 20;
    return { pixels, width: 400, height: 100 };
  };
  const row = { x0: 20, y0: 20, x1: 200, y1: 60 };

  it('finds a glyph no reading made a word of, a space after the last word', () => {
    expect(inkPastWords(page({ x0: 212, x1: 230 }), row, [])).toBe(true);
    expect(inkPastWords(page(), row, [])).toBe(false);
  });

  it('counts neither a glyph a word covers, nor a speck, nor ink far past the row (a phone frame)', () => {
    expect(inkPastWords(page({ x0: 212, x1: 230 }), row, [{ bbox: { x0: 205, y0: 22, x1: 232, y1: 58 } }])).toBe(false);
    expect(inkPastWords(page({ x0: 212, x1: 213 }), row, [])).toBe(false);
    expect(inkPastWords(page({ x0: 310, x1: 330 }), row, [])).toBe(false);
  });
});

describe("a Burmese number beside the English data's reading of it", () => {
  it('is no number when it lost the thousands separator the English reading kept', () => {
    expect(separatorLost('J,000', '122000')).toBe(true);
    expect(separatorLost('-9,000.00', '12000')).toBe(true);
    expect(separatorLost('J,000', '12,000')).toBe(false);
    expect(separatorLost('7246892855192', '7246892855192')).toBe(false);
    expect(separatorLost('25.11.2026,', '25.11.2026')).toBe(false);
  });
});

describe('the Burmese full stop after an id', () => {
  // Boxes of each character's ink as tesseract gave them for "…9130။", the stop read as two 1s: they sit on the line
  // but are shorter than the digits.
  const word = (text: string, tops: number[]) =>
    ({
      text,
      symbols: [...text].map((c, i) => ({ text: c, bbox: { x0: 20 * i, x1: 20 * i + 16, y0: tops[i] ?? 185, y1: 209 } })),
    }) as unknown as Pick<Word, 'text' | 'symbols'>;

  it('drops the 1s that are shorter than the digits', () => {
    const text = '209891649107547913011';
    expect(withoutShortStop(word(text, Object.assign(Array(21).fill(185), { 19: 189, 20: 189 })))).toBe('2098916491075479130');
    expect(withoutShortStop(word('20989164910754791301', Object.assign(Array(20).fill(185), { 19: 189 })))).toBe('2098916491075479130');
  });

  it('drops the stop read as a 1 and a letter l or I, and keeps a real 1 before it', () => {
    // "…5811။" read as "…58111l".
    expect(withoutShortStop(word('95689348357058111l', Object.assign(Array(18).fill(185), { 16: 189, 17: 189 })))).toBe('9568934835705811');
    expect(withoutShortStop(word('9568934835705811I', Object.assign(Array(17).fill(185), { 16: 189 })))).toBe('9568934835705811');
    expect(withoutShortStop(word('95689348357058111l', Array(18).fill(185)))).toBeNull();
  });

  it('is dropped from every reading once one reading found it', () => {
    // One reading saw the stop's bars short; the one returned read them as tall as a digit.
    const text = 'AYA Pay\n2628668092509625261 25.11.2026, 10:21\nBalance 21,350 Ks';
    expect(withStopsDropped(text, ['262866809250962526'])).toBe('AYA Pay\n262866809250962526 25.11.2026, 10:21\nBalance 21,350 Ks');
    // The stop read as one other digit, its two bars as one.
    expect(withStopsDropped('2628668092509625268 25.11.2026', ['262866809250962526'])).toBe('262866809250962526 25.11.2026');
    // Only right after that number, and no more than a stop: other numbers stay.
    expect(withStopsDropped('26286680925096252612', ['262866809250962526'])).toBe('26286680925096252612');
    expect(withStopsDropped('92628668092509625261', ['262866809250962526'])).toBe('92628668092509625261');
  });

  it('drops the stop read as one other digit when it is shorter than every digit, and keeps a digit as tall', () => {
    // "…3354112။" read as "…33541128": heights from a photographed SMS (digits 18 to 23 px, the "8" 14).
    const heights = [19, 19, 20, 23, 18, 19, 23, 19, 20, 18, 21, 20, 23, 19, 18, 18, 21, 14];
    const tops = (hs: number[]) => hs.map((h) => 209 - h);
    expect(withoutShortStop(word('975436473133541128', tops(heights)))).toBe('97543647313354112');
    expect(withoutShortStop(word('975436473133541128', tops([...heights.slice(0, -1), 18])))).toBeNull();
    // A phone's last digit a pixel or two short in a small photo is a digit.
    expect(withoutShortStop(word('09777124567', tops([14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 14])))).toBeNull();
    // A digit before it as short: the heights prove nothing.
    expect(withoutShortStop(word('975436473133541128', tops([...heights.slice(0, -2), 14, 14])))).toBeNull();
  });

  it('keeps a 1 as tall as the digits, and never cuts a number below ten digits', () => {
    expect(withoutShortStop(word('209891649107547913011', Array(21).fill(185)))).toBeNull();
    expect(withoutShortStop(word('20989164911', Object.assign(Array(11).fill(185), { 9: 189, 10: 189 })))).toBe('2098916491');
    expect(withoutShortStop(word('2098916411', Object.assign(Array(10).fill(185), { 8: 189, 9: 189 })))).toBeNull();
  });

  it('keeps a 1 no shorter than the shortest digit of a small, blurred id', () => {
    // A photo of a screen at 550 px: digits 13 to 16 px tall, the last "1" 13.
    const heights = [13, 16, 16, 16, 14, 16, 16, 13, 16, 16, 14, 16, 14, 16, 14, 16, 16, 14, 13];
    expect(
      withoutShortStop(
        word(
          '3018360723423169141',
          heights.map((h) => 209 - h),
        ),
      ),
    ).toBeNull();
  });
});

describe('the Burmese full stop the English data read as 1s', () => {
  const box = (x0: number, x1: number) => ({ x0, x1, y0: 380, y1: 407 });
  const w = (text: string, x0: number, x1: number, confidence = 90) =>
    ({ text, confidence, bbox: box(x0, x1), symbols: [] }) as unknown as Word;

  it('drops the 1s where the Burmese reading shows the same digits and then a sign', () => {
    const english = w('730841196205774611', 160, 410);
    expect(withoutFullStop(english, [w('7308411962057746[', 160, 410)])).toBe('7308411962057746');
    expect(withoutFullStop(english, [w('73084119620577461,', 160, 410)])).toBe('73084119620577461');
    // The Burmese reading with the 1s as digits, or other digits, or elsewhere on the page, proves nothing.
    expect(withoutFullStop(english, [w('730841196205774611', 160, 410)])).toBe('730841196205774611');
    expect(withoutFullStop(english, [w('7308411962057799[', 160, 410)])).toBe('730841196205774611');
    expect(withoutFullStop(english, [w('7308411962057746[', 500, 700)])).toBe('730841196205774611');
    // Never more than two 1s, and never a digit other than 1.
    expect(withoutFullStop(w('73084119620577461', 160, 410), [w('730841196205774[', 160, 410)])).toBe('73084119620577461');
    expect(withoutFullStop(w('73084119620577467', 160, 410), [w('7308411962057746[', 160, 410)])).toBe('73084119620577467');
  });

  it('joins 1s split off a long number only where they touch it', () => {
    const line = (words: Word[]) => ({ text: words.map((x) => x.text).join(' '), words, bbox: box(100, 800) }) as unknown as Line;
    const joined = withSplitStopJoined(line([w('အမှတ်', 100, 150), w('5454646103756', 480, 758), w('11', 761, 798)]));
    expect(joined.text).toBe('အမှတ် 545464610375611');
    expect(joined.words?.[1]?.bbox).toMatchObject({ x0: 480, x1: 798 });
    // A space's width apart, a short number, or more than 1s: separate words.
    for (const words of [
      [w('5454646103756', 480, 758), w('11', 790, 820)],
      [w('545464', 480, 600), w('11', 603, 620)],
      [w('5454646103756', 480, 758), w('12', 761, 798)],
    ])
      expect(withSplitStopJoined(line(words)).text).toBe(words.map((x) => x.text).join(' '));
  });
});

describe('Burmese words of the Burmese page reading', () => {
  const w = (text: string, x0: number, x1: number) => ({ text, confidence: 90, bbox: { x0, x1, y0: 358, y1: 410 } }) as unknown as Word;
  const line = (...words: Word[]) => ({ text: words.map((x) => x.text).join(' '), words }) as unknown as Line;

  it('glues a lone "not" to the word after it, never over a word between them', () => {
    expect(burmeseWordsOf(line(w('ငွေလွှဲခြင်း', 100, 300), w('မ', 320, 340), w('အောင်မြင်ပါ', 500, 700))).map((x) => x.text)).toEqual([
      'ငွေလွှဲခြင်း',
      'မအောင်မြင်ပါ',
    ]);
    // A number's digits the Burmese data made a "မ" of: the number stands between, so nothing is glued.
    const words = burmeseWordsOf(line(w('ထံသို့', 632, 722), w('မး', 732, 763), w('900', 759, 811), w('ငွေလွှဲခြင်း', 868, 1033)));
    expect(words.map((x) => x.text)).toEqual(['ထံသို့', 'ငွေလွှဲခြင်း']);
  });
});

describe('a page read once more, sharpened', () => {
  it('may add fields to the earlier reading, never change one', () => {
    const earlier = readReceipt('Trans ID 011933567776624126\nDate 23 Nov 2026 07:36 AM\nAmount 1,250 Ks');
    const more = readReceipt('Trans ID 011933567776624126\nDate 23 Nov 2026 07:36 AM\nAmount 1,250 Ks\nSuccessful');
    const otherDay = readReceipt('Trans ID 011933567776624126\nDate 25 Nov 2026 07:36 AM\nSuccessful');
    expect(sameWhereBothRead(earlier, more)).toBe(true);
    expect(sameWhereBothRead(earlier, otherDay)).toBe(false);
  });
});

describe('numbers printed in Burmese digits', () => {
  it('takes a Latin month from the English reading and the digits from the Burmese one', () => {
    expect(withEnglishMonth('23-?10%-26', 'JR-Nov-')).toBe('23-Nov-26');
    expect(withEnglishMonth('23/11/26', 'JR/Nov/Jo')).toBe('23/11/26');
    // The two readings' months disagree: the Burmese data made "၀၈" of "Nov", or the English data "Nov" of ၀၈.
    expect(withEnglishMonth('23-08-2026', 'JR-Nov-')).toBe('23-?-2026');
    expect(withEnglishMonth('23-?10%-26', 'JR-0o-J6')).toBe('23-?10%-26');
    // A date wrapped after its day: the line starts with the month and then the year.
    expect(withEnglishMonth('0ၿ-2026', 'Nov-')).toBe('Nov-2026');
    expect(withEnglishMonth('0ၿ-2026', 'Nov')).toBe('0ၿ-2026');
    expect(withEnglishMonth('0ၿ-2026', 'jo')).toBe('0ၿ-2026');
  });

  it('makes one thousands separator of the two the Burmese data read', () => {
    // One Burmese page word on its own line, its box as read off a held-out receipt.
    const numbersOf = (text: string, [x0, y0, x1, y1]: number[]) =>
      burmeseNumbersOf({
        text,
        words: [{ ...at(text, x0!, y0!, x1!, y1!), confidence: 70 }],
        bbox: at('', x0!, y0!, x1!, y1!).bbox,
      } as unknown as Line).map((w) => w.text);
    expect(numbersOf('၉,.၉၀၀', [777, 1299, 945, 1352])).toEqual(['9,900']);
    // And one colon of a clock's colon and the stop read beside it.
    expect(numbersOf('၁၀:.၄၉', [900, 1040, 1000, 1097])).toEqual(['10:49']);
    // A colon before a group of three is a thousands separator the Burmese data misread; a clock's colon stays.
    expect(numbersOf('၂၇:၅၀၀', [646, 639, 929, 718])).toEqual(['27,500']);
    expect(numbersOf('၁၀:၄၉:၀၆', [900, 1040, 1000, 1097])).toEqual(['10:49:06']);
  });

  it('drops what the Burmese data made of a Latin label run into the number, and keeps a sign', () => {
    expect(withoutLabelDebris('1?1[:၂၄၅၅၄၀၅၁၃၅၆၇၂၆၃၂၄')).toBe('၂၄၅၅၄၀၅၁၃၅၆၇၂၆၃၂၄');
    expect(withoutLabelDebris('-၂၅,၀၀၀')).toBe('-၂၅,၀၀၀');
    expect(withoutLabelDebris('၂၃-?1၀%-၂၆')).toBe('၂၃-?1၀%-၂၆');
  });

  it('joins a number the Burmese data cut into touching words, never numbers a space apart', () => {
    // Boxes as read off a generated receipt: ၂၃/၁၁/၂၀၂၆ in three words, then its time a space away.
    const word = (text: string, x0: number, y0: number, x1: number, y1: number) =>
      ({ ...at(text, x0, y0, x1, y1), confidence: 90 }) as Word;
    const joined = joinedNumbers([
      word('၂၃/၁၁/', 101, 586, 237, 639),
      word('၂၀', 239, 593, 296, 639),
      word('၂၆', 300, 571, 360, 639),
      word('၁၁:၀၉', 385, 586, 500, 639),
    ]);
    expect(joined.map((w) => [w.text, w.bbox.x0, w.bbox.x1])).toEqual([
      ['၂၃/၁၁/၂၀၂၆', 101, 360],
      ['၁၁:၀၉', 385, 500],
    ]);
  });
});

describe('a date in Burmese digits read in place of the English reading', () => {
  // Words and boxes as the two readings gave them on held-out receipts (text, confidence, x0, y0, x1, y1).
  type Spec = [string, number, number, number, number, number];
  const line = (...specs: Spec[]) => {
    const words = specs.map(([text, confidence, x0, y0, x1, y1]) => ({ text, confidence, bbox: { x0, y0, x1, y1 } }) as Word);
    return { text: words.map((w) => w.text).join(' '), words, bbox: words[0]!.bbox } as unknown as Line;
  };
  const inPlace = (english: Line, burmese: Line) =>
    withBurmeseWords(english, [], burmese.words!, burmeseNumbersOf(burmese), new Set(), true);

  it("takes a day's two digits read with less confidence only where the English data read nothing", () => {
    const burmese = line(
      ['(ျ၀%', 4, 77, 1579, 148, 1620],
      ['၂၅.', 89, 159, 1589, 221, 1628],
      ['၂၀၂၆', 93, 234, 1571, 337, 1628],
      ['၁၁:၅၉', 90, 351, 1589, 459, 1628],
    );
    const english = (day: Spec) =>
      line(
        ['Nov', 96, 77, 1583, 148, 1611],
        day,
        ['Job', 12, 234, 1571, 337, 1628],
        ['22:9', 6, 351, 1589, 459, 1628],
        ['AM', 95, 472, 1583, 529, 1611],
      );
    expect(inPlace(english(['Jo', 0, 159, 1589, 221, 1628]), burmese)).toBe('Nov 25. 2026 11:59 AM');
    // The English data read digits there, not debris: they stay.
    expect(inPlace(english(['23', 70, 159, 1589, 221, 1628]), burmese)).toBe('Nov 23 2026 11:59 AM');
    // Nor over a longer word the English data was unsure of (a masked phone): two digits are not what it was.
    const phone = line(['Hnin', 96, 77, 1583, 148, 1611], ['09*****1122', 30, 159, 1589, 400, 1628]);
    expect(inPlace(phone, line(['၈၈', 70, 159, 1589, 400, 1628]))).toBe('Hnin 09*****1122');
  });

  it('takes a date whose month the Burmese data made signs of, with the month the English data read', () => {
    const english = line(
      ['Date:', 94, 441, 252, 537, 283],
      ['J9-Nov-', 76, 552, 252, 707, 303],
      ['jo', 83, 725, 259, 761, 303],
      ['J&', 33, 778, 240, 818, 303],
      ['06:96.', 41, 832, 236, 964, 307],
    );
    const burmese = line(['[916:', 0, 441, 252, 537, 283], ['၂၅-|1၀%-၂၀၂၆', 26, 552, 236, 818, 307], ['၀၆:၅၆.', 79, 832, 236, 964, 307]);
    expect(readReceipt(`Payment Successful\n${inPlace(english, burmese)}`).time).toBe('2026-11-25T00:26:00.000Z');
  });

  it("takes the year after a wrapped date's month, the month read in English as a word of its own", () => {
    const english = line(
      ['Nov-', 92, 81, 566, 174, 600],
      ['jo', 92, 192, 573, 231, 622],
      ['J&', 31, 250, 553, 298, 621],
      ['Your', 96, 474, 566, 570, 600],
    );
    const burmese = line([']၀ၿ-၂၀၂၆', 0, 81, 549, 298, 626], ['၉၂၉၂', 35, 474, 566, 570, 600]);
    expect(inPlace(english, burmese)).toBe('Nov-2026 Your');
    const text = `Transfer was successful.\nDate: 25-\n${inPlace(english, burmese)} 12:27.`;
    expect(readReceipt(text).time).toBe('2026-11-25T05:57:00.000Z');
  });
});

describe('the amount a page reading already gives', () => {
  it('is read on the lines as the parser joins them: a balance wrapped onto its own line is no second amount', () => {
    expect(
      amountReadOnPage(['You have successfully transferred', 'MMK 150,000 to Hnin Wai Phyo', '11:12 AM. Your balance is', '21,350 Ks.']),
    ).toBe(true);
    expect(amountReadOnPage(['MMK 150,000 to Hnin Wai Phyo', '21,350 Ks.'])).toBe(false);
  });
});

describe('success words a line read alone did not confirm', () => {
  it('go, and the payee and amount on their line stay', () => {
    expect(withoutSuccessWords('09450031122 ထံသို့ အောင်မြင်ပါသည်, 27,500 ကျပ် ငွေလွှဲ')).toBe('09450031122 ထံသို့ 27,500 ကျပ် ငွေလွှဲ');
    expect(readStatus(['09450031122 ထံသို့ 27,500 ကျပ် ငွေလွှဲ']).status).toBeNull();
  });

  it('go when a space cut the word in two, and a "not" stays a failure', () => {
    expect(withoutSuccessWords('Kyaw Zin Oo အောင် မြင်ပါသည်')).toBe('Kyaw Zin Oo');
    // What is left of the word when OCR lost a syllable, spaced in three.
    expect(withoutSuccessWords('99,000 Ks အောင် င်ပါ သည်')).toBe('99,000 Ks');
    expect(readStatus([withoutSuccessWords('ငွေလွှဲခြင်း မအောင်မြင်ပါ')]).status).toBe('failed');
  });
});

describe('rectangles read alone', () => {
  const page = { width: 600, height: 1200 };

  it('grow about their middle to a size tesseract can threshold, within the page', () => {
    expect(readable({ left: 100, top: 200, width: 6, height: 4 }, page)).toEqual({ left: 91, top: 190, width: 24, height: 24 });
    expect(readable({ left: 598, top: 0, width: 2, height: 3 }, page)).toEqual({ left: 576, top: 0, width: 24, height: 24 });
  });

  it('stay as they are when large enough', () => {
    const line = { left: 40, top: 300, width: 420, height: 36 };
    expect(readable(line, page)).toEqual(line);
  });
});

describe("an SMS sentence's amount read again alone", () => {
  const w = (text: string, x0: number, x1: number) => ({ text, confidence: 95, bbox: { x0, x1, y0: 200, y1: 230 } }) as unknown as Word;
  const line = (...words: Word[]) =>
    ({
      text: words.map((x) => x.text).join(' '),
      words,
      bbox: { x0: words[0]!.bbox.x0, x1: words.at(-1)!.bbox.x1, y0: 200, y1: 230 },
    }) as unknown as Line;

  it('is the number after a currency printed first, not the word before it', () => {
    const sentence = line(w('You', 10, 50), w('transferred', 60, 180), w('MMK', 190, 240), w('5,500', 250, 320), w('to', 330, 350));
    expect(amountBox(sentence)).toMatchObject({ x0: 250, x1: 320 });
  });

  it('is the number after the currency when the word before it is a Burmese word read as doubtful digits', () => {
    const doubtful = { ...w('0523', 130, 180), confidence: 49 } as Word;
    const sentence = line(w('09450031122', 10, 120), doubtful, w('MMK', 190, 240), w('12,000', 250, 320), w('ငွေလွှဲ', 330, 400));
    expect(amountBox(sentence)).toMatchObject({ x0: 250, x1: 320 });
  });

  it('is the number before a currency printed after it', () => {
    const sentence = line(w('Balance', 10, 90), w('Transfer', 100, 180), w('of', 190, 210), w('3,800', 220, 290), w('Ks', 300, 330));
    expect(amountBox(sentence)).toMatchObject({ x0: 220, x1: 290 });
  });
});

describe('an amount the two OCR data read otherwise', () => {
  // Words and boxes as read off a held-out receipt's serif "-5,500 Ks" row.
  const word = (text: string, confidence: number, x0: number, x1: number) =>
    ({ text, confidence, bbox: { x0, y0: 1162, x1, y1: 1200 } }) as Word;
  const row = (amount: Word) =>
    ({ text: `${amount.text} Ks`, words: [amount, word('Ks', 96, 1016, 1071)], bbox: amount.bbox }) as unknown as Line;

  it('is disputed when the Burmese data read other Latin digits there with confidence', () => {
    expect(disputedAmount(row(word('-3,500', 79, 862, 1001)), [word('-5,500', 84, 862, 1001)])).toBe(true);
    // The English data more sure of its reading: the Burmese data misreads Latin digits more often.
    expect(disputedAmount(row(word('12,000', 96, 862, 1001)), [word('32,000', 88, 862, 1001)])).toBe(false);
    // Read the same, read with little confidence, Burmese digits (the number as printed), or elsewhere: no dispute.
    expect(disputedAmount(row(word('-5,500', 86, 862, 1001)), [word('-5,500', 84, 862, 1001)])).toBe(false);
    expect(disputedAmount(row(word('-3,500', 30, 862, 1001)), [word('-5,500', 40, 862, 1001)])).toBe(false);
    expect(disputedAmount(row(word('9,000', 60, 862, 1001)), [word('၃,၀၀၀', 90, 862, 1001)])).toBe(false);
    expect(disputedAmount(row(word('-3,500', 79, 862, 1001)), [word('-5,500', 84, 100, 240)])).toBe(false);
  });

  it('leaves no amount on any line, and the rest of each line as it was', () => {
    const text = 'Success\n-3,500 Ks\nAmount -3,500 Ks\nFee 0 Ks\nTransaction ID 931715352550';
    expect(withoutAmounts(text).split('\n')).toEqual(['Success', '', 'Amount', 'Fee 0 Ks', 'Transaction ID 931715352550']);
    expect(readReceipt(withoutAmounts(text)).amount).toBeNull();
  });
});

describe('an amount split at its thousands separator', () => {
  const word = (text: string, x0: number, x1: number) => ({ text, confidence: 96, bbox: { x0, y0: 468, x1, y1: 521 } }) as Word;
  const line = (...words: Word[]) => ({ text: words.map((w) => w.text).join('  '), words, bbox: words[0]!.bbox }) as unknown as Line;

  it('joins "150," and "000" when they touch, never words a space apart', () => {
    // Boxes as read off a photographed SMS: "150," then "000" 4 px on.
    const joined = withSplitThousandsJoined(
      line(word('MMK', 100, 180), word('150,', 198, 270), word('000', 274, 337), word('Ks', 351, 400)),
    );
    expect(joined.text).toBe('MMK  150,000  Ks');
    expect(joined.words!.map((w) => w.text)).toEqual(['MMK', '150,000', 'Ks']);
    expect(withSplitThousandsJoined(line(word('150,', 198, 270), word('000', 300, 363))).text).toBe('150,  000');
    expect(withSplitThousandsJoined(line(word('Nov 25,', 198, 270), word('2026', 274, 337))).text).toBe('Nov 25,  2026');
  });
});

describe("the Burmese data's reading of a Latin word", () => {
  type Spec = [string, number, number, number, number, number];
  const line = (...specs: Spec[]) => {
    const words = specs.map(([text, confidence, x0, y0, x1, y1]) => ({ text, confidence, bbox: { x0, y0, x1, y1 } }) as Word);
    return {
      text: words.map((w) => w.text).join(' '),
      words,
      bbox: { x0: words[0]!.bbox.x0, y0: 406, x1: words.at(-1)!.bbox.x1, y1: 467 },
    } as unknown as Line;
  };

  it('is no Burmese word the English data missed: "ပြ" over a confident "MMK" is left out, "ထံသို့" beside it stays', () => {
    // Words and boxes as the two readings gave them on a photographed SMS.
    const english = line(
      ['Oo', 93, 364, 420, 410, 446],
      ['(09*****4567)', 67, 424, 420, 663, 450],
      ['59Y', 0, 677, 406, 753, 467],
      ['MMK', 90, 765, 421, 845, 447],
    );
    const burmese = line(['ထံသို့', 96, 673, 406, 753, 467], ['ပြ', 46, 765, 421, 845, 447]);
    expect(withBurmeseWords(english, burmese.words!, burmese.words!, [], new Set())).toBe('Oo (09*****4567) ထံသို့ MMK');
  });
});
