import { EDITABLE_TIME_STATUSES, isoWeekOf, localDay, shiftDay, weekMonday, type TimeEntry } from '@agency/schema';

/** One row of the week grid: time on a project, or on one of its cards. */
export type GridRow = { key: string; projectId: string; projectTitle: string; cardId: string | null; cardTitle: string | null };

export const rowKey = (projectId: string, cardId: string | null) => `${projectId}:${cardId ?? ''}`;

/** The rows a week's entries make, in the order first met (projects, then their cards), plus rows added by hand. */
export function gridRows(entries: readonly TimeEntry[], added: readonly GridRow[]): GridRow[] {
  const rows = new Map<string, GridRow>();
  for (const entry of entries) {
    const key = rowKey(entry.project_id, entry.card_id);
    if (!rows.has(key)) {
      rows.set(key, { key, projectId: entry.project_id, projectTitle: entry.project_title, cardId: entry.card_id, cardTitle: entry.card_title });
    }
  }
  for (const row of added) if (!rows.has(row.key)) rows.set(row.key, row);
  return [...rows.values()].sort((a, b) => a.projectTitle.localeCompare(b.projectTitle) || (a.cardTitle ?? '').localeCompare(b.cardTitle ?? ''));
}

/** The entries of one cell: a row's time on one day, oldest first. */
export function cellEntries(entries: readonly TimeEntry[], row: GridRow, date: string): TimeEntry[] {
  return entries
    .filter((e) => e.date === date && rowKey(e.project_id, e.card_id) === row.key)
    .sort((a, b) => a.started_at.localeCompare(b.started_at));
}

export const sumMinutes = (entries: readonly { minutes: number }[]) => entries.reduce((total, e) => total + e.minutes, 0);

export type CellChange = { kind: 'create'; minutes: number } | { kind: 'patch'; id: string; minutes: number } | { kind: 'delete'; id: string };

/**
 * The calls that make a cell hold `target` minutes. A single entry is changed in place; otherwise time is added as a
 * new entry (the server places it after the day's others, so it never overlaps) and taken away by deleting the
 * newest entries, topping up what a deletion took too much. Locked entries are never touched: null when the cell
 * cannot reach the target without them.
 */
export function planCellChange(entries: readonly TimeEntry[], target: number): CellChange[] | null {
  const locked = entries.filter((e) => !EDITABLE_TIME_STATUSES.includes(e.status));
  const open = entries.filter((e) => EDITABLE_TIME_STATUSES.includes(e.status));
  const fixed = sumMinutes(locked);
  const current = fixed + sumMinutes(open);
  if (target === current) return [];
  if (target < fixed) return null;
  if (open.length === 1 && target > fixed) return [{ kind: 'patch', id: open[0].id, minutes: target - fixed }];
  if (target > current) return [{ kind: 'create', minutes: target - current }];
  const changes: CellChange[] = [];
  let remaining = current;
  for (const entry of [...open].reverse()) {
    if (remaining <= target) break;
    changes.push({ kind: 'delete', id: entry.id });
    remaining -= entry.minutes;
  }
  if (remaining < target) changes.push({ kind: 'create', minutes: target - remaining });
  return changes;
}

/** The week a day is in, and the weeks either side. */
export const weekOf = isoWeekOf;
export function shiftWeek(week: string, weeks: number): string {
  const monday = weekMonday(week);
  return monday ? isoWeekOf(shiftDay(monday, weeks * 7)) : week;
}

/**
 * Today as a calendar day in the agency's time zone, where the server counts days and weeks (a day ahead of the
 * agency's is in the future there); where the browser is until the zone is known.
 */
export function today(timeZone?: string, now = new Date()): string {
  if (timeZone) return localDay(now, timeZone);
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Whether a week's entries may still change: not yet submitted, or sent back. */
export const isWeekOpen = (status: string) => status === 'draft' || status === 'rejected';
