import { describe, expect, it } from 'vitest';
import { base64Bytes, byteSize, checkImage, imageDataUrl, MAX_IMAGE_BYTES } from './message-images';

describe('which content goes to the model as an image', () => {
  it('takes PNG, JPEG, GIF and WebP within the limit, in a data URL', () => {
    const r = checkImage('image/PNG', 'iVBORw0K\nGgo=', 'logo');
    expect(r).toEqual({ ok: true, image: { mimeType: 'image/png', data: 'iVBORw0KGgo=', label: 'logo' }, bytes: 8 });
    if (r.ok) expect(imageDataUrl(r.image)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(checkImage('image/webp', 'AAAA', 'x').ok).toBe(true);
  });

  it('refuses, with a reason a person reads, what is not an image, an image type models do not read, too large, or not base64', () => {
    expect(checkImage('application/pdf', 'AAAA', 'x')).toMatchObject({
      ok: false,
      reason: 'not an image: only text and images reach the model',
    });
    expect(checkImage(undefined, 'AAAA', 'x')).toMatchObject({ ok: false });
    expect(checkImage('image/svg+xml', 'PHN2Zz4=', 'x')).toMatchObject({
      ok: false,
      reason: 'image/svg+xml is not an image type models read (PNG, JPEG, GIF or WebP)',
    });
    const over = 'A'.repeat(Math.ceil((MAX_IMAGE_BYTES + 1) / 3) * 4);
    expect(checkImage('image/png', over, 'x')).toMatchObject({
      ok: false,
      reason: 'over the 5 MB limit for an image',
      bytes: (over.length / 4) * 3,
    });
    expect(checkImage('image/png', 'A'.repeat((MAX_IMAGE_BYTES / 3 - ((MAX_IMAGE_BYTES / 3) % 1)) * 4), 'x').ok).toBe(
      true,
    );
    expect(checkImage('image/png', 'AA"><script>', 'x')).toMatchObject({
      ok: false,
      reason: 'the image data is not valid base64',
    });
  });

  it('measures decoded sizes', () => {
    expect(base64Bytes('AAAA')).toBe(3);
    expect(base64Bytes('AA==')).toBe(1);
    expect(byteSize(1536)).toBe('1.5 KB');
    expect(byteSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
