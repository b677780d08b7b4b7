import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { decodeSignatureImage } from './signature-image.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function messageOf(dataUrl: string) {
  try {
    await decodeSignatureImage(dataUrl);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).message;
  }
}

describe('drawn signatures', () => {
  it('accepts a real PNG and returns its bytes', async () => {
    const bytes = await decodeSignatureImage(PNG);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses other types, bad base64, a fake PNG, a broken PNG and anything over 200 KB', async () => {
    expect(await messageOf('data:image/jpeg;base64,/9j/4AAQ')).toMatch(/must be a PNG/);
    expect(await messageOf('data:image/png;base64,***')).toMatch(/not valid base64/);
    expect(await messageOf(`data:image/png;base64,${Buffer.from('GIF89a not a png at all, really not').toString('base64')}`)).toMatch(
      /must be a PNG/,
    );
    const broken = Buffer.from(PNG.split(',')[1], 'base64').subarray(0, 40);
    expect(await messageOf(`data:image/png;base64,${broken.toString('base64')}`)).toMatch(/not a readable PNG/);
    const huge = Buffer.concat([Buffer.from(PNG.split(',')[1], 'base64'), Buffer.alloc(200 * 1024)]);
    expect(await messageOf(`data:image/png;base64,${huge.toString('base64')}`)).toMatch(/at most 200 KB/);
  });
});
