import { describe, expect, it } from 'vitest';
import { whitenColouredFills } from './badges.ts';

/** A page of `width` × `height` RGB pixels, white, with `paint` colouring some of them. */
function page(width: number, height: number, paint: (x: number, y: number) => [number, number, number] | null) {
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = paint(x, y);
      if (c) data.set(c, (y * width + x) * 3);
    }
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++)
    grey[i] = Math.round(0.2126 * data[i * 3]! + 0.7152 * data[i * 3 + 1]! + 0.0722 * data[i * 3 + 2]!);
  return { rgb: { data, width, height, channels: 3 }, grey };
}

const GREEN: [number, number, number] = [22, 163, 74];
const RED: [number, number, number] = [220, 38, 38];
const PINK: [number, number, number] = [253, 226, 226];
const WHITE: [number, number, number] = [255, 255, 255];
/** Strokes of "text": every third column of a band in the middle of the badge. */
const stroke = (x: number, y: number) => y >= 30 && y < 50 && x >= 60 && x < 140 && x % 6 < 2;

describe('text on a coloured fill', () => {
  it('comes out dark on white: a badge of white text on green', () => {
    const { rgb, grey } = page(400, 400, (x, y) => (x >= 40 && x < 160 && y >= 20 && y < 60 ? (stroke(x, y) ? WHITE : GREEN) : null));
    expect(whitenColouredFills(grey, rgb)).toBe(1);
    expect(grey[25 * 400 + 50]).toBe(255); // the fill
    expect(grey[40 * 400 + 60]).toBe(0); // a stroke
    expect(grey[5 * 400 + 5]).toBe(255); // the page around it
  });

  it('comes out dark on white on a dark screen, once inverted: white text on orange reads as dark on dark', () => {
    const orange: [number, number, number] = [217, 119, 6];
    const { rgb, grey } = page(400, 400, (x, y) => (x >= 40 && x < 160 && y >= 20 && y < 60 ? (stroke(x, y) ? WHITE : orange) : null));
    // The dark screen's inversion: 255 minus the brightest channel.
    for (let i = 0; i < grey.length; i++) grey[i] = 255 - Math.max(rgb.data[i * 3]!, rgb.data[i * 3 + 1]!, rgb.data[i * 3 + 2]!);
    expect(whitenColouredFills(grey, rgb)).toBe(1);
    expect(grey[25 * 400 + 50]).toBe(255);
    expect(grey[40 * 400 + 60]).toBe(0);
  });

  it('leaves coloured text alone, on the page or on a pale badge, and a badge too small for a word', () => {
    const text = page(400, 400, (x, y) => (y >= 20 && y < 60 && x >= 40 && x < 160 && x % 4 < 2 ? RED : null));
    const before = Buffer.from(text.grey);
    expect(whitenColouredFills(text.grey, text.rgb)).toBe(0);
    expect(text.grey.equals(before)).toBe(true);
    const pale = page(400, 400, (x, y) => (x >= 40 && x < 160 && y >= 20 && y < 60 ? (stroke(x, y) ? RED : PINK) : null));
    expect(whitenColouredFills(pale.grey, pale.rgb)).toBe(0);
    const dot = page(400, 400, (x, y) => (x >= 40 && x < 60 && y >= 20 && y < 30 ? GREEN : null));
    expect(whitenColouredFills(dot.grey, dot.rgb)).toBe(0);
    // A bold red glyph cluster ("အော" of a failure word) fills its box as densely as a badge: never erased.
    const glyphs = page(400, 400, (x, y) => (x >= 40 && x < 90 && y >= 20 && y < 50 ? ((x + y) % 9 === 0 ? WHITE : RED) : null));
    expect(whitenColouredFills(glyphs.grey, glyphs.rgb)).toBe(0);
    // A coloured band with nothing printed on it is no badge either.
    const band = page(400, 400, (x, y) => (x >= 40 && x < 200 && y >= 20 && y < 60 ? GREEN : null));
    expect(whitenColouredFills(band.grey, band.rgb)).toBe(0);
  });
});
