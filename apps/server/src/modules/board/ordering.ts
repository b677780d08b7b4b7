import { isAtWipLimit, wipLimitMessage } from '@agency/schema';
import { generateKeyBetween } from 'fractional-indexing';
import { AppError } from '../../core/errors.js';

/**
 * Order keys (the `fractional-indexing` package): a card's place in its column is a string that sorts between its
 * neighbours' keys, so a move writes one row instead of renumbering the column. Keys compare by their bytes; the
 * database column uses the C collation for the same order.
 */
export type Placed = { id: number; position: string };

/** Where an item goes among its siblings: right after one, right before one, or (neither) at the end. */
export type Placement = { afterId?: number; beforeId?: number };

/** Byte order, as the C collation sorts: what the keys are made for. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The key for `movingId` (null for a new item) placed among `siblings` (any order; the moving item itself is
 * ignored). `afterId` wins when both neighbours are named, so a stale view still lands next to the card the person
 * dropped it on. A neighbour that is not among the siblings means the caller's view is out of date: 409.
 */
export function keyForPlacement(siblings: readonly Placed[], movingId: number | null, placement: Placement): string {
  const others = siblings.filter((s) => s.id !== movingId).sort((a, b) => compareKeys(a.position, b.position));
  if (movingId !== null && (placement.afterId === movingId || placement.beforeId === movingId)) {
    throw new AppError('BAD_REQUEST', 'An item cannot be placed next to itself');
  }
  let lower: string | null;
  let upper: string | null;
  if (placement.afterId !== undefined) {
    const at = others.findIndex((s) => s.id === placement.afterId);
    if (at < 0) throw staleNeighbour();
    lower = others[at].position;
    upper = others[at + 1]?.position ?? null;
  } else if (placement.beforeId !== undefined) {
    const at = others.findIndex((s) => s.id === placement.beforeId);
    if (at < 0) throw staleNeighbour();
    lower = others[at - 1]?.position ?? null;
    upper = others[at].position;
  } else {
    lower = others.at(-1)?.position ?? null;
    upper = null;
  }
  return generateKeyBetween(lower, upper);
}

/** `count` keys for a fresh list, in order (the default columns of a new board). */
export function initialKeys(count: number): string[] {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(generateKeyBetween(keys.at(-1) ?? null, null));
  return keys;
}

function staleNeighbour() {
  return new AppError('STALE_STATE', 'The board changed meanwhile: the card you placed it next to has moved. Reload and try again');
}

/**
 * The WIP rule: a card may come into a column (created there or moved in from another) only while the column holds
 * fewer cards than its limit. Reordering inside a column never changes its count, so it is always allowed.
 */
export function assertRoomInColumn(column: { name: string; wipLimit: number | null }, cardsInColumn: number, isAlreadyInColumn: boolean): void {
  if (isAlreadyInColumn || column.wipLimit === null) return;
  if (isAtWipLimit(cardsInColumn, column.wipLimit)) throw new AppError('WIP_LIMIT', wipLimitMessage(column.name, column.wipLimit));
}

/** The column that means done: the last one in order. */
export function doneColumnId(columns: readonly Placed[]): number | null {
  let last: Placed | null = null;
  for (const c of columns) if (!last || compareKeys(c.position, last.position) > 0) last = c;
  return last?.id ?? null;
}
