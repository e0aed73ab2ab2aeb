import { describe, expect, it } from 'vitest';
import { variantSrcSet } from '@topup/contract/images';

describe('variantSrcSet', () => {
  const name = '0b5a3c1e-1111-4222-8333-444455556666.png';
  it('lists the WebP widths in range for an uploaded image, keeping an absolute origin', () => {
    expect(variantSrcSet(`/uploads/${name}`, 160, 320)).toBe(`/img/160/${name} 160w, /img/240/${name} 240w, /img/320/${name} 320w`);
    expect(variantSrcSet(`https://shop.example/uploads/${name}`, 96, 96)).toBe(`https://shop.example/img/96/${name} 96w`);
  });
  it('gives nothing for other images', () => {
    expect(variantSrcSet('/favicon.svg', 96, 1280)).toBeUndefined();
    expect(variantSrcSet(null, 96, 1280)).toBeUndefined();
    expect(variantSrcSet('blob:http://x/abc', 96, 1280)).toBeUndefined();
  });
});
