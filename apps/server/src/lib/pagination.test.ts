import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage } from './pagination.js';

describe('cursor pagination', () => {
  it('round-trips a cursor and refuses garbage with 400', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(() => decodeCursor('not-a-cursor')).toThrowError(expect.objectContaining({ status: 400 }));
  });

  it('trims the extra row and points the next page after the last item', () => {
    const rows = [{ id: 9 }, { id: 8 }, { id: 7 }];
    const page = toPage(rows, 2, (r) => r.id);
    expect(page.items).toEqual([9, 8]);
    expect(decodeCursor(page.next_cursor!)).toBe(8);
    expect(toPage(rows, 3, (r) => r.id).next_cursor).toBeNull();
  });
});
