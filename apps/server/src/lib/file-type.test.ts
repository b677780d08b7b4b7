import { describe, expect, it } from 'vitest';
import { GENERIC_BINARY, isInlineImage, sniffMime } from './file-type.js';

describe('sniffMime', () => {
  it('recognises images and PDFs by their first bytes, whatever the name says', () => {
    expect(sniffMime(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffMime(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMime(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffMime(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffMime(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
  });

  it('keeps markup as plain text and unknown bytes as the generic binary type', () => {
    expect(sniffMime(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('text/plain');
    expect(sniffMime(Buffer.from('<!doctype html><html>'))).toBe('text/plain');
    expect(sniffMime(Buffer.from([0, 1, 2, 3, 250]))).toBe(GENERIC_BINARY);
    expect(sniffMime(Buffer.alloc(0))).toBe(GENERIC_BINARY);
  });
});

describe('isInlineImage', () => {
  it('shows only raster images inline, never SVG or HTML', () => {
    expect(isInlineImage('image/png')).toBe(true);
    expect(isInlineImage('image/jpeg')).toBe(true);
    expect(isInlineImage('image/svg+xml')).toBe(false);
    expect(isInlineImage('text/html')).toBe(false);
    expect(isInlineImage('application/pdf')).toBe(false);
  });
});
