import { describe, expect, it } from 'vitest';
import { cardPhoto, DEFAULT_ACTIVITY_IMAGE, detailPhoto, type PhotoFields, photoFallback } from './photos';

const all: PhotoFields = {
  photoSource: 'custom',
  customPhotoUrl: 'https://cdn.test/custom.jpg',
  googlePhotos: ['https://g.test/1.jpg', 'https://g.test/2.jpg'],
  image: 'https://unsplash.test/img.jpg',
};

describe('cardPhoto / detailPhoto', () => {
  it('uses the custom photo when the source is custom and it is set', () => {
    expect(cardPhoto(all)).toBe('https://cdn.test/custom.jpg');
    expect(detailPhoto(all)).toBe('https://cdn.test/custom.jpg');
  });

  it('otherwise uses the first Google photo', () => {
    expect(cardPhoto({ ...all, photoSource: 'google' })).toBe('https://g.test/1.jpg');
    expect(cardPhoto({ ...all, photoSource: 'original' })).toBe('https://g.test/1.jpg');
    expect(cardPhoto({ ...all, photoSource: 'custom', customPhotoUrl: '' })).toBe('https://g.test/1.jpg');
    expect(detailPhoto({ ...all, photoSource: null })).toBe('https://g.test/1.jpg');
  });

  it('then the custom photo even when the source is not custom', () => {
    expect(cardPhoto({ ...all, photoSource: 'original', googlePhotos: [] })).toBe('https://cdn.test/custom.jpg');
    expect(cardPhoto({ ...all, photoSource: 'google', googlePhotos: null })).toBe('https://cdn.test/custom.jpg');
  });

  it('then the image', () => {
    expect(cardPhoto({ ...all, googlePhotos: [], customPhotoUrl: null })).toBe('https://unsplash.test/img.jpg');
    expect(cardPhoto({ ...all, googlePhotos: [''], customPhotoUrl: '  ' })).toBe('https://unsplash.test/img.jpg');
  });

  it('falls back to the default image when nothing is set', () => {
    const none: PhotoFields = { photoSource: 'original', customPhotoUrl: null, googlePhotos: [], image: '' };
    expect(cardPhoto(none)).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(DEFAULT_ACTIVITY_IMAGE).toBe('/images/default-activity.svg');
  });
});

describe('photoFallback', () => {
  it('uses the custom photo if any, else the default image', () => {
    expect(photoFallback(all, '/x.png')).toBe('https://cdn.test/custom.jpg');
    expect(photoFallback({ customPhotoUrl: null }, '/x.png')).toBe('/x.png');
    expect(photoFallback({ customPhotoUrl: '' })).toBe(DEFAULT_ACTIVITY_IMAGE);
  });
});
