import { gunzipSync } from 'node:zlib';
import { SitemapBusy, SitemapFiles } from './sitemap-cache';

/** A build the test ends when it likes, and whether it has started. */
function pending(xml: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const build = {
    started: false,
    finish,
    run: async () => {
      build.started = true;
      await done;
      return xml;
    },
  };
  return build;
}

/** The sitemap's built files: one build at a time, shared, kept, a line of bounded length. */
describe("the sitemap's built files", () => {
  it('builds one file at a time, in the order asked, and shares a build', async () => {
    const files = new SitemapFiles(8, 8, 60_000);
    const one = pending('<one/>');
    const two = pending('<two/>');
    const first = files.get('one', one.run);
    const again = files.get('one', () => Promise.reject(new Error('built twice')));
    const second = files.get('two', two.run);
    await new Promise((resolve) => setImmediate(resolve));
    expect([one.started, two.started]).toEqual([true, false]);
    one.finish();
    const built = await first;
    expect(await again).toBe(built);
    expect(gunzipSync(built!.gzipped).toString()).toBe('<one/>');
    expect(two.started).toBe(true);
    two.finish();
    expect(gunzipSync((await second)!.gzipped).toString()).toBe('<two/>');
    expect(files.builds).toBe(2);
    // Kept until cleared.
    expect(await files.get('one', () => Promise.reject(new Error('built twice')))).toBe(built);
    files.clear();
    expect((await files.get('one', async () => '<one/>'))!.etag).toBe(built!.etag);
    expect(files.builds).toBe(3);
  });

  it('refuses a build beyond the line, and keeps no failed build', async () => {
    const files = new SitemapFiles(8, 3, 60_000);
    const slow = pending('<slow/>');
    const running = files.get('a', slow.run);
    const waiting = [files.get('b', async () => '<b/>'), files.get('c', async () => null)];
    expect(() => files.get('d', async () => '<d/>')).toThrow(SitemapBusy);
    slow.finish();
    await running;
    expect(await waiting[1]).toBeNull();
    await expect(files.get('e', () => Promise.reject(new Error('no database')))).rejects.toThrow(
      'no database',
    );
    expect(gunzipSync((await files.get('e', async () => '<e/>'))!.gzipped).toString()).toBe('<e/>');
  });
});
