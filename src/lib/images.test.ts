import { responsiveImage } from './images';

const hash = 'a'.repeat(64);

describe('responsive images', () => {
  it('uses the host’s 640 or 160 px WebP copy of an upload, declaring no width it cannot know', () => {
    expect(responsiveImage(`/image-host/i/${hash}.png`, 640)).toEqual({
      src: `/image-host/i/${hash}-640.webp`,
    });
    expect(responsiveImage(`http://localhost:8080/image-host/i/${hash}.jpg`, 160)).toEqual({
      src: `http://localhost:8080/image-host/i/${hash}-160.webp`,
    });
  });

  it('leaves other pictures as they are', () => {
    expect(responsiveImage('/images/cars/car-01.svg', 640)).toEqual({
      src: '/images/cars/car-01.svg',
    });
    expect(responsiveImage('https://i.ibb.co/abc/car.png', 640)).toEqual({
      src: 'https://i.ibb.co/abc/car.png',
    });
  });
});
