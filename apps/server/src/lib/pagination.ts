import { AppError } from '../core/errors.js';

/** Keyset pagination over a descending numeric id: the cursor is the last id seen, opaque to clients. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const value = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('BAD_REQUEST', 'cursor: invalid cursor');
  return value;
}

export function encodeCursor(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** Rows were fetched with limit + 1: trims the extra row and says where the next page starts. */
export function toPage<T extends { id: number }, R>(rows: T[], limit: number, present: (row: T) => R) {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  return {
    items: pageRows.map(present),
    next_cursor: hasMore ? encodeCursor(pageRows[pageRows.length - 1].id) : null,
  };
}
