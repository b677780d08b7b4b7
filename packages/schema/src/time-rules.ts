// Time tracking's rules and constants without zod, shared by the server and the web app's week grid: durations as
// people type them, ISO weeks in the agency's time zone, overlap, and money from minutes x an hourly rate.
import { divideHalfUp, QUANTITY_SCALE } from './money.js';

export const TIME_ENTRY_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'billed'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];
/** A week's status: what its entries say (billed entries are approved ones that went onto an invoice). */
export const TIMESHEET_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** Expenses go through the same steps as time: entered, submitted, approved by staff (or rejected), billed. */
export const EXPENSE_STATUSES = TIME_ENTRY_STATUSES;
export type ExpenseStatus = TimeEntryStatus;

export const TIME_STATUS_LABELS: Record<TimeEntryStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  billed: 'Billed',
};

/** Entries that may still be changed by the person who made them: not yet submitted, or sent back. */
export const EDITABLE_TIME_STATUSES: readonly TimeEntryStatus[] = ['draft', 'rejected'];

export const EXPENSE_CATEGORIES = ['travel', 'accommodation', 'meals', 'software', 'equipment', 'subcontractor', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  travel: 'Travel',
  accommodation: 'Accommodation',
  meals: 'Meals',
  software: 'Software',
  equipment: 'Equipment',
  subcontractor: 'Subcontractor',
  other: 'Other',
};

/** A day has 24 hours: no single entry, and no person's day, may hold more. */
export const MINUTES_PER_DAY = 24 * 60;
/** The agency's time zone when AGENCY_TIME_ZONE is not set: days, weeks and the reminder deadline are read in it. */
export const AGENCY_TIME_ZONE_DEFAULT = 'Europe/London';
/** A week not submitted by this time on the Monday after it (agency time) gets one reminder. */
export const TIMESHEET_REMINDER_WEEKDAY_TIME = { hour: 12, minute: 0 } as const;
/** Budget used (cost and expenses against the budget) at which the lead and staff are told, once per threshold. */
export const BUDGET_WARNING_PERCENTS = [80, 100] as const;
export type BudgetWarningPercent = (typeof BUDGET_WARNING_PERCENTS)[number];
/** Where a day's entries typed as durations only (the week grid) are placed: from 09:00, one after another. */
export const DAY_START_MINUTES = 9 * 60;

// --- Durations ----------------------------------------------------------------------------------------------

const CLOCK = /^(\d{1,3}):([0-5]?\d)$/;
const DECIMAL_HOURS = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;
const UNITS = /^(?:(\d{1,3}(?:[.,]\d{1,4})?)\s*h)?\s*(?:(\d{1,5})\s*m(?:in)?)?$/i;

/**
 * Minutes from what a person types: `1:30` (hours and minutes), `1.5` or `1,5` (hours), `90m`, `2h`, `1h 30m`.
 * Decimal hours are rounded to the nearest minute. Null when the text is not a duration; zero is returned as 0
 * (the caller says that a duration must be more than nothing).
 */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  const clock = CLOCK.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const decimal = DECIMAL_HOURS.exec(value);
  if (decimal) return hoursToMinutes(decimal[1], decimal[2] ?? '');
  const units = UNITS.exec(value);
  if (units && (units[1] !== undefined || units[2] !== undefined)) {
    const [whole, fraction = ''] = (units[1] ?? '0').split(/[.,]/);
    return hoursToMinutes(whole, fraction) + Number(units[2] ?? 0);
  }
  return null;
}

function hoursToMinutes(whole: string, fraction: string): number {
  const scale = 10n ** BigInt(fraction.length);
  const hours = BigInt(whole) * scale + BigInt(fraction || '0');
  return Number(divideHalfUp(hours * 60n, scale));
}

