// The byte-level metadata stripper: what it drops and keeps on real images made by sharp, and two properties on
// arbitrary and on damaged images: it never throws, and whatever decoded before still decodes after, at the same size.
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageExt } from './images.ts';
import { withPngChunk } from './metadata.fixtures.ts';
import { stripMetadata } from './strip-metadata.ts';

const GPS = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '16/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '96/1 9/1 0/1' } };
const EXIF = { IFD0: { Copyright: 'Secret Owner', Make: 'PhoneMaker' }, ...GPS };
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Owner</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

function canvas(width = 48, height = 24) {
  return sharp({ create: { width, height, channels: 3, background: '#2a7fff' } });
}

/** A GIF with a comment and an XMP application extension before its frame, and bytes after its trailer. */
async function gifWithMetadata(): Promise<Buffer> {
  const gif = await canvas().gif().toBuffer();
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 12]), Buffer.from('Secret Owner'), Buffer.from([0])]);
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP'),
    Buffer.from([12]),
    Buffer.from('Secret Owner'),
    Buffer.from([0]),
  ]);
  const flags = gif[10]!;
  const firstBlock = 13 + (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  return Buffer.concat([gif.subarray(0, firstBlock), comment, xmp, gif.subarray(firstBlock), Buffer.from('Secret Owner')]);
}

async function samples(): Promise<Array<{ ext: ImageExt; data: Buffer }>> {
  const tagged = () => canvas().withExif(EXIF).withXmp(XMP);
  const jpg = await tagged().jpeg().toBuffer();
  const plainPng = await tagged().png().toBuffer();
  const png = withPngChunk(
    withPngChunk(plainPng, 'tEXt', Buffer.from('Author\0Secret Owner')),
    'tIME',
    Buffer.from([7, 234, 11, 25, 10, 0, 0]),
  );
  const webp = await tagged().webp().toBuffer();
  return [
    { ext: 'jpg', data: Buffer.concat([jpg, Buffer.from('Secret Owner after the end')]) },
    { ext: 'png', data: png },
    { ext: 'webp', data: webp },
    { ext: 'gif', data: await gifWithMetadata() },
  ];
}

/** Decodes like the screenshot check does (first frame, a warning is a failure); the size, or null. */
async function decodedSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { info } = await sharp(data, { failOn: 'warning', pages: 1 }).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch {
    return null;
  }
}

