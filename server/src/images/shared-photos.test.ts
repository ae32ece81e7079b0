/**
 * Replicas on one database: each has a data folder of its own, and every one serves every photo,
 * whichever replica it was uploaded to (the database store, as the server picks it on
 * PostgreSQL; it runs the same on PGlite).
 */
import { count, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { databaseKind, openTestDatabase, TEST_IMAGE_KEY, uploaderAuth } from '../../test/helper';
import { buildApp } from '../app';
import type { Database } from '../platform/db/client';
import { imageFiles } from '../platform/db/schema';
import { DatabaseImageStore, imageStoreFor } from './database-image-store';
import { FolderImageStore, type ImageStore } from './image-files';

interface Replica {
  app: FastifyInstance;
  /** Its own data folder: nothing of the image host is written there. */
  folder: string;
}

const png = (width: number, height: number, blue = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: blue } } })
    .png()
    .toBuffer();

async function upload(app: FastifyInstance, bytes: Buffer) {
  const boundary = '----shared-photos-test';
  const response = await app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...uploaderAuth(app),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    id: string;
    display_url: string;
    medium: { url: string; width: number; height: number };
    thumb: { url: string; width: number; height: number };
  };
}

describe(`photos shared by the replicas of one database (${databaseKind})`, () => {
  let database: Database;
  let a: Replica;
  let b: Replica;
  const replicas: Replica[] = [];

  async function replica(): Promise<Replica> {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-replica-'));
    const app = await buildApp({
      db: database.db,
      imageHostKey: TEST_IMAGE_KEY,
      imageDir: join(folder, 'images'),
      imageStore: new DatabaseImageStore(database.db),
    });
    await app.ready();
    const made = { app, folder };
    replicas.push(made);
    return made;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await replica();
    b = await replica();
  });
  afterAll(async () => {
    for (const { app, folder } of replicas) {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
    await database.close();
  });

  it('is where the server keeps photos on PostgreSQL (a folder on PGlite)', () => {
    const store = imageStoreFor(database, join(a.folder, 'images'));
    expect(store).toBeInstanceOf(
      databaseKind === 'postgres' ? DatabaseImageStore : FolderImageStore,
    );
  });

  it('serves a photo uploaded through one replica through another: original and copies', async () => {
    const uploaded = await upload(a.app, await png(1200, 800));
    const urls = [uploaded.display_url, uploaded.medium.url, uploaded.thumb.url];
    expect(urls).toEqual([
      `/image-host/i/${uploaded.id}.png`,
      `/image-host/i/${uploaded.id}-640.webp`,
      `/image-host/i/${uploaded.id}-160.webp`,
    ]);
    for (const url of urls) {
      const fromA = await a.app.inject({ method: 'GET', url });
      const fromB = await b.app.inject({ method: 'GET', url });
      expect(fromB.statusCode).toBe(200);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      for (const header of ['cache-control', 'content-type', 'etag', 'x-content-type-options']) {
        expect(fromB.headers[header]).toBe(fromA.headers[header]);
      }
      expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(fromB.headers['content-length']).toBe(String(fromA.rawPayload.length));
      const again = await b.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': fromA.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const medium = await b.app.inject({ method: 'GET', url: uploaded.medium.url });
    expect(await sharp(medium.rawPayload).metadata()).toMatchObject({ width: 640, height: 427 });
    // Nothing went to either replica's own folder.
    for (const { folder } of [a, b]) expect(readdirSync(folder)).toEqual([]);
  });

  it('answers the true widths of the copies on the other replica too', async () => {
    const uploaded = await upload(a.app, await png(100, 50, 41));
    expect(await b.app.photoCopies.of(uploaded.display_url)).toEqual([
      { url: uploaded.thumb.url, width: 100, height: 50 },
      { url: uploaded.medium.url, width: 100, height: 50 },
    ]);
  });

  it('stores the same photo, uploaded through both replicas, once', async () => {
    const bytes = await png(300, 200, 42);
    const first = await upload(a.app, bytes);
    const second = await upload(b.app, bytes);
    expect(second).toEqual({ ...first, time: expect.any(Number) });
    const [rows] = await database.db
      .select({ n: count() })
      .from(imageFiles)
      .where(like(imageFiles.name, `${first.id}%`));
    // The original and its two copies, one row each.
    expect(rows.n).toBe(3);
  });

  it('answers 404 for a name never stored, on either replica, and makes no copy of it', async () => {
    const hash = '9'.repeat(64);
    for (const app of [a.app, b.app]) {
      for (const file of [`${hash}.png`, `${hash}-640.webp`, `${hash}-160.webp`]) {
        const response = await app.inject({ method: 'GET', url: `/image-host/i/${file}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, message: 'No such image' });
      }
    }
    expect((await new DatabaseImageStore(database.db).list()).some((n) => n.startsWith(hash))).toBe(
      false,
    );
  });

  it.each([
    ['a name that is not a hash', 'car.png'],
    ['an upper-case hash', `${'A'.repeat(64)}.png`],
    ['a hash of the wrong length', `${'a'.repeat(63)}.png`],
    ['a format the host does not store', `${'a'.repeat(64)}.svg`],
    ['a copy width the host does not make', `${'a'.repeat(64)}-300.webp`],
    ['a copy in another format', `${'a'.repeat(64)}-640.png`],
    ['a path up the tree (encoded /)', `..%2f..%2f${'a'.repeat(64)}.png`],
    ['a path up the tree (encoded dots)', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['a path to a system file', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ])('answers 404 for %s', async (_what, file) => {
    const response = await b.app.inject({ method: 'GET', url: `/image-host/i/${file}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('refuses a name with a NUL byte with 400, as every call does', async () => {
    const response = await b.app.inject({
      method: 'GET',
      url: `/image-host/i/${'a'.repeat(64)}.png%00.txt`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('NUL');
  });
});

describe.each([
  ['the folder store', () => new FolderImageStore(mkdtempSync(join(tmpdir(), 'cardealer-store-')))],
  ['the database store', async () => new DatabaseImageStore((await opened()).db)],
] as const)(`%s (${databaseKind})`, (_name, make) => {
  let store: ImageStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(async () => {
    if (store instanceof FolderImageStore) rmSync(store.folder, { recursive: true, force: true });
  });

  const name = `${'b'.repeat(64)}.png`;
  const info = { mime: 'image/png', width: 8, height: 8 };

  it('writes a name once: the first bytes stay', async () => {
    const bytes = await png(8, 8);
    expect(await store.put(name, bytes, info)).toBe(true);
    expect(await store.put(name, Buffer.from('later'), info)).toBe(false);
    expect(await store.get(name)).toEqual({ bytes, mime: 'image/png' });
    expect(await store.has(name)).toBe(true);
    expect(await store.list()).toEqual([name]);
  });

  it.each(['../escape.png', `../${'c'.repeat(64)}.png`, 'notes.txt', `${'c'.repeat(64)}.svg`, ''])(
    'refuses to write %j and finds nothing under it',
    async (bad) => {
      await expect(store.put(bad, Buffer.from('x'), info)).rejects.toThrow(
        'not an image host file name',
      );
      await expect(store.replace(bad, Buffer.from('x'), info)).rejects.toThrow(
        'not an image host file name',
      );
      expect(await store.get(bad)).toBeNull();
      expect(await store.has(bad)).toBe(false);
      expect(await store.list()).toEqual([name]);
    },
  );
});

let storeDatabase: Database | undefined;
/** One test database for the store tests above (opened on first use, closed at the end). */
async function opened(): Promise<Database> {
  storeDatabase ??= await openTestDatabase();
  return storeDatabase;
}
afterAll(async () => {
  await storeDatabase?.close();
});