/** Minutes as the week grid shows them: `1:30`, `0:05`, `12:00`. */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.trunc(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes as people read them in messages: `1h 30m`, `45m`, `8h`. */
export function describeDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

// --- Overlap ------------------------------------------------------------------------------------------------

/** Two spans of time `[start, start + minutes)` share a moment; touching ends (10:00-11:00, 11:00-12:00) do not. */
export function spansOverlap(aStart: Date, aMinutes: number, bStart: Date, bMinutes: number): boolean {
  const aEnd = aStart.getTime() + aMinutes * 60_000;
  const bEnd = bStart.getTime() + bMinutes * 60_000;
  return aStart.getTime() < bEnd && bStart.getTime() < aEnd;
}

// --- Money from time ----------------------------------------------------------------------------------------

/**
 * What `minutes` cost or earn at an hourly rate (minor units per hour), rounded half-up to the minor unit once:
 * 20 minutes at 12,345 fils an hour is 4,115 fils. The same rule as every line of an invoice (`divideHalfUp`).
 */
export function chargeForMinutes(minutes: number, hourlyRate: number): number {
  return Number(divideHalfUp(BigInt(minutes) * BigInt(hourlyRate), 60n));
}

/**
 * Minutes as an invoice line's quantity of hours, to the two decimals a quantity keeps (`QUANTITY_SCALE`), rounded
 * half-up: 90 minutes are 1.5 hours, 20 minutes 0.33. The line's amount is then quantity x rate, as on any line.
 */
export function hoursQuantity(minutes: number): number {
  return Number(divideHalfUp(BigInt(minutes) * BigInt(QUANTITY_SCALE), 60n)) / QUANTITY_SCALE;
}

// --- Days and weeks in a time zone --------------------------------------------------------------------------

const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = ZONE_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    ZONE_FORMATS.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone (`Europe/London`, `America/New_York`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) a moment falls on in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Minutes since that day's midnight, in a time zone. */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return w.hour * 60 + w.minute;
}

function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The moment a wall-clock time of a day has in a time zone: `zonedMoment('2026-03-30', 540, 'Europe/London')` is
 * 08:00 UTC (09:00 BST). A time the clocks skip is read as the same number of minutes after the skip.
 */
export function zonedMoment(day: string, minuteOfDay: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minuteOfDay * 60_000;
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

const DAY_MS = 86_400_000;

/** A calendar day moved by whole days. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday 0 ... Sunday 6 of a calendar day. */
function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** The ISO 8601 week (`2026-W48`) of a calendar day: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeekOf(day: string): string {
  const thursday = shiftDay(day, 3 - weekdayOf(day));
  const year = Number(thursday.slice(0, 4));
  const week = 1 + Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / (7 * DAY_MS));
  return `${year}-W${pad(week)}`;
}

/** The Monday of an ISO week, or null when the text is not a week that exists (`2026-W53` does not). */
export function weekMonday(week: string): string | null {
  const match = ISO_WEEK.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || number > 53) return null;
  const jan4 = `${pad(year, 4)}-01-04`;
  const monday = shiftDay(shiftDay(jan4, -weekdayOf(jan4)), (number - 1) * 7);
  return isoWeekOf(monday) === week ? monday : null;
}

/** The seven days of an ISO week, Monday first (the week must exist: see `weekMonday`). */
export function weekDays(week: string): string[] {
  const monday = weekMonday(week);
  if (!monday) throw new RangeError(`Not an ISO week: ${week}`);
  return Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
}

/**
 * The week whose reminder is due at `now`: the week before the latest Monday at the reminder time (agency time)
 * that has passed. From Monday noon to the next Monday noon, that is last week.
 */
export function weekDueForReminder(now: Date, timeZone: string): string {
  const today = localDay(now, timeZone);
  let monday = shiftDay(today, -weekdayOf(today));
  const deadline = zonedMoment(monday, TIMESHEET_REMINDER_WEEKDAY_TIME.hour * 60 + TIMESHEET_REMINDER_WEEKDAY_TIME.minute, timeZone);
  if (now.getTime() < deadline.getTime()) monday = shiftDay(monday, -7);
  return isoWeekOf(shiftDay(monday, -7));
}

/** The first day of the month a calendar day is in (`2026-11-24` -> `2026-11-01`). */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
