import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { animatedGif, withGifComment, withJpegComment } from '../../test/image-fixtures';
import { openTestDatabase } from '../../test/helper';
import { DatabaseImageStore } from '../images/database-image-store';
import { FolderImageStore } from '../images/image-files';
import { cleanImages } from './clean-image-metadata';

describe('cleaning the metadata of stored originals', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cardealer-clean-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const cleanImageFolder = (path: string) => cleanImages(new FolderImageStore(path));

  const stored = (letter: string, ext: string) => join(folder, `${letter.repeat(64)}.${ext}`);

  it('removes GPS and author from the originals, in place, and leaves clean ones alone', async () => {
    // Taken sideways (orientation 6): 30×10 as stored, 10×30 upright.
    const tagged = await sharp({
      create: { width: 30, height: 10, channels: 3, background: '#333' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Sam Seller' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const clean = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    writeFileSync(stored('a', 'jpg'), tagged);
    writeFileSync(stored('b', 'png'), clean);
    writeFileSync(join(folder, `${'a'.repeat(64)}-640.webp`), 'not an original');

    expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 1, unreadable: [] });
    const after = readFileSync(stored('a', 'jpg'));
    const meta = await sharp(after).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([10, 30]);
    expect(after.toString('latin1')).not.toContain('Sam Seller');
    expect(readFileSync(stored('b', 'png')).equals(clean)).toBe(true);
    // Again: nothing left to clean.
    expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 0, unreadable: [] });
  });

  it('removes the comments sharp does not report: a GIF’s (keeping its frames) and a JPEG’s', async () => {
    const gif = withGifComment(await animatedGif(['#f00', '#0f0', '#00f']), 'home: 51.5N 0.1W');
    const jpeg = withJpegComment(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      'Sam Seller, 12 Elm St',
    );
    writeFileSync(stored('c', 'gif'), gif);
    writeFileSync(stored('d', 'jpg'), jpeg);

    expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 2, unreadable: [] });
    const cleanGif = readFileSync(stored('c', 'gif'));
    expect(cleanGif.toString('latin1')).not.toContain('51.5N');
    expect((await sharp(cleanGif, { animated: true }).metadata()).pages).toBe(3);
    expect(readFileSync(stored('d', 'jpg')).toString('latin1')).not.toContain('Sam Seller');
    expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 0, unreadable: [] });
  });

  it('names an original that is no longer a picture, leaves it, and cleans the others', async () => {
    writeFileSync(stored('e', 'png'), 'damaged on disk');
    const tagged = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Sam Seller' } })
      .toBuffer();
    writeFileSync(stored('f', 'jpg'), tagged);
    expect(await cleanImageFolder(folder)).toEqual({
      checked: 2,
      cleaned: 1,
      unreadable: [`${'e'.repeat(64)}.png`],
    });
    expect(readFileSync(stored('e', 'png'), 'latin1')).toBe('damaged on disk');
  });

  it('cleans the originals kept in the database the same way, and leaves their copies', async () => {
    const database = await openTestDatabase();
    try {
      const store = new DatabaseImageStore(database.db);
      const tagged = await sharp({
        create: { width: 30, height: 10, channels: 3, background: '#333' },
      })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Sam Seller' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const name = `${'a'.repeat(64)}.jpg`;
      const copy = `${'a'.repeat(64)}-160.webp`;
      await store.put(name, tagged, { mime: 'image/jpeg', width: 30, height: 10 });
      await store.put(copy, Buffer.from('a copy'), { mime: 'image/webp', width: 1, height: 1 });

      expect(await cleanImages(store)).toEqual({ checked: 1, cleaned: 1, unreadable: [] });
      const after = await store.get(name);
      expect(after?.mime).toBe('image/jpeg');
      const meta = await sharp(after!.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([10, 30]);
      expect(after!.bytes.toString('latin1')).not.toContain('Sam Seller');
      expect((await store.get(copy))?.bytes.toString()).toBe('a copy');
      expect(await cleanImages(store)).toEqual({ checked: 1, cleaned: 0, unreadable: [] });
    } finally {
      await database.close();
    }
  });
});
