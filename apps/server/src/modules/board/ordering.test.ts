import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { assertRoomInColumn, compareKeys, doneColumnId, initialKeys, keyForPlacement, type Placed } from './ordering.js';

/** The ids of `items` in key order. */
const order = (items: readonly Placed[]) => [...items].sort((a, b) => compareKeys(a.position, b.position)).map((i) => i.id);

function column(...ids: number[]): Placed[] {
  return initialKeys(ids.length).map((position, i) => ({ id: ids[i], position }));
}

function move(items: Placed[], id: number, placement: { afterId?: number; beforeId?: number }): Placed[] {
  const position = keyForPlacement(items, id, placement);
  return [...items.filter((i) => i.id !== id), { id, position }];
}

describe('order keys', () => {
  it('starts a list with increasing keys', () => {
    const keys = initialKeys(5);
    expect([...keys].sort(compareKeys)).toEqual(keys);
    expect(new Set(keys).size).toBe(5);
  });

  it('puts a card after, before, or at the end, changing no other key', () => {
    const items = column(1, 2, 3, 4);
    const before = new Map(items.map((i) => [i.id, i.position]));
    const afterFirst = move(items, 4, { afterId: 1 });
    expect(order(afterFirst)).toEqual([1, 4, 2, 3]);
    expect(order(move(items, 1, { beforeId: 4 }))).toEqual([2, 3, 1, 4]);
    expect(order(move(items, 2, {}))).toEqual([1, 3, 4, 2]);
    expect(order(move(items, 3, { beforeId: 1 }))).toEqual([3, 1, 2, 4]);
    for (const item of afterFirst.filter((i) => i.id !== 4)) expect(item.position).toBe(before.get(item.id));
  });

  it('prefers the card it goes after when both neighbours are named', () => {
    expect(order(move(column(1, 2, 3, 4), 4, { afterId: 1, beforeId: 3 }))).toEqual([1, 4, 2, 3]);
  });

  it('places a new card into an empty column and at either end', () => {
    expect(keyForPlacement([], null, {})).toBe(generateKeyBetween(null, null));
    const items = column(1, 2);
    expect(compareKeys(keyForPlacement(items, null, { beforeId: 1 }), items[0].position)).toBeLessThan(0);
    expect(compareKeys(keyForPlacement(items, null, {}), items[1].position)).toBeGreaterThan(0);
  });

  it('keeps every key unique and the order total over many moves into the same gap', () => {
    let items = column(1, 2, 3);
    for (let id = 4; id < 200; id++) items = [...items, { id, position: keyForPlacement(items, null, { afterId: 1 }) }];
    for (let i = 0; i < 500; i++) {
      const id = 1 + ((i * 37) % 199);
      const neighbour = 1 + ((i * 53) % 199);
      if (neighbour === id) continue;
      items = move(items, id, i % 2 ? { afterId: neighbour } : { beforeId: neighbour });
    }
    expect(items).toHaveLength(199);
    expect(new Set(items.map((i) => i.position)).size).toBe(199);
    expect(new Set(order(items)).size).toBe(199);
  });

  it('answers 409 when the neighbour is no longer in the column, and 400 for a card placed next to itself', () => {
    const items = column(1, 2);
    expect(() => keyForPlacement(items, 1, { afterId: 9 })).toThrow(expect.objectContaining({ status: 409, code: 'STALE_STATE' }));
    expect(() => keyForPlacement(items, 1, { beforeId: 9 })).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => keyForPlacement(items, 1, { afterId: 1 })).toThrow(expect.objectContaining({ status: 400, code: 'BAD_REQUEST' }));
  });

  it('sorts keys by their bytes, not by a locale (upper case before lower case)', () => {
    expect(compareKeys('aZ', 'a0')).toBeGreaterThan(0);
    expect(compareKeys('Zz', 'a0')).toBeLessThan(0);
    expect(['a0', 'Zz', 'a1'].sort(compareKeys)).toEqual(['Zz', 'a0', 'a1']);
  });
});

describe('WIP limits', () => {
  const inProgress = { name: 'In progress', wipLimit: 3 };

  it('lets a card in while the column is under its limit', () => {
    expect(() => assertRoomInColumn(inProgress, 2, false)).not.toThrow();
  });

  it('refuses a card coming in at the limit with 409 WIP_LIMIT naming the column and the limit', () => {
    expect(() => assertRoomInColumn(inProgress, 3, false)).toThrow(
      expect.objectContaining({ status: 409, code: 'WIP_LIMIT', message: expect.stringContaining('"In progress" is at its WIP limit of 3 cards') }),
    );
    expect(() => assertRoomInColumn({ name: 'Review', wipLimit: 1 }, 4, false)).toThrow(/WIP limit of 1 card;/);
  });

  it('always allows reordering inside a full column, and a column without a limit never fills', () => {
    expect(() => assertRoomInColumn(inProgress, 3, true)).not.toThrow();
    expect(() => assertRoomInColumn({ name: 'Backlog', wipLimit: null }, 10_000, false)).not.toThrow();
  });
});

describe('done column', () => {
  it('is the last column in order, wherever it sits in the list', () => {
    const [a, b, c] = initialKeys(3);
    expect(
      doneColumnId([
        { id: 7, position: c },
        { id: 5, position: a },
        { id: 6, position: b },
      ]),
    ).toBe(7);
    expect(doneColumnId([])).toBeNull();
  });
});
