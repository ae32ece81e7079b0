/**
 * An applied row's photos stored on the image host: each ZIP entry read alone (never the whole
 * archive in memory), checked and stored as an upload is, in the same bounded line of image work
 * (the image host's `ImageWork`, shared with uploads), and remembered by its entry's CRC-32 and
 * size so that the same photo in a later import is not stored again.
 */
import type { ZipFile } from 'yauzl';
import { imageUrl } from '../images/image-host';
import { checkHeader, ImageRejected, storeImage } from '../images/image-store';
import { rememberPhotoHash } from '../images/photo-hashes';
import type { ImportJobDeps } from './import-job-deps';
import { RowRefused, type PhotoRef } from './import-row-check';
import { readEntry, type ZipPhoto } from './import-zip';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs image work in its turn; while the line is full (uploads of others), waits and tries again. */
async function inLine<T>(deps: ImportJobDeps, job: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await deps.app.imageWork.run(job);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 503 || deps.stopping()) throw error;
      await pause(1000);
    }
  }
}

/** The photos' URLs on this host, stored as needed; RowRefused when one is not a good image. */
export async function storedPhotos(
  deps: ImportJobDeps,
  userId: string,
  refs: readonly PhotoRef[],
  zip: { zip: ZipFile; photos: Map<string, ZipPhoto> } | null,
): Promise<string[]> {
  const urls: string[] = [];
  for (const ref of refs) {
    if ('url' in ref) {
      urls.push(ref.url);
      continue;
    }
    const known = await deps.imports.storedPhoto(userId, ref.crc32, ref.size);
    if (known) {
      urls.push(known);
      continue;
    }
    const photo = zip?.photos.get(ref.zip);
    if (!zip || !photo) throw new RowRefused('photos', `'${ref.zip}' is not in the ZIP`);
    const bytes = await readEntry(zip.zip, photo.entry);
    const limits = deps.app.imageWork.limits;
    try {
      const header = await checkHeader(bytes, limits.maxPixels);
      const stored = await inLine(deps, async () => {
        const kept = await storeImage(deps.images, bytes, header, limits);
        await rememberPhotoHash(deps.app.db, kept.id, bytes).catch((error: unknown) =>
          deps.app.log.warn({ err: error }, 'photo hash not kept'),
        );
        return kept;
      });
      const url = imageUrl(stored.file);
      await deps.imports.rememberPhoto(userId, ref.crc32, ref.size, url);
      urls.push(url);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      throw new RowRefused('photos', `'${ref.zip}': ${error.message.replace(/^image: /, '')}`);
    }
  }
  return urls;
}
