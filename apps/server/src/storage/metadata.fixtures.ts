// Images with metadata that sharp can't write, built by hand for the metadata suites.
import { crc32 } from 'node:zlib';

/** `payload` as a PNG chunk of `type`, inserted right after IHDR. */
export function withPngChunk(pngData: Buffer, type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(payload, crc32(head.subarray(4))), 0);
  const afterIhdr = 8 + 12 + pngData.readUInt32BE(8);
  return Buffer.concat([pngData.subarray(0, afterIhdr), head, payload, crc, pngData.subarray(afterIhdr)]);
}
