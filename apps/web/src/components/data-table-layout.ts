/** What the responsive table needs to know about a column to decide whether it fits. */
export type ColumnFit = {
  id: string;
  /** 1 is essential and never hidden; the higher the number, the earlier the column hides. */
  priority: number;
  /** The narrowest the column reads well at, padding included, in px. */
  minWidth: number;
  /** The column holds a part of what another cell of the row adds up (a module of an overall percentage): never hidden. */
  isPartOfTotal?: boolean;
};

/**
 * A table with the columns that fit, a table wider than its container that scrolls sideways (none of the columns
 * left may hide), or a card per row.
 */
export type TableLayout = { mode: 'table'; hiddenIds: ReadonlySet<string> } | { mode: 'scroll'; hiddenIds: ReadonlySet<string> } | { mode: 'cards' };

/** What a table does when the columns that may not hide are wider than its container: cards, or sideways scrolling. */
export type TableOverflow = 'cards' | 'scroll';

/** A column without a declared width: a short value with its cell padding. */
export const DEFAULT_COLUMN_MIN_WIDTH = 120;

/**
 * How rows are shown in a container this wide: as a table with the columns that fit, or as cards. Columns hide
 * from the highest priority number down (the rightmost first among equals) until the rest fit; essential columns
 * (priority 1) and those that hold a part of the row's total never hide. When even those do not fit, or the
 * container is narrower than `cardsBelowPx`, every row becomes a card; with `overflow: 'scroll'` the table keeps
 * them all and scrolls sideways instead (above `cardsBelowPx`). An unknown width (not measured yet, or not laid
 * out) shows the whole table.
 *
 * `squeeze` hides that many more columns, in the same order, after the plan: the table measured wider than its
 * container (a cell's content wider than its column's declared minimum); past the last column that may hide, the
 * rows become cards (or the table scrolls).
 */
export function planTableLayout(
  columns: readonly ColumnFit[],
  width: number | null,
  cardsBelowPx: number,
  squeeze = 0,
  overflow: TableOverflow = 'cards',
): TableLayout {
  if (width === null) return { mode: 'table', hiddenIds: new Set() };
  if (width < cardsBelowPx) return { mode: 'cards' };
  const hideOrder = columns
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority > 1 && !column.isPartOfTotal)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const hiddenIds = new Set<string>();
  let total = columns.reduce((sum, column) => sum + column.minWidth, 0);
  for (const column of hideOrder) {
    if (total <= width) break;
    hiddenIds.add(column.id);
    total -= column.minWidth;
  }
  const tooWide: TableLayout =
    overflow === 'scroll' ? { mode: 'scroll', hiddenIds: new Set(hideOrder.map((column) => column.id)) } : { mode: 'cards' };
  if (total > width) return tooWide;
  const stillShown = hideOrder.filter((column) => !hiddenIds.has(column.id));
  if (squeeze > stillShown.length) return tooWide;
  for (const column of stillShown.slice(0, squeeze)) hiddenIds.add(column.id);
  return { mode: 'table', hiddenIds };
}
