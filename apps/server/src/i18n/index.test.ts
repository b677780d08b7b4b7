import { describe, expect, it } from 'vitest';
import { readerLocale, translator } from './index.js';

describe('server translations', () => {
  it('writes a text in the reader language and falls back to British English for an unknown one', () => {
    expect(translator('de', 'common')('greeting', { name: 'Ada' })).toBe('Hallo Ada,');
    expect(translator('ar', 'common')('signOff', { brand: 'Studio' })).toBe('فريق Studio');
    expect(translator('fr' as never, 'common')('greeting', { name: 'Ada' })).toBe('Hello Ada,');
    expect(translator(null, 'common')('greeting', { name: 'Ada' })).toBe('Hello Ada,');
  });

  it("reads a person's own language first, then the agency's default", () => {
    expect(readerLocale('ar', 'de')).toBe('ar');
    expect(readerLocale(null, 'de')).toBe('de');
    expect(readerLocale('xx', 'en-GB')).toBe('en-GB');
  });
});
