import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client';
import { isDatabaseUnavailable } from '../platform/db/unavailable';
import { imageFiles } from '../platform/db/schema';
import {
  checkImageName,
  FolderImageStore,
  isImageName,
  type ImageFile,
  type ImageInfo,
  type ImageStore,
} from './image-files';

/**
 * The files in the database's `image_files` table: every replica on the same PostgreSQL serves
 * every photo, whichever replica it was uploaded to. A photo is read from the primary (one just
 * uploaded elsewhere is there at once); while no primary answers, from `readDb` (the standbys), so
 * the pages that show photos keep working through a failover.
 */
export class DatabaseImageStore implements ImageStore {
  constructor(
    private readonly db: Db,
    private readonly readDb: Db = db,
  ) {}

  /** `read` on the primary, or on the standbys while no primary answers. */
  private async reading<T>(read: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await read(this.db);
    } catch (error) {
      if (this.readDb === this.db || !isDatabaseUnavailable(error)) throw error;
      return read(this.readDb);
    }
  }

  async put(name: string, bytes: Buffer, info: ImageInfo): Promise<boolean> {
    checkImageName(name);
    // Names are content-addressed: a row already there holds the same bytes.
    const written = await this.db
      .insert(imageFiles)
      .values({ name, bytes, mime: info.mime, width: info.width, height: info.height })
      .onConflictDoNothing({ target: imageFiles.name })
      .returning({ name: imageFiles.name });
    return written.length > 0;
  }

  async get(name: string): Promise<ImageFile | null> {
    if (!isImageName(name)) return null;
    const [row] = await this.reading((db) =>
      db
        .select({ bytes: imageFiles.bytes, mime: imageFiles.mime })
        .from(imageFiles)
        .where(eq(imageFiles.name, name)),
    );
    return row ?? null;
  }

  async has(name: string): Promise<boolean> {
    if (!isImageName(name)) return false;
    const [row] = await this.reading((db) =>
      db
        .select({ found: sql<number>`1` })
        .from(imageFiles)
        .where(eq(imageFiles.name, name)),
    );
    return row !== undefined;
  }

  async list(): Promise<string[]> {
    const rows = await this.db.select({ name: imageFiles.name }).from(imageFiles);
    return rows.map((row) => row.name);
  }

  async replace(name: string, bytes: Buffer, info: ImageInfo): Promise<void> {
    checkImageName(name);
    await this.db
      .insert(imageFiles)
      .values({ name, bytes, mime: info.mime, width: info.width, height: info.height })
      .onConflictDoUpdate({
        target: imageFiles.name,
        set: { bytes, mime: info.mime, width: info.width, height: info.height },
      });
  }
}

/**
 * Where this deployment keeps its photos: in the database when it is PostgreSQL (replicas share
 * it), else in `folder` (PGlite serves a single node, and its files stay plain files).
 */
export function imageStoreFor(
  database: Pick<Database, 'kind' | 'db' | 'readDb'>,
  folder: string,
): ImageStore {
  return database.kind === 'postgres'
    ? new DatabaseImageStore(database.db, database.readDb)
    : new FolderImageStore(folder);
}
