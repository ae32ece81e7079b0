import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { server } from '../../testing/server';
import { imageHostApi } from './imageHost';

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
});
