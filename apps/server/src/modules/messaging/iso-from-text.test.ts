import { describe, expect, it } from 'vitest';
import { isoFromUtcText } from './service.js';

describe('isoFromUtcText', () => {
  it('writes PostgreSQL’s UTC timestamp text as toISOString writes the same instant', () => {
    for (const text of [
      '2026-11-26 05:36:00.123456',
      '2026-11-26 05:36:00.999999',
      '2026-11-26 05:36:00.1',
      '2026-11-26 05:36:00.12',
      '2026-11-26 05:36:00',
      '1999-12-31 23:59:59.000001',
    ]) {
      expect(isoFromUtcText(text)).toBe(new Date(`${text.replace(' ', 'T')}Z`).toISOString());
    }
  });

  it('leaves any other form to Date', () => {
    expect(isoFromUtcText('2026-11-26 5:36:00')).toBe('2026-11-26T05:36:00.000Z');
  });
});
