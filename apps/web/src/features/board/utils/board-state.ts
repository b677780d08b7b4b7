import { dueState, isAtWipLimit, type Board, type BoardCard } from '@agency/schema';

// The board as the screen holds it while people drag: card ids per column, in order. Pure functions, so that a
// move can be shown at once and rolled back exactly.

/** Card ids per column id, in order. */
export type ColumnItems = Record<string, string[]>;

/** Droppable ids of columns carry a prefix: card and column ids come from different sequences and may be equal. */
export const COLUMN_PREFIX = 'column:';
export const columnDropId = (columnId: string) => `${COLUMN_PREFIX}${columnId}`;
const columnIdOf = (dropId: string) => (dropId.startsWith(COLUMN_PREFIX) ? dropId.slice(COLUMN_PREFIX.length) : null);
/** A column's tab (a phone shows one column at a time): dropping a card on it moves the card to that column's end. */
export const TAB_PREFIX = 'tab:';
export const tabDropId = (columnId: string) => `${TAB_PREFIX}${columnId}`;
export const isTabDropId = (id: string) => id.startsWith(TAB_PREFIX);

export function itemsFromBoard(board: Board): ColumnItems {
  return Object.fromEntries(board.columns.map((c) => [c.id, c.cards.map((card) => card.id)]));
}

/** The column a card is in, or the column a column drop id names. */
export function columnOf(items: ColumnItems, id: string): string | null {
  const column = columnIdOf(id);
  if (column !== null) return column in items ? column : null;
  return Object.keys(items).find((c) => items[c].includes(id)) ?? null;
}

/**
 * `activeId` moved over `overId` (a card or a column): the items with the card taken out of its column and put at
 * the place of the card it is over (or at the end of the column it is over). The same items when nothing changes.
 */
export function moveOver(items: ColumnItems, activeId: string, overId: string): ColumnItems {
  const from = columnOf(items, activeId);
  const to = columnOf(items, overId);
  if (!from || !to) return items;
  const target = items[to].filter((id) => id !== activeId);
  const overIndex = columnIdOf(overId) !== null ? -1 : items[to].indexOf(overId);
  if (from === to) {
    if (overIndex < 0 || overId === activeId) return items;
    const oldIndex = items[from].indexOf(activeId);
    if (oldIndex === overIndex) return items;
    target.splice(overIndex, 0, activeId);
    return { ...items, [to]: target };
  }
  target.splice(overIndex < 0 ? target.length : overIndex, 0, activeId);
  return { ...items, [from]: items[from].filter((id) => id !== activeId), [to]: target };
}

/** Where a card sits now, as the API's move asks for it: its column and the cards right before and after it. */
export function placementOf(items: ColumnItems, cardId: string): { column_id: string; after_card_id?: string; before_card_id?: string } | null {
  const column = columnOf(items, cardId);
  if (!column) return null;
  const list = items[column];
  const index = list.indexOf(cardId);
  const after = list[index - 1];
  const before = list[index + 1];
  return { column_id: column, ...(after ? { after_card_id: after } : {}), ...(before ? { before_card_id: before } : {}) };
}

/** The column a drop target stands for: the column of a card, a column, or a column's tab; null for anything else. */
export function targetColumnOf(items: ColumnItems, overId: string): string | null {
  if (isTabDropId(overId)) {
    const column = overId.slice(TAB_PREFIX.length);
    return column in items ? column : null;
  }
  return columnOf(items, overId);
}

/**
 * Whether a card may not be dropped in a column, as the board stood when the drag began (`items`): its own column
 * always takes it back; another column only while it holds fewer cards than its WIP limit (the server's rule).
 */
export function isDropBlocked(items: ColumnItems, cardId: string, columnId: string, wipLimit: number | null): boolean {
  const from = columnOf(items, cardId);
  if (from === null || from === columnId || !(columnId in items)) return false;
  return isAtWipLimit(items[columnId].length, wipLimit);
}

/** Whether two snapshots put every card in the same column at the same place. */
export function isSamePlacement(a: ColumnItems, b: ColumnItems, cardId: string): boolean {
  const pa = placementOf(a, cardId);
  const pb = placementOf(b, cardId);
  return pa?.column_id === pb?.column_id && pa?.after_card_id === pb?.after_card_id;
}

/** A card moved to the end of another column (the phone's and the card dialog's "Move to"). */
export function moveToColumnEnd(items: ColumnItems, cardId: string, columnId: string): ColumnItems {
  const from = columnOf(items, cardId);
  if (!from || !(columnId in items)) return items;
  return { ...items, [from]: items[from].filter((id) => id !== cardId), [columnId]: [...items[columnId].filter((id) => id !== cardId), cardId] };
}

export type DueFilter = 'all' | 'overdue' | 'soon' | 'none';
export type BoardFilters = { assignee: string; label: string; due: DueFilter };
export const NO_FILTERS: BoardFilters = { assignee: 'all', label: 'all', due: 'all' };
/** Assignee filter values besides a person's id. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_NONE = 'none';

export function isFiltering(filters: BoardFilters): boolean {
  return filters.assignee !== 'all' || filters.label !== 'all' || filters.due !== 'all';
}

/** Whether a card passes the filters; `today` is the reader's local date (YYYY-MM-DD). */
export function matchesFilters(card: BoardCard, filters: BoardFilters, me: string, today: string): boolean {
  if (filters.assignee === ASSIGNEE_NONE && card.assignee_ids.length > 0) return false;
  if (filters.assignee === ASSIGNEE_ME && !card.assignee_ids.includes(me)) return false;
  if (![`all`, ASSIGNEE_ME, ASSIGNEE_NONE].includes(filters.assignee) && !card.assignee_ids.includes(filters.assignee)) return false;
  if (filters.label !== 'all' && !card.labels.includes(filters.label)) return false;
  if (filters.due !== 'all') {
    const state = dueState(card.due_date, card.done, today);
    if (filters.due === 'none' && state !== 'none') return false;
    if (filters.due === 'overdue' && state !== 'overdue') return false;
    if (filters.due === 'soon' && state !== 'soon' && state !== 'overdue') return false;
  }
  return true;
}

/** Every label on the board, sorted, for the label filter. */
export function boardLabels(board: Board): string[] {
  return [...new Set(board.columns.flatMap((c) => c.cards.flatMap((card) => card.labels)))].sort((a, b) => a.localeCompare(b));
}

/** The reader's local date as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
