import { responsiveImage } from './images';

const base = '/image-host/i/' + 'a'.repeat(64);
const copy = (width: number, height: number, name = width >= 640 ? 640 : 160) => ({
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
});