describe('stripMetadata', () => {
  it('drops EXIF, GPS, XMP, text, timestamps, comments and trailing bytes; the image decodes the same', async () => {
    for (const { ext, data } of await samples()) {
      expect(data.includes('Secret Owner'), ext).toBe(true);
      const clean = stripMetadata(ext, data)!;
      expect(clean, ext).not.toBeNull();
      expect(clean.includes('Secret Owner'), ext).toBe(false);
      expect(clean.includes('PhoneMaker'), ext).toBe(false);
      expect(clean.includes('GPS'), ext).toBe(false);
      const meta = await sharp(clean).metadata();
      expect(meta.exif, ext).toBeUndefined();
      expect(meta.xmp, ext).toBeUndefined();
      expect(meta.comments ?? [], ext).toEqual([]);
      expect(await decodedSize(clean), ext).toEqual(await decodedSize(data));
      expect(clean.length, ext).toBeLessThan(data.length);
    }
  });

  it('keeps an EXIF orientation alone, so the picture does not turn', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const data = await canvas(48, 24).withMetadata({ orientation: 6 }).withExifMerge(EXIF).toFormat(format).toBuffer();
      const clean = stripMetadata(format === 'jpeg' ? 'jpg' : format, data)!;
      const meta = await sharp(clean).metadata();
      expect(meta.orientation, format).toBe(6);
      expect(meta.exif!.length, format).toBeLessThan(40); // the orientation and nothing else
      expect(clean.includes('Secret Owner'), format).toBe(false);
      const upright = await sharp(clean).rotate().toBuffer({ resolveWithObject: true });
      expect([upright.info.width, upright.info.height], format).toEqual([24, 48]);
    }
  });

  it('keeps the colour profile and the animation of a GIF', async () => {
    const p3 = await canvas().withIccProfile('p3').jpeg().toBuffer();
    expect((await sharp(stripMetadata('jpg', p3)!).metadata()).icc).toBeDefined();
    const frames = await Promise.all(
      ['#f00', '#0f0'].map((background) =>
        sharp({ create: { width: 16, height: 16, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 3 })
      .toBuffer();
    const meta = await sharp(stripMetadata('gif', animated)!, { pages: -1 }).metadata();
    expect([meta.pages, meta.loop]).toEqual([2, 3]);
  });

  it('never throws on arbitrary bytes behind any signature', () => {
    const signatures: Record<ImageExt, Buffer> = {
      jpg: Buffer.from([0xff, 0xd8]),
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      webp: Buffer.from('RIFF\xff\xff\xff\x7fWEBP', 'latin1'),
      gif: Buffer.from('GIF89a'),
    };
    fc.assert(
      fc.property(
        fc.constantFrom<ImageExt>('jpg', 'png', 'webp', 'gif'),
        fc.boolean(),
        fc.uint8Array({ maxLength: 2000 }),
        (ext, signed, bytes) => {
          const data = signed ? Buffer.concat([signatures[ext], bytes]) : Buffer.from(bytes);
          const out = stripMetadata(ext, data);
          expect(out === null || Buffer.isBuffer(out)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a JPEG whose end marker is damaged decodable (libjpeg decodes it; cut at the bad marker it did not)', async () => {
    const jpg = (await samples()).find((sample) => sample.ext === 'jpg')!.data;
    const end = jpg.lastIndexOf(Buffer.from([0xff, 0xd9]));
    for (const value of [0x01, 0xd8, 0xda, 0xe1, 0xc0]) {
      const damaged = Buffer.from(jpg.subarray(0, end + 2));
      damaged[end + 1] = value;
      expect(await decodedSize(damaged), `FF ${value.toString(16)}`).toEqual({ width: 48, height: 24 });
      const clean = stripMetadata('jpg', damaged);
      expect(clean, `FF ${value.toString(16)}`).not.toBeNull();
      expect(await decodedSize(clean!), `FF ${value.toString(16)}`).toEqual({ width: 48, height: 24 });
      expect(clean!.includes('Secret Owner')).toBe(false);
    }
  });

  // The placement rule, as a property over damaged files: the cleaned file decodes as the upload did, or the upload is
  // refused (null); and what is kept never carries the metadata. Damage lands anywhere, or inside the metadata blocks
  // (where a byte-level walker and the decoder are most likely to disagree about where a block ends).
  it('never makes an image that decoded undecodable, or changes its size, however it is damaged (refusing it is allowed)', async () => {
    const bases = await Promise.all((await samples()).map(async (sample) => ({ ...sample, metadata: metadataRange(sample.data) })));
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), inMetadata: fc.boolean(), value: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), inMetadata: fc.boolean() }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        inMetadata: fc.boolean(),
        bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bases), fc.array(damage, { minLength: 1, maxLength: 3 }), async (base, damages) => {
        let data = Buffer.from(base.data);
        for (const d of damages) {
          const [from, to] = d.inMetadata ? base.metadata : [0, data.length];
          const at = Math.min(data.length - 1, from + (d.at % Math.max(1, to - from)));
          if (d.kind === 'flip') data[at] = d.value;
          else if (d.kind === 'cut') data = data.subarray(0, Math.max(1, at));
          else data = Buffer.concat([data.subarray(0, at), d.bytes, data.subarray(at)]);
        }
        const before = await decodedSize(data);
        const out = stripMetadata(base.ext, data);
        if (out === null) return; // refused at placement: nothing stored
        const meta = await sharp(out)
          .metadata()
          .catch(() => null);
        if (meta) {
          expect(meta.exif?.length ?? 0).toBeLessThan(40); // an orientation alone at most
          expect(meta.xmp).toBeUndefined();
          expect(meta.comments ?? []).toEqual([]);
        }
        if (before) expect(await decodedSize(out)).toEqual(before);
      }),
      { numRuns: 1500 },
    );
  });
});

/** Where the first metadata block of a sample starts and ends (JPEG APP1, PNG eXIf or tEXt, WebP EXIF, GIF comment). */
function metadataRange(data: Buffer): [number, number] {
  for (const mark of [
    Buffer.from([0xff, 0xe1]),
    Buffer.from('eXIf'),
    Buffer.from('tEXt'),
    Buffer.from('EXIF'),
    Buffer.from([0x21, 0xfe]),
  ]) {
    const at = data.indexOf(mark);
    if (at >= 0) return [Math.max(0, at - 4), Math.min(data.length, at + 64)];
  }
  return [0, data.length];
}
