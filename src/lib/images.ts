import type { PhotoCopy } from './api';

/**
 * A photo's `src`, `srcSet` and `sizes` from the copies an answer lists beside its URL
 * (`carPhotoCopies`, `carImageCopies`, an upload's `copies`): the server's image host names its
 * files and vouches for each copy's true width (never wider than the original: both copies of a
 * 56 px photo are 56 px wide). The web app never builds a file name; a photo without copies is
 * shown as it is.
 */
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
}

export function responsiveImage(
  url: string,
  copies: readonly PhotoCopy[] | undefined,
  slot: ImageSlot,
): ResponsiveImage {
  // Narrowest first, leaving out a copy no narrower than one already kept.
  const distinct: PhotoCopy[] = [];
  for (const copy of [...(copies ?? [])].sort((a, b) => a.width - b.width)) {
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
