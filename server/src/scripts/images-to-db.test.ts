import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { databaseKind, openTestDatabase, TEST_IMAGE_KEY, uploaderAuth } from '../../test/helper';
import { buildApp } from '../app';
import type { Database } from '../platform/db/client';
import { DatabaseImageStore } from '../images/database-image-store';
import { FolderImageStore } from '../images/image-files';
import { moveImages } from './images-to-db';

describe(`images:to-db (${databaseKind})`, () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'cardealer-to-db-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Uploads through an app that keeps its photos in `folder`, as a single node did. */
  async function uploadToFolder(folder: string, bytes: Buffer): Promise<string> {
    const app = await buildApp({ db: database.db, imageHostKey: TEST_IMAGE_KEY, imageDir: folder });
    try {
      const boundary = '----to-db-test';
      const response = await app.inject({
        method: 'POST',
        url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...uploaderAuth(app),
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: { id: string } }).data.id;
    } finally {
      await app.close();
    }
  }

  it('moves a folder’s photos into the database, which then serves them; again moves none', async () => {
    const folder = join(dataDir, 'images');
    const hash = await uploadToFolder(
      folder,
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a33' } })
        .jpeg()
        .toBuffer(),
    );
    // The 900 px original has a full-screen copy too (as wide as it is): it moves with the rest.
    const names = [`${hash}-160.webp`, `${hash}-1600.webp`, `${hash}-640.webp`, `${hash}.jpg`];
    expect(readdirSync(folder).sort()).toEqual(names);
    // Not the image host's: left where they are.
    writeFileSync(join(folder, 'notes.txt'), 'not a photo');
    mkdirSync(join(folder, 'old'));

    const store = new DatabaseImageStore(database.db);
    expect(await moveImages(new FolderImageStore(folder), store)).toEqual({
      moved: 4,
      skipped: 0,
    });
    expect((await store.list()).sort()).toEqual(names);
    expect(await moveImages(new FolderImageStore(folder), store)).toEqual({
      moved: 0,
      skipped: 4,
    });
    // The folder is left as it was.
    expect(readdirSync(folder).sort()).toEqual([...names, 'notes.txt', 'old'].sort());

    // A replica with an empty folder of its own serves them from the database.
    const replica = await buildApp({
      db: database.db,
      imageDir: join(dataDir, 'elsewhere'),
      imageStore: store,
    });
    try {
      for (const name of names) {
        const served = await replica.inject({ method: 'GET', url: `/image-host/i/${name}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload.equals(readFileSync(join(folder, name)))).toBe(true);
      }
      expect(await replica.photoCopies.of(`/image-host/i/${hash}.jpg`)).toEqual([
        { url: `/image-host/i/${hash}-160.webp`, width: 160, height: 107 },
        { url: `/image-host/i/${hash}-640.webp`, width: 640, height: 427 },
        { url: `/image-host/i/${hash}-1600.webp`, width: 900, height: 600 },
      ]);
    } finally {
      await replica.close();
    }
    // Kept with the sizes the table holds.
    const [original] = await database.db.query.imageFiles.findMany({
      columns: { name: true, mime: true, width: true, height: true },
      where: (file, { eq }) => eq(file.name, `${hash}.jpg`),
    });
    expect(original).toEqual({ name: `${hash}.jpg`, mime: 'image/jpeg', width: 900, height: 600 });
  });

  it('moves a damaged original as it is (it was served as it is)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-to-db-damaged-'));
    try {
      const name = `${'7'.repeat(64)}.png`;
      writeFileSync(join(folder, name), 'damaged on disk');
      const store = new DatabaseImageStore(database.db);
      expect(await moveImages(new FolderImageStore(folder), store)).toEqual({
        moved: 1,
        skipped: 0,
      });
      expect((await store.get(name))?.bytes.toString()).toBe('damaged on disk');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  /** Runs the script as `npm run images:to-db` does, in a process of its own. */
  const run = (env: Record<string, string>, args: string[] = []) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'images-to-db.ts'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, NODE_OPTIONS: '', ...env },
    });

  it('refuses clearly without DATABASE_URL', () => {
    const result = run({ DATABASE_URL: '' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('images:to-db needs DATABASE_URL');
    expect(result.stdout).toBe('');
  });

  it('refuses a folder that does not exist', () => {
    const result = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, [
      join(dataDir, 'no-such-folder'),
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no-such-folder is not a folder');
  });
});
