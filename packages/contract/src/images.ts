// srcset for catalog images: the server serves each one as WebP at a fixed set of widths (/img/{width}/{name}),
// so a phone downloads the banner or logo at the size it shows, not the uploaded original.
import { IMAGE_VARIANT_WIDTHS } from './limits.ts';

const UPLOAD = /^(?:https?:\/\/[^/]+)?\/uploads\/([a-f0-9-]{36}\.(?:png|jpg|webp|gif))$/;

/** `srcset` candidates between `min` and `max` pixels wide, or undefined for images that aren't catalog uploads. */
export function variantSrcSet(url: string | null | undefined, min: number, max: number): string | undefined {
  const match = url ? UPLOAD.exec(url) : null;
  if (!match) return undefined;
  const origin = url!.slice(0, url!.indexOf('/uploads/'));
  return IMAGE_VARIANT_WIDTHS.filter((w) => w >= min && w <= max)
    .map((w) => `${origin}/img/${w}/${match[1]} ${w}w`)
    .join(', ');
}
