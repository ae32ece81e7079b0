import { imageUrl } from './image-host';
import { STORED_NAME, VARIANT_WIDTHS, type ImageStore } from './image-files';
import { makeVariant, variantFile, type StoredVariant } from './image-store';
import type { ImageWork } from './image-work';

/** A resized WebP copy of a photo stored on this image host, with its true size. */
export interface PhotoCopy {
  url: string;
  width: number;
  height: number;
}

/** A stored original's URL as answers hold it: a path on this origin, or an absolute URL. */
const HOSTED = new RegExp(
  `^((?:https?://[^/?#\\s]+)?${imageUrl('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})([^/?#]+)$`,
);

/** The copies every stored original has (made now for an older upload that lacks them). */
const ALWAYS = [VARIANT_WIDTHS.thumb, VARIANT_WIDTHS.medium];

/**
 * Finds the copies of the photos stored on this image host, so that answers naming a photo by
 * its URL (a product's `carPhoto`, a booking's `carImage`) can say which smaller copies exist
 * and how wide each really is: a copy is never wider than its original, so a 56 px photo's
 * "640 px" copy is 56 px wide. Only the server knows the host's file names; clients read the
 * URLs and widths it answers.
 *
 * Read from the image store (a thumbnail or card copy missing for an older upload is made now,
 * as its first request would) and remembered by content hash: a stored name never changes what
 * it shows, so what one process remembers can never disagree with another's. The large copy
 * (full screen, 1600 px) is listed when it is stored: uploads make it of an original wider than
 * 640 px, but a list never waits for one to be made of an older upload (many photos of a
 * search page, each a large resize), whose page then shows the original in full screen. (Such
 * a copy made later, on a request for its URL, is listed once this process forgets the photo.)
 */
export class PhotoCopies {
  private readonly known = new Map<string, StoredVariant[]>();

  constructor(
    private readonly store: ImageStore,
    /** The line a missing copy is made in (none: at once). */
    private readonly work?: ImageWork,
    /** How many photos' copies are remembered (the oldest is forgotten first). */
    private readonly capacity = 10_000,
  ) {}

  /** The copies of a photo of this host, narrowest first; undefined for any other picture. */
  async of(url: string): Promise<PhotoCopy[] | undefined> {
    const hosted = HOSTED.exec(url);
    const stored = hosted ? STORED_NAME.exec(hosted[2]) : null;
    if (!hosted || !stored) return undefined;
    const hash = stored[1];
    const copies = this.known.get(hash) ?? (await this.find(hash, stored[0]));
    // Beside the original, under the same origin (or path) as the URL given.
    return copies?.map(({ file, width, height }) => ({ url: hosted[1] + file, width, height }));
  }

  /**
   * Each row with `<field>Copies` beside its photo URL when that photo is on this host (rows
   * with any other picture are answered as they are).
   */
  async addTo<T extends object, K extends keyof T & string>(
    rows: T[],
    field: K,
  ): Promise<Array<T & { [copies in `${K}Copies`]?: PhotoCopy[] }>> {
    return Promise.all(
      rows.map(async (row): Promise<T & { [copies in `${K}Copies`]?: PhotoCopy[] }> => {
        const url = row[field];
        const copies = typeof url === 'string' ? await this.of(url) : undefined;
        return copies ? { ...row, [`${field}Copies`]: copies } : row;
      }),
    );
  }

  /**
   * Each row with `photosCopies` beside its `photos`: for each photo in order, its copies, or an
   * empty list for a picture stored elsewhere.
   */
  async addToPhotos<T extends { photos: string[] }>(
    rows: T[],
  ): Promise<Array<T & { photosCopies: PhotoCopy[][] }>> {
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        photosCopies: await Promise.all(row.photos.map(async (url) => (await this.of(url)) ?? [])),
      })),
    );
  }

  private async find(hash: string, file: string): Promise<StoredVariant[] | undefined> {
    if (!(await this.store.has(file))) return undefined;
    let original: Promise<Buffer> | undefined;
    const read = () =>
      (original ??= this.store.get(file).then((found) => {
        if (!found) throw new Error(`${file} is no longer stored`);
        return found.bytes;
      }));
    try {
      // Asked before any resize starts: a resize that failed while this question was still
      // out would have no one listening (an unhandled rejection stops the process).
      const withLarge = await this.store.has(variantFile(hash, VARIANT_WIDTHS.large));
      const widths = withLarge ? [...ALWAYS, VARIANT_WIDTHS.large] : ALWAYS;
      const copies = await Promise.all(
        widths.map((width) =>
          makeVariant(this.store, hash, read, width, {
            timeoutSeconds: this.work?.limits.timeoutSeconds,
            work: this.work,
          }),
        ),
      );
      if (this.known.size >= this.capacity) {
        const oldest = this.known.keys().next();
        if (!oldest.done) this.known.delete(oldest.value);
      }
      this.known.set(hash, copies);
      return copies;
    } catch {
      // An original that cannot be resized (damaged on disk): shown as it is, without copies.
      return undefined;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The copies of photos stored on this API's image host (answers add them to photo URLs). */
    photoCopies: PhotoCopies;
  }
}
