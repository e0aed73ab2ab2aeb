// Shrinks a payment screenshot in the browser before it goes over a slow connection: the long side capped at
// 1600 px (phone screenshots stay sharp enough to read the amount and transaction number), re-encoded as WebP
// (JPEG where the browser can't write WebP). Typical screenshots end well under 300 KB. If anything fails, or
// the result isn't smaller, the original file is sent as it was.

export const MAX_LONG_SIDE = 1600;
const QUALITY = 0.82;
/** Small files aren't worth the work (and re-encoding could only lose detail). */
const SKIP_BELOW_BYTES = 150 * 1024;

export type CompressResult = { file: File; compressed: boolean };

export function scaledSize(width: number, height: number, maxLongSide = MAX_LONG_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxLongSide) return { width, height };
  const k = maxLongSide / long;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

export async function compressImage(file: File): Promise<CompressResult> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return { file, compressed: false };
  try {
    const bitmap = await decode(file);
    const size = scaledSize(bitmap.width, bitmap.height);
    if (file.size < SKIP_BELOW_BYTES && size.width === bitmap.width) {
      bitmap.close?.();
      return { file, compressed: false };
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#fff'; // transparent PNG areas become white, not black, in JPEG
    g.fillRect(0, 0, size.width, size.height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(bitmap as CanvasImageSource, 0, 0, size.width, size.height);
    bitmap.close?.();
    let blob = await toBlob(canvas, 'image/webp');
    // A browser without a WebP encoder hands back PNG: use JPEG there.
    if (!blob || blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg');
    if (!blob || blob.size >= file.size) return { file, compressed: false };
    const ext = blob.type === 'image/webp' ? 'webp' : 'jpg';
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'screenshot'}.${ext}`;
    return { file: new File([blob], name, { type: blob.type }), compressed: true };
  } catch {
    return { file, compressed: false };
  }
}

type Decoded = { width: number; height: number; close?: () => void };

async function decode(file: File): Promise<Decoded & CanvasImageSource> {
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return Object.assign(img, { width: img.naturalWidth, height: img.naturalHeight });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
