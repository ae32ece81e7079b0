import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cleanImageFolder } from './clean-image-metadata';

describe('cleaning the metadata of stored originals', () => {
  it('removes GPS and author from the originals, in place, and leaves clean ones alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-clean-'));
    try {
      const tagged = await sharp({
        create: { width: 30, height: 10, channels: 3, background: '#333' },
      })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Sam Seller' }, IFD3: { GPSLatitudeRef: 'N' } })
        .toBuffer();
      const clean = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#999' },
      })
        .png()
        .toBuffer();
      const taggedName = `${'a'.repeat(64)}.jpg`;
      const cleanName = `${'b'.repeat(64)}.png`;
      writeFileSync(join(folder, taggedName), tagged);
      writeFileSync(join(folder, cleanName), clean);
      writeFileSync(join(folder, `${'a'.repeat(64)}-640.webp`), 'not an original');

      expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 1 });
      const after = readFileSync(join(folder, taggedName));
      expect((await sharp(after).metadata()).exif).toBeUndefined();
      expect(after.toString('latin1')).not.toContain('Sam Seller');
      expect(readFileSync(join(folder, cleanName)).equals(clean)).toBe(true);
      // Again: nothing left to clean.
      expect(await cleanImageFolder(folder)).toEqual({ checked: 2, cleaned: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
