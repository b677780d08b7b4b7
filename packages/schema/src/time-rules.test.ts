import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from './money.js';
import {
  chargeForMinutes,
  describeDuration,
  formatDuration,
  hoursQuantity,
  isoWeekOf,
  isTimeZone,
  localDay,
  localMinuteOfDay,
  monthOf,
  parseDuration,
  spansOverlap,
  weekDays,
  weekDueForReminder,
  weekMonday,
  zonedMoment,
} from './time-rules.js';

describe('parseDuration', () => {
  it.each([
    ['1:30', 90],
    ['0:45', 45],
    ['12:00', 720],
    ['1.5', 90],
    ['1,5', 90],
    ['0.25', 15],
    ['2', 120],
    ['90m', 90],
    ['90 min', 90],
    ['2h', 120],
    ['1h 30m', 90],
    ['1h30m', 90],
    ['1.5h', 90],
    [' 1:30 ', 90],
    ['0.01', 1],
    ['0:00', 0],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', ' ', 'abc', '1:60', '-1', '-1:30', '1.2.3', 'h', 'm', '1:30:00', '1e3', '٣'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it('rounds decimal hours to the nearest minute, half up', () => {
    // 0.0083 h = 29.88 s -> 0 min; 0.0084 h = 30.24 s -> 1 min; 1/3 h typed as 0.3333 -> 20 min.
    expect(parseDuration('0.0083')).toBe(0);
    expect(parseDuration('0.0084')).toBe(1);
    expect(parseDuration('0.3333')).toBe(20);
  });

  it('writes durations back the way they are typed and read', () => {
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(1440)).toBe('24:00');
    expect(describeDuration(90)).toBe('1h 30m');
    expect(describeDuration(45)).toBe('45m');
    expect(describeDuration(480)).toBe('8h');
    for (const minutes of [1, 59, 60, 61, 754, 1440]) expect(parseDuration(formatDuration(minutes))).toBe(minutes);
  });
});

