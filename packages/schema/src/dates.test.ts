import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeUtc,
  formatDayMonth,
  formatFullDateTime,
  formatLongDay,
  formatMonth,
  formatRelativeTime,
  formatTimestampUtc,
  formatWeekday,
} from './dates.js';

const UTC = { timeZone: 'UTC' };
const at = new Date('2026-09-27T08:21:05Z');

describe('one date format', () => {
  it('writes a day with the year: "27 Sep 2026"', () => {
    expect(formatDate(at, UTC)).toBe('27 Sep 2026');
    expect(formatDate('2026-11-05T23:59:00Z', UTC)).toBe('05 Nov 2026');
  });

  it('writes SPEC’s day, short month, hour and minute for recent moments: "27 Sep, 08:21"', () => {
    expect(formatDateTime(at, UTC)).toBe('27 Sep, 08:21');
    expect(formatDateTime(at.getTime(), UTC)).toBe('27 Sep, 08:21');
  });

  it('adds the year for records and moments ahead: "27 Sep 2026, 08:21"', () => {
    expect(formatFullDateTime(at, UTC)).toBe('27 Sep 2026, 08:21');
  });

  it('on the server says the zone: "27 Sep 2026, 08:21 UTC", and to the second in sealed documents', () => {
    expect(formatDateTimeUtc(at)).toBe('27 Sep 2026, 08:21 UTC');
    expect(formatTimestampUtc(at)).toBe('27 Sep 2026, 08:21:05 UTC');
  });

  it('reads a moment in the zone it is given, and in the reader’s own zone without one', () => {
    expect(formatFullDateTime(at, { timeZone: 'Asia/Tokyo' })).toBe('27 Sep 2026, 17:21');
    expect(formatFullDateTime(at, { timeZone: 'America/Los_Angeles' })).toBe('27 Sep 2026, 01:21');
    expect(formatFullDateTime(at)).toBe(formatFullDateTime(at, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  });

  it('keeps a calendar day (a due date, a deadline) the same day in every zone', () => {
    for (const timeZone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(formatDate('2026-03-01', { timeZone })).toBe('01 Mar 2026');
    }
  });

  it('writes September "Sep", like every other short month', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate(new Date(Date.UTC(2026, i, 15)), UTC).slice(3, -5));
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(formatMonth('2026-09')).toBe('Sep 26');
    expect(formatDateTime('2026-09-01T10:00:00Z', UTC)).toBe('01 Sep, 10:00');
  });

  it('writes a calendar month for a chart axis, and anything else as it came', () => {
    expect(formatMonth('2025-03')).toBe('Mar 25');
    expect(formatMonth('March')).toBe('March');
  });

  it("writes a week grid's calendar days, the same day in every zone, September as Sep", () => {
    expect(formatWeekday('2026-11-23')).toBe('Mon');
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
    expect(formatDayMonth('2026-09-07')).toBe('07 Sep');
    expect(formatLongDay('2026-11-29')).toBe('Sunday 29 November');
  });

  it('shows nothing for no value and an unparseable one as it came', () => {
    for (const format of [formatDate, formatDateTime, formatFullDateTime, formatDateTimeUtc, formatTimestampUtc]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format('not a date')).toBe('not a date');
    }
    expect(formatRelativeTime(null, at)).toBe('');
    expect(formatRelativeTime('soon', at)).toBe('soon');
  });

  it('writes a moment from now in the largest whole unit, a wait rounded up and the past rounded down', () => {
    const from = (seconds: number) => formatRelativeTime(new Date(at.getTime() + seconds * 1000), at);
    expect(from(0)).toBe('now');
    expect(from(45)).toBe('in 45 seconds');
    expect(from(61)).toBe('in 2 minutes');
    expect(from(-90)).toBe('1 minute ago');
    expect(from(-3 * 3600)).toBe('3 hours ago');
    expect(from(-30 * 3600)).toBe('yesterday');
    expect(from(3 * 86400)).toBe('in 3 days');
    expect(from(-30 * 86400)).toBe('4 weeks ago');
  });
});

/**
 * Every date the product shows goes through this module: a formatting call anywhere else in the source (the web
 * app, the server's e-mails and notifications, the PDFs) fails here, naming the file and the line.
 */
describe('no other date formatting in the tree', () => {
  const root = path.resolve(__dirname, '../../..');
  const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/schema/src'];
  const FORBIDDEN = [
    /\btoLocale(?:Date|Time)?String\(/,
    /\btoUTCString\(/,
    /\btoDateString\(/,
    /\bnew Intl\.DateTimeFormat\(/,
    /\bIntl\.RelativeTimeFormat\(/,
    /from 'date-fns'/,
  ];
  /** Files allowed to format dates themselves, and why. */
  const ALLOWED: Record<string, string> = {
    'packages/schema/src/dates.ts': 'the formatter itself',
    // The date picker writes its field's value as yyyy-MM-dd for the API: an input, not a date shown.
    'apps/web/src/components/date-input.tsx': 'an input value, not a display',
    // Reads the wall clock of the agency's time zone to tell the day and ISO week of a moment: arithmetic, not a display.
    'packages/schema/src/time-rules.ts': 'the day and week of a moment in a time zone, not a display',
  };
  function sourceFiles(dir: string): string[] {
    return fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(dir, file));
  }

  it('finds none outside packages/schema/src/dates.ts', () => {
    const stray: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      if (ALLOWED[file]) continue;
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!FORBIDDEN.some((pattern) => pattern.test(line))) return;
          stray.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(stray).toEqual([]);
  });
});
