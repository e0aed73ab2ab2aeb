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

/** Where an image is shown: the widths offered and the `sizes` that tell the browser its slot before layout. */
export type ImageSlot = { min: number; max: number; sizes: string };

/**
 * The images the server preloads for a page's first paint. The `<img>` and the server's `<link rel="preload">` both
 * take their srcset and sizes from here: if they differed, the browser would download the image twice.
 */
export const IMAGE_SLOTS = {
  /**
   * The home banner fills the page's content box: `<main class="max-w-6xl px-3 sm:px-4">` (apps/web/src/app/routes/
   * home.tsx), so 1152 px less 2 × 16 px at most, and the viewport less 2 × 12 px (2 × 16 px from 640 px) below that.
   * Saying `100vw` instead made a 412-px phone at 1.75 device pixels ask for 721 px and get the 960 variant.
   */
  banner: { min: 480, max: 1280, sizes: '(min-width: 1152px) 1120px, (min-width: 640px) calc(100vw - 32px), calc(100vw - 24px)' },
  /** The game page's logo: 80 CSS px, 112 from 640 px (`h-20 w-20 sm:h-28 sm:w-28` in game-info.tsx). */
  logo: { min: 96, max: 320, sizes: '(min-width: 640px) 112px, 80px' },
} as const satisfies Record<string, ImageSlot>;

/** `srcset` of an image shown in one of the slots above (undefined for images that aren't catalog uploads). */
export function slotSrcSet(url: string | null | undefined, slot: ImageSlot): string | undefined {
  return variantSrcSet(url, slot.min, slot.max);
}
