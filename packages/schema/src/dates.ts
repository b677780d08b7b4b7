// The one way the product writes a date or a time for people: the web app, e-mails, notifications and the PDFs
// (SPEC section 9: en-GB, day, short month, hour, minute). No zod here: the light public pages import it.
import { DATE_FORMAT_OPTIONS, DATE_LOCALE } from './constants.js';

/** A moment (ISO text, epoch milliseconds or a Date), or a calendar day as `YYYY-MM-DD`. */
export type DateInput = string | number | Date | null | undefined;

/**
 * Where a moment is read: the reader's own zone when left out (the web app), `'UTC'` on the server, which knows
 * no reader's zone and says so. A calendar day (`YYYY-MM-DD`: a due date, a deadline) is the same day everywhere.
 */
export type DateFormatOptions = { timeZone?: string; locale?: string };

let readerLocale: string = DATE_LOCALE;
/**
 * The language dates are written in when a call names none: the web app sets the reader's language here once it is
 * known; the server names the recipient's `locale` on each call. en-GB (SPEC) by default.
 */
export function setDateLocale(locale: string): void {
  readerLocale = locale;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, locale: string): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  return new Date(typeof value === 'string' && CALENDAR_DAY.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * Formats with en-GB's parts, writing September "Sep" like every other short month (en-GB's data has "Sept" since
 * ICU 72, which put "Sept 26" beside "Aug 26"). An unparseable value is shown as it came (SPEC section 2).
 */
function write(value: DateInput, options: Intl.DateTimeFormatOptions, zone: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  if (Number.isNaN(date.getTime())) return String(value);
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  const timeZone = calendarDay ? 'UTC' : zone.timeZone;
  return formatter({ ...options, ...(timeZone ? { timeZone } : {}) }, zone.locale ?? readerLocale)
    .formatToParts(date)
    .map((part) => (part.type === 'month' && part.value === 'Sept' ? 'Sep' : part.value))
    .join('');
}

const DATE = { day: '2-digit', month: 'short', year: 'numeric' } as const;
const FULL_DATE_TIME = { ...DATE, hour: '2-digit', minute: '2-digit' } as const;

/** A day: "05 Mar 2025". */
export function formatDate(value: DateInput, options?: DateFormatOptions): string {
  return write(value, DATE, options);
}

/** SPEC's date format, for what happened lately (messages, notifications): "05 Mar, 14:07". */
export function formatDateTime(value: DateInput, options?: DateFormatOptions): string {
  return write(value, DATE_FORMAT_OPTIONS, options);
}

/** SPEC's format with the year, for records kept for years and moments ahead: "05 Mar 2025, 14:07". */
export function formatFullDateTime(value: DateInput, options?: DateFormatOptions): string {
  return write(value, FULL_DATE_TIME, options);
}

/** The text of a moment in UTC, saying so; an empty or unparseable value as `write` shows it. */
function writeUtc(value: DateInput, options: Intl.DateTimeFormatOptions, locale?: string): string {
  const date = toDate(value);
  const text = write(value, options, { timeZone: 'UTC', locale });
  return date && !Number.isNaN(date.getTime()) ? `${text} UTC` : text;
}

/**
 * The legal variant, for signed documents and their audit trail: the same format to the second, always in UTC and
 * saying so, "05 Mar 2025, 14:07:09 UTC", because a sealed record is read by people in any zone.
 */
export function formatTimestampUtc(value: DateInput, locale?: string): string {
  return writeUtc(value, { ...FULL_DATE_TIME, second: '2-digit' }, locale);
}

/** A moment on the server (an e-mail, a notification), where no reader's zone is known: "05 Mar 2025, 14:07 UTC". */
export function formatDateTimeUtc(value: DateInput, locale?: string): string {
  return writeUtc(value, FULL_DATE_TIME, locale);
}

/** A calendar month as the API sends it ("2025-03"), for a chart's axis: "Mar 25". Anything else is shown as it came. */
export function formatMonth(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return write(`${month}-01T00:00:00Z`, { month: 'short', year: '2-digit' }, { timeZone: 'UTC' });
}

const relatives = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relatives.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relatives.set(locale, format);
  }
  return format;
}
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', Infinity],
];

/**
 * A moment from `now`, in the largest whole unit up to weeks: "in 45 seconds", "in 2 minutes", "3 hours ago",
 * "yesterday". A wait is rounded up (never "in 1 minute" for 61 seconds), a past moment down.
 */
export function formatRelativeTime(value: DateInput, now: Date, locale: string = readerLocale): string {
  const date = toDate(value);
  if (date === null) return '';
  if (Number.isNaN(date.getTime())) return String(value);
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    const whole = amount >= 0 ? Math.ceil(amount) : -Math.floor(-amount);
    if (Math.abs(whole) < size) return relativeFormat(locale).format(whole, unit);
    amount /= size;
  }
  return '';
}

/** A calendar day's weekday, as a week grid heads its columns: "Mon". */
export function formatWeekday(day: string): string {
  return write(day, { weekday: 'short' });
}

/** A calendar day without its year, for a week's columns and a chart's weeks: "24 Nov". */
export function formatDayMonth(day: string): string {
  return write(day, { day: '2-digit', month: 'short' });
}

/** A calendar day in words, for what a screen reader says of it: "Monday 24 November". */
export function formatLongDay(day: string): string {
  return write(day, { weekday: 'long', day: 'numeric', month: 'long' });
}
