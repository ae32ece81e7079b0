/**
 * The image host keeps WebP copies of every upload at most 640 px (cards) and 160 px
 * (thumbnails) wide, named `<hash>-640.webp` and `<hash>-160.webp` beside the original. A copy is
 * never wider than its original, so a stored photo's real widths are not known from its URL:
 * the page asks for the one copy that fits and declares no width it cannot vouch for (a `srcset`
 * with `160w, 640w` made the browser size a 56 px photo as if it were 640 px).
 */
const UPLOADED = /^(.*\/image-host\/i\/[0-9a-f]{64})\.(?:jpe?g|png|webp|gif)$/;

export interface ResponsiveImage {
  src: string;
}

/** The copy of a photo for a slot at most `width` CSS pixels wide (others: as they are). */
export function responsiveImage(url: string, width: 160 | 640): ResponsiveImage {
  const match = UPLOADED.exec(url);
  return { src: match ? `${match[1]}-${width}.webp` : url };
}
