import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { server } from '../../testing/server';
import { storeAccessToken } from './accessToken';
import { imageHostApi } from './imageHost';
import type { upload as UploadFn } from './imageUpload';

const UPLOAD = 'http://localhost/image-host/1/upload';
const base = '/image-host/i/' + 'a'.repeat(64);
const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'car.png', { type: 'image/png' });

/** An imgbb-shaped copy, as the host answers it. */
const described = (name: string, width: number, height: number) => ({
  filename: `${name}.webp`,
  name,
  mime: 'image/webp',
  extension: 'webp',
  url: `/image-host/i/${name}.webp`,
  width,
  height,
  size: 120,
});

async function upload() {
  const store = makeStore();
  return store.dispatch(imageHostApi.endpoints.uploadImage.initiate({ image: photo() }));
}

describe('the image host upload', () => {
  it('keeps the copies the answer lists, with their true widths, narrowest first', async () => {
    server.use(
      http.post(UPLOAD, () =>
        HttpResponse.json({
          success: true,
          status: 200,
          data: {
            display_url: `${base}.png`,
            width: 56,
            height: 12,
            // A 56 px upload: its "640 px" copy is 56 px wide.
            medium: described(`${'a'.repeat(64)}-640`, 56, 12),
            thumb: described(`${'a'.repeat(64)}-160`, 56, 12),
          },
        }),
      ),
    );
    const answer = await upload();
    expect(answer.data).toEqual({
      displayUrl: `${base}.png`,
      copies: [
        { url: `${base}-160.webp`, width: 56, height: 12 },
        { url: `${base}-640.webp`, width: 56, height: 12 },
      ],
    });
  });

  it('lists no copy a host gives no width for (imgbb)', async () => {
    server.use(
      http.post(UPLOAD, () =>
        HttpResponse.json({
          success: true,
          data: {
            display_url: 'https://i.ibb.co/abc/car.png',
            thumb: { filename: 'car.png', url: 'https://i.ibb.co/xyz/car.png' },
          },
        }),
      ),
    );
    expect((await upload()).data).toEqual({
      displayUrl: 'https://i.ibb.co/abc/car.png',
      copies: [],
    });
  });

  describe('who uploads', () => {
    /** A token shaped as the API signs them (its signature is the server's business). */
    const accessToken = (secondsLeft: number) => {
      const payload = {
        email: 'sam@example.com',
        exp: Math.floor(Date.now() / 1000) + secondsLeft,
      };
      return `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
    };
    const answering = (seen: (string | null)[], url = UPLOAD) =>
      http.post(url, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true, data: { display_url: `${base}.png` } });
      });
    afterEach(() => localStorage.clear());

    it('sends our access token to our own image host', async () => {
      const token = accessToken(3600);
      storeAccessToken(token);
      const seen: (string | null)[] = [];
      server.use(answering(seen));
      expect((await upload()).data).toMatchObject({ displayUrl: `${base}.png` });
      expect(seen).toEqual([`bearer ${token}`]);
    });

    it('never sends a token to an outside image host (imgbb)', async () => {
      storeAccessToken(accessToken(3600));
      const seen: (string | null)[] = [];
      const outside = 'https://api.imgbb.com/1/upload';
      server.use(answering(seen, outside));
      process.env.IMAGE_HOST_URL = outside;
      let outsideUpload: typeof UploadFn | undefined;
      try {
        // The configuration is read when the module loads: a copy loaded with imgbb's.
        await jest.isolateModulesAsync(async () => {
          ({ upload: outsideUpload } = await import('./imageUpload'));
        });
      } finally {
        delete process.env.IMAGE_HOST_URL;
      }
      await outsideUpload!({ image: photo() }, new AbortController().signal);
      expect(seen).toEqual([null]);
    });
  });
});
