// Boxes of the words and lines tesseract reads, as both the page reading and the second looks at a line compare them.
import type { Bbox } from 'tesseract.js';

/** Whether two boxes overlap by at least half of the smaller one, across and down. */
export function overlaps(a: Bbox, b: Bbox): boolean {
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return across >= 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0) && down >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** The smallest box holding every one of `boxes`. */
export const union = (boxes: Bbox[]): Bbox => ({
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

/** Burmese consonants in a text: two or more is Burmese script; the Burmese data reads Latin letters as digits and signs. */
export const burmeseLetters = (text: string) => (text.match(/[\u1000-\u1021]/g) ?? []).length;
