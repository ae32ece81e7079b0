import { fullScreenImage, responsiveImage } from './images';

const base = '/image-host/i/' + 'a'.repeat(64);
const copy = (
  width: number,
  height: number,
  name = width > 640 ? 1600 : width >= 640 ? 640 : 160,
) => ({
  url: `${base}-${name}.webp`,
  width,
  height,
});

describe('responsive images', () => {
  it('declares each copy at its true width, narrowest first, and picks the one that fills the slot', () => {
    const copies = [copy(640, 400), copy(160, 100)];
    expect(responsiveImage(`${base}.png`, copies, { width: 640, sizes: '400px' })).toEqual({
      src: `${base}-640.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w`,
      sizes: '400px',
    });
    expect(responsiveImage(`${base}.png`, copies, { width: 64 })).toEqual({
      src: `${base}-160.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w`,
      sizes: '64px',
    });
  });

  it('leaves out a copy no narrower than another: a 56 px photo has one copy and no srcset', () => {
    const copies = [copy(56, 12, 160), copy(56, 12, 640)];
    expect(responsiveImage(`${base}.png`, copies, { width: 640 })).toEqual({
      src: `${base}-160.webp`,
    });
  });

  it('uses the widest copy when none fills the slot (a 300 px photo in a 640 px slot)', () => {
    const copies = [copy(160, 107), copy(300, 200, 640)];
    expect(responsiveImage(`${base}.png`, copies, { width: 640 })).toEqual({
      src: `${base}-640.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 300w`,
      sizes: '640px',
    });
  });

  it('shows a picture without copies as it is (demo pictures, other hosts, older answers)', () => {
    for (const url of ['/images/cars/car-01.svg', 'https://i.ibb.co/abc/car.png', `${base}.png`]) {
      expect(responsiveImage(url, undefined, { width: 640 })).toEqual({ src: url });
      expect(responsiveImage(url, [], { width: 160 })).toEqual({ src: url });
    }
  });

  it('leaves the full-screen copy out of a slot unless it asks for it', () => {
    const copies = [copy(160, 100), copy(640, 400), copy(1600, 1000)];
    // A card on a phone: 100vw at three device pixels per CSS pixel still gets 640 px at most.
    expect(responsiveImage(`${base}.png`, copies, { width: 640, sizes: '100vw' })).toEqual({
      src: `${base}-640.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w`,
      sizes: '100vw',
    });
    expect(
      responsiveImage(`${base}.png`, copies, { width: 960, sizes: '100vw', largest: Infinity }),
    ).toEqual({
      src: `${base}-1600.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w, ${base}-1600.webp 1600w`,
      sizes: '100vw',
    });
  });
});

describe('a photo full screen', () => {
  it('takes the large copy among all of them', () => {
    const copies = [copy(160, 100), copy(640, 400), copy(1000, 625)];
    expect(fullScreenImage(`${base}.png`, copies)).toEqual({
      src: `${base}-1600.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 640w, ${base}-1600.webp 1000w`,
      sizes: '100vw',
    });
  });

  it('takes the card copy of a photo narrower than 640 px (the photo at its own size)', () => {
    const copies = [copy(160, 107), copy(300, 200, 640)];
    expect(fullScreenImage(`${base}.png`, copies)).toEqual({
      src: `${base}-640.webp`,
      srcSet: `${base}-160.webp 160w, ${base}-640.webp 300w`,
      sizes: '100vw',
    });
  });

  it('shows the original without a large copy (older uploads, other hosts)', () => {
    const copies = [copy(160, 100), copy(640, 400)];
    expect(fullScreenImage(`${base}.png`, copies)).toEqual({ src: `${base}.png` });
    expect(fullScreenImage('https://i.ibb.co/abc/car.png', undefined)).toEqual({
      src: 'https://i.ibb.co/abc/car.png',
    });
    expect(fullScreenImage(`${base}.png`, [])).toEqual({ src: `${base}.png` });
  });
});
