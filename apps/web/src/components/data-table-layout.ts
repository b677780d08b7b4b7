/** What the responsive table needs to know about a column to decide whether it fits. */
export type ColumnFit = {
  id: string;
  /** 1 is essential and never hidden; the higher the number, the earlier the column hides. */
  priority: number;
  /** The narrowest the column reads well at, padding included, in px. */
  minWidth: number;
};

export type TableLayout = { mode: 'table'; hiddenIds: ReadonlySet<string> } | { mode: 'cards' };

/** A column without a declared width: a short value with its cell padding. */
export const DEFAULT_COLUMN_MIN_WIDTH = 120;

/**
 * How rows are shown in a container this wide: as a table with the columns that fit, or as cards. Columns hide
 * from the highest priority number down (the rightmost first among equals) until the rest fit; when even the
 * essential ones do not fit, or the container is narrower than `cardsBelowPx`, every row becomes a card.
 * An unknown width (not measured yet, or not laid out) shows the whole table.
 *
 * `squeeze` hides that many more columns, in the same order, after the plan: the table measured wider than its
 * container (a cell's content wider than its column's declared minimum); past the last column that may hide, the
 * rows become cards.
 */
export function planTableLayout(columns: readonly ColumnFit[], width: number | null, cardsBelowPx: number, squeeze = 0): TableLayout {
  if (width === null) return { mode: 'table', hiddenIds: new Set() };
  if (width < cardsBelowPx) return { mode: 'cards' };
  const hideOrder = columns
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const hiddenIds = new Set<string>();
  let total = columns.reduce((sum, column) => sum + column.minWidth, 0);
  for (const column of hideOrder) {
    if (total <= width) break;
    hiddenIds.add(column.id);
    total -= column.minWidth;
  }
  if (total > width) return { mode: 'cards' };
  const stillShown = hideOrder.filter((column) => !hiddenIds.has(column.id));
  if (squeeze > stillShown.length) return { mode: 'cards' };
  for (const column of stillShown.slice(0, squeeze)) hiddenIds.add(column.id);
  return { mode: 'table', hiddenIds };
}
