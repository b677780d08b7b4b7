import { describe, expect, it } from 'vitest';
import { findBadText } from './input-hygiene.js';

describe('findBadText', () => {
  it('passes clean input of every shape, bytes included', () => {
    expect(findBadText({ a: 'x', b: [1, 'y', { c: 'z' }], d: null, e: new Uint8Array([0]) })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
    expect(findBadText('plain')).toBeNull();
  });

  it('names where a NUL or a lone surrogate sits, in a value or in a key', () => {
    expect(findBadText('a\u0000b')).toBe('value');
    expect(findBadText({ a: 'ok', b: { c: ['fine', 'bad\ud800'] } })).toBe('b.c.1');
    expect(findBadText({ a: { ['k\u0000']: 1 } })).toBe('a.(key)');
    expect(findBadText({ first: 'ok', second: 'x\u0000' }, ['body'])).toBe('body.second');
  });
});