describe('spansOverlap', () => {
  const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00Z`);

  it('finds spans that share a moment', () => {
    expect(spansOverlap(at('09:00'), 60, at('09:30'), 60)).toBe(true);
    expect(spansOverlap(at('09:30'), 60, at('09:00'), 60)).toBe(true);
    expect(spansOverlap(at('09:00'), 240, at('10:00'), 30)).toBe(true);
    expect(spansOverlap(at('10:00'), 30, at('09:00'), 240)).toBe(true);
    expect(spansOverlap(at('09:00'), 60, at('09:00'), 60)).toBe(true);
  });

  it('lets spans touch end to start', () => {
    expect(spansOverlap(at('09:00'), 60, at('10:00'), 60)).toBe(false);
    expect(spansOverlap(at('10:00'), 60, at('09:00'), 60)).toBe(false);
    expect(spansOverlap(at('09:00'), 30, at('12:00'), 30)).toBe(false);
  });
});

describe('money from minutes x rate', () => {
  it('rounds once, half up, to the minor unit of each currency', () => {
    // GBP, 2 decimals: 20 min at £75.00/h = £25.00; 7 min at £80.00/h = £9.333... -> £9.33; 1 min at £0.90/h = 1.5p -> 2p.
    expect(chargeForMinutes(20, 7500)).toBe(2500);
    expect(chargeForMinutes(7, 8000)).toBe(933);
    expect(chargeForMinutes(1, 90)).toBe(2);
    // JPY, no decimals: 50 min at ¥9,999/h = 8332.5 -> ¥8,333.
    expect(chargeForMinutes(50, 9999)).toBe(8333);
    // KWD, 3 decimals: 20 min at KWD 12.345/h = 4.115 KWD.
    expect(chargeForMinutes(20, 12345)).toBe(4115);
    expect(chargeForMinutes(0, 12345)).toBe(0);
  });

  it('keeps large figures exact', () => {
    expect(chargeForMinutes(1440, 100_000_000_000)).toBe(2_400_000_000_000);
  });

  it('turns minutes into hours with two decimals, half up', () => {
    expect(hoursQuantity(90)).toBe(1.5);
    expect(hoursQuantity(20)).toBe(0.33);
    expect(hoursQuantity(40)).toBe(0.67);
    expect(hoursQuantity(1)).toBe(0.02);
    expect(hoursQuantity(3)).toBe(0.05);
    expect(hoursQuantity(1440)).toBe(24);
  });

  it('bills hours at a rate through the invoice totals, per currency', () => {
    const line = (minutes: number, rate: number) => ({ description: 'Time', quantity: hoursQuantity(minutes), unit_price: rate, tax_rate: 0 });
    // 90 min at £80/h: 1.5 h x 8000 = 12000.
    expect(computeInvoiceTotals([line(90, 8000)]).total).toBe(12000);
    // 20 min at ¥9,999/h: 0.33 h x 9999 = 3299.67 -> ¥3,300.
    expect(computeInvoiceTotals([line(20, 9999)]).total).toBe(3300);
    // 40 min at KWD 12.345/h: 0.67 h x 12345 = 8271.15 -> 8.271 KWD.
    expect(computeInvoiceTotals([line(40, 12345)]).total).toBe(8271);
  });
});

describe('days and weeks', () => {
  it('names ISO weeks, including those that cross a year', () => {
    expect(isoWeekOf('2026-11-24')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
  });

  it('finds the Monday of a week, and refuses weeks that do not exist', () => {
    expect(weekMonday('2026-W48')).toBe('2026-11-23');
    expect(weekMonday('2025-W01')).toBe('2024-12-30');
    expect(weekMonday('2020-W53')).toBe('2020-12-28');
    expect(weekMonday('2026-W53')).toBe('2026-12-28');
    expect(weekMonday('2025-W53')).toBeNull();
    expect(weekMonday('2026-W00')).toBeNull();
    expect(weekMonday('2026-W54')).toBeNull();
    expect(weekMonday('2026-48')).toBeNull();
    expect(weekDays('2026-W48')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('reads days and times in the agency time zone, across daylight saving', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST) and still 30 June in UTC.
    const lateJune = new Date('2026-06-30T23:30:00Z');
    expect(localDay(lateJune, 'Europe/London')).toBe('2026-07-01');
    expect(localDay(lateJune, 'UTC')).toBe('2026-06-30');
    expect(localMinuteOfDay(lateJune, 'Europe/London')).toBe(30);
    expect(zonedMoment('2026-07-01', 9 * 60, 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedMoment('2026-12-01', 9 * 60, 'Europe/London').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedMoment('2026-12-01', 9 * 60, 'America/New_York').toISOString()).toBe('2026-12-01T14:00:00.000Z');
    // The day the clocks go forward in London (29 Mar 2026): 09:00 BST is 08:00 UTC.
    expect(zonedMoment('2026-03-29', 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(monthOf('2026-11-24')).toBe('2026-11-01');
  });

  it('reminds about last week from Monday noon, agency time', () => {
    const london = 'Europe/London';
    // Monday 30 Nov 2026, 11:59 in London: the reminder for W48 is not due yet, W47's is.
    expect(weekDueForReminder(new Date('2026-11-30T11:59:00Z'), london)).toBe('2026-W47');
    expect(weekDueForReminder(new Date('2026-11-30T12:00:00Z'), london)).toBe('2026-W48');
    expect(weekDueForReminder(new Date('2026-12-06T22:00:00Z'), london)).toBe('2026-W48');
    // In BST noon is 11:00 UTC.
    expect(weekDueForReminder(new Date('2026-06-01T10:59:00Z'), london)).toBe('2026-W21');
    expect(weekDueForReminder(new Date('2026-06-01T11:00:00Z'), london)).toBe('2026-W22');
    // Far east of London, Monday noon comes earlier in UTC.
    expect(weekDueForReminder(new Date('2026-11-30T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-W48');
  });
});
