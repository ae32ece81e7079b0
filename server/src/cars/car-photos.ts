import { httpError } from '../platform/http/errors';

/** Where a car's photos may come from. */
export interface CarPhotoOrigins {
  /** Where people open the app: its image host's and its own pictures' paths are allowed. */
  publicOrigin: string;
  /** The display origins of a configured outside image host (imgbb's https://i.ibb.co). */
  imageOrigins: readonly string[];
}

/** The paths of this origin a car photo may have: the image host's files, the app's pictures. */
const LOCAL_PHOTO_PATHS = ['/image-host/i/', '/images/'];

/**
 * Whether a car photo's URL is one of this host's, judged on the URL as a browser reads it
 * (resolved against the public origin), never on its spelling: `/\evil.example/x.png` and
 * `//evil.example/x.png` are another host's, `/images/../api/x` is not a picture.
 */
export function isCarPhotoUrl(url: string, origins: CarPhotoOrigins): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, `${origins.publicOrigin}/`);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.origin === origins.publicOrigin) {
    return LOCAL_PHOTO_PATHS.some((path) => parsed.pathname.startsWith(path));
  }
  return origins.imageOrigins.includes(parsed.origin);
}

/** What a refused photo's 400 says of where photos may come from. */
function allowedPlaces(origins: CarPhotoOrigins): string {
  return [origins.publicOrigin, ...origins.imageOrigins].join(' or ');
}

/**
 * Checks a car's cover (`carPhoto`) and its photos, on every path that writes them: a photo
 * from anywhere else is a 400 naming the field (`carPhoto`, `photos.2`).
 */
export function checkCarPhotos(
  photos: { carPhoto?: string; photos?: readonly string[] },
  origins: CarPhotoOrigins,
): void {
  const refuse = (field: string) =>
    httpError(400, `${field}: must be a photo on this host (${allowedPlaces(origins)})`);
  if (photos.carPhoto !== undefined && !isCarPhotoUrl(photos.carPhoto, origins)) {
    throw refuse('carPhoto');
  }
  photos.photos?.forEach((url, i) => {
    if (!isCarPhotoUrl(url, origins)) throw refuse(`photos.${i}`);
  });
}
