// The board's limits and rules, without zod: the board and the dashboards read them without loading the validation
// library.
import type { ProjectStatus } from './project-status.js';

/** The columns every new board starts with; the last one means done. */
export const BOARD_DEFAULT_COLUMNS = ['Backlog', 'To do', 'In progress', 'Review', 'Done'] as const;

/** Open viewers ask for the board this often, so others' changes show within five seconds. */
export const BOARD_POLL_INTERVAL_MS = 4000;

export const CARD_TITLE_MAX = 200;
export const CARD_DESCRIPTION_MAX = 20_000;
export const CARD_LABELS_MAX = 20;
export const CARD_LABEL_MAX_LENGTH = 40;
export const CARD_ASSIGNEES_MAX = 20;
export const CARD_CHECKLIST_MAX = 100;
export const CARD_CHECKLIST_ITEM_MAX = 200;
export const CARD_COMMENT_MAX = 5000;
export const MAX_CARD_ATTACHMENTS = 10;
export const BOARD_COLUMN_NAME_MAX = 60;
export const BOARD_MAX_COLUMNS = 20;
export const WIP_LIMIT_MAX = 999;
/** A card due within this many days counts as due soon. */
export const CARD_DUE_SOON_DAYS = 3;

/** The project statuses whose board can be changed; a completed or cancelled project's board is read-only. */
export const BOARD_WRITABLE_STATUSES: readonly ProjectStatus[] = ['approved', 'in_progress'];
/** The statuses whose board exists at all (a pending or rejected project has none yet). */
export const BOARD_READABLE_STATUSES: readonly ProjectStatus[] = ['approved', 'in_progress', 'completed', 'cancelled'];

export function isBoardWritable(status: ProjectStatus): boolean {
  return BOARD_WRITABLE_STATUSES.includes(status);
}

export function isBoardReadable(status: ProjectStatus): boolean {
  return BOARD_READABLE_STATUSES.includes(status);
}

/** Whether a column holds as many cards as its WIP limit allows (none: never full). */
export function isAtWipLimit(count: number, wipLimit: number | null): boolean {
  return wipLimit !== null && count >= wipLimit;
}

/** What the 409 of a move or create into a full column says. */
export function wipLimitMessage(columnName: string, wipLimit: number): string {
  return `"${columnName}" is at its WIP limit of ${wipLimit} ${wipLimit === 1 ? 'card' : 'cards'}; finish or move a card out first`;
}

/** The due state of an open card on a given day (`today` is YYYY-MM-DD in the reader's zone). */
export function dueState(dueDate: string | null, isDone: boolean, today: string): 'none' | 'done' | 'overdue' | 'soon' | 'later' {
  if (!dueDate) return 'none';
  if (isDone) return 'done';
  if (dueDate < today) return 'overdue';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + CARD_DUE_SOON_DAYS);
  return dueDate <= soon.toISOString().slice(0, 10) ? 'soon' : 'later';
}
