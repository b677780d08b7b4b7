import { describe, expect, it } from 'vitest';
import { prefixQuery } from './service.js';

describe('prefixQuery', () => {
  it('matches earlier words whole and the last as a prefix, lower-cased', () => {
    expect(prefixQuery('Harbour  WEB')).toBe("'harbour' & 'web':*");
  });

  it('keeps e-mail addresses and invoice numbers in one piece and drops tsquery syntax', () => {
    expect(prefixQuery('ann@example.com')).toBe("'ann@example.com':*");
    expect(prefixQuery('INV-2026-0001')).toBe("'inv-2026-0001':*");
    expect(prefixQuery(`it's (a) & b:* | !c <-> 'd'`)).toBe("'its' & 'a' & 'b' & 'c' & 'd':*");
  });

  it('is null when nothing searchable is left, and reads at most eight words', () => {
    expect(prefixQuery('& | ! -- ..')).toBeNull();
    expect(prefixQuery('a b c d e f g h i j')).toBe("'a' & 'b' & 'c' & 'd' & 'e' & 'f' & 'g' & 'h':*");
  });
});
