import type { PhotoCopy } from './api';

/**
 * A photo's `src`, `srcSet` and `sizes` from the copies an answer lists beside its URL
 * (`carPhotoCopies`, `carImageCopies`, `photosCopies`, an upload's `copies`): the server's image
 * host names its files and vouches for each copy's true width (never wider than the original:
 * both copies of a 56 px photo are 56 px wide). The web app never builds a file name; a photo
 * without copies is shown as it is.
 */

/**
 * The card copy's width (the contract's 640 px copy). Wider copies (the 1600 px one, made for
 * full screen of a photo wider than this) are left out of a slot unless it asks for them.
 */
export const CARD_COPY_WIDTH = 640;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export interface ImageSlot {
  /** The widest the slot is shown, in CSS pixels: `src` is the narrowest copy that fills it. */
  width: number;
  /** The slot's width by viewport (the `sizes` attribute); default: `width` px. */
  sizes?: string;
  /**
   * The widest copy worth its bytes here (default: the card copy, 640 px): a phone's screen
   * three device pixels per CSS pixel would otherwise load the full-screen copy for a card.
   */
  largest?: number;
}

export function responsiveImage(
  url: string,
  copies: readonly PhotoCopy[] | undefined,
  slot: ImageSlot,
): ResponsiveImage {
  // Narrowest first, leaving out a copy no narrower than one already kept.
  const distinct: PhotoCopy[] = [];
  const largest = slot.largest ?? CARD_COPY_WIDTH;
  for (const copy of [...(copies ?? [])].sort((a, b) => a.width - b.width)) {
    if (copy.width > largest) break;
    if (copy.width > (distinct.at(-1)?.width ?? 0)) distinct.push(copy);
  }
  if (distinct.length === 0) return { src: url };
  const fits = distinct.find((copy) => copy.width >= slot.width) ?? distinct[distinct.length - 1];
  if (distinct.length === 1) return { src: fits.url };
  return {
    src: fits.url,
    srcSet: distinct.map((copy) => `${copy.url} ${copy.width}w`).join(', '),
    sizes: slot.sizes ?? `${slot.width}px`,
  };
}

/**
 * A photo full screen: its copies up to the large one (1600 px) when it has one; a photo that
 * is its card copy's own size (narrower than 640 px) as that copy. Else the photo as uploaded:
 * one stored before the large copy existed (its widest copy is 640 px, the original may be
 * wider), or a picture of another host.
 */
export function fullScreenImage(url: string, copies: readonly PhotoCopy[] | undefined) {
  const widest = Math.max(0, ...(copies ?? []).map((copy) => copy.width));
  if (widest === 0 || widest === CARD_COPY_WIDTH) return { src: url };
  return responsiveImage(url, copies, { width: 1600, sizes: '100vw', largest: Infinity });
}
