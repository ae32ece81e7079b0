/**
 * The image host keeps WebP copies of every upload at 640 px (cards) and 160 px (thumbnails),
 * named `<hash>-640.webp` and `<hash>-160.webp` beside the original.
 */
const UPLOADED = /^(.*\/image-host\/i\/[0-9a-f]{64})\.(?:jpe?g|png|webp|gif)$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

/** `src` and `srcSet` for a photo shown at most `width` CSS pixels wide. */
export function responsiveImage(url: string, width: 160 | 640): ResponsiveImage {
  const match = UPLOADED.exec(url);
  if (!match) return { src: url };
  const base = match[1];
  return width === 160
    ? { src: `${base}-160.webp`, srcSet: `${base}-160.webp 1x, ${base}-640.webp 4x` }
    : { src: `${base}-640.webp`, srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w` };
}
