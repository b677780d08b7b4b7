import { describe, expect, it } from 'vitest';
import {
  createRecurringInvoiceInput,
  monthlyFactor,
  nextOccurrence,
  normaliseSchedule,
  paymentPlanInput,
  periodEndOf,
  scheduleDate,
  scheduleProblem,
  stageAmounts,
  stageSumProblem,
  upcomingDates,
  type RecurringSchedule,
} from './recurring.js';
import { localDay } from './time-rules.js';

const schedule = (s: Partial<RecurringSchedule> & Pick<RecurringSchedule, 'frequency' | 'start_date'>): RecurringSchedule => normaliseSchedule(s);
const dates = (s: RecurringSchedule, n: number) => Array.from({ length: n }, (_, i) => scheduleDate(s, i));

describe('schedules across month ends', () => {
  it('clamps a month end to shorter months and goes back to the 31st after them', () => {
    expect(dates(schedule({ frequency: 'monthly', start_date: '2026-01-31' }), 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('lands on 29 February in a leap year and on the 28th otherwise', () => {
    expect(dates(schedule({ frequency: 'monthly', start_date: '2028-01-31' }), 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(dates(schedule({ frequency: 'yearly', start_date: '2028-02-29' }), 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('keeps a quarterly day 31 on the last day of short quarters-months and crosses the year', () => {
    expect(dates(schedule({ frequency: 'quarterly', start_date: '2026-08-31' }), 4)).toEqual([
      '2026-08-31',
      '2026-11-30',
      '2027-02-28',
      '2027-05-31',
    ]);
  });

  it('starts on the named day of the month: this month when it is still ahead, else the next', () => {
    expect(scheduleDate(schedule({ frequency: 'monthly', start_date: '2026-01-10', day: 15 }), 0)).toBe('2026-01-15');
    expect(scheduleDate(schedule({ frequency: 'monthly', start_date: '2026-01-20', day: 15 }), 0)).toBe('2026-02-15');
    expect(dates(schedule({ frequency: 'monthly', start_date: '2026-02-01', day: 31 }), 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('steps weeks on the named weekday, and every other month with an interval', () => {
    // 2026-11-25 is a Wednesday; day 1 is Monday.
    expect(dates(schedule({ frequency: 'weekly', start_date: '2026-11-25', day: 1 }), 3)).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(dates(schedule({ frequency: 'monthly', start_date: '2026-01-31', interval: 2 }), 3)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });
});

describe('ends, counts and the next date', () => {
  const monthly = schedule({ frequency: 'monthly', start_date: '2026-01-31', count: 3 });

  it('stops after count invoices and at the end date', () => {
    expect(upcomingDates(monthly, '2026-01-01', 10)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(upcomingDates({ ...monthly, count: null, end_date: '2026-03-30' }, '2026-01-01', 10)).toEqual(['2026-01-31', '2026-02-28']);
  });

  it('finds the next date on or after a day, after the last one raised, far ahead too', () => {
    expect(nextOccurrence(monthly, '2026-02-28')).toEqual({ index: 1, date: '2026-02-28' });
    expect(nextOccurrence(monthly, '2026-02-28', '2026-02-28')).toEqual({ index: 2, date: '2026-03-31' });
    expect(nextOccurrence(monthly, '2026-04-01')).toBeNull();
    const weekly = schedule({ frequency: 'weekly', start_date: '2026-01-05' });
    expect(nextOccurrence(weekly, '2036-01-01')?.date).toBe('2036-01-07');
    expect(nextOccurrence(schedule({ frequency: 'monthly', start_date: '2026-01-31' }), '2040-02-01')?.date).toBe('2040-02-29');
  });

  it('counts recurring revenue per month', () => {
    expect(monthlyFactor({ frequency: 'monthly', interval: 1 })).toBe(1);
    expect(monthlyFactor({ frequency: 'quarterly', interval: 1 })).toBeCloseTo(1 / 3);
    expect(monthlyFactor({ frequency: 'weekly', interval: 2 })).toBeCloseTo(26 / 12);
    expect(monthlyFactor({ frequency: 'yearly', interval: 1 })).toBeCloseTo(1 / 12);
  });
});

describe("the agency's time zone", () => {
  it('makes a period due when its day has begun there, not in UTC', () => {
    // 11:30 UTC on 31 January is already 1 February in Auckland, still 31 January in London and New York.
    const at = new Date('2026-01-31T11:30:00Z');
    const s = schedule({ frequency: 'monthly', start_date: '2026-02-01' });
    expect(nextOccurrence(s, localDay(at, 'Pacific/Auckland'))?.date).toBe('2026-02-01');
    expect(localDay(at, 'Pacific/Auckland') >= '2026-02-01').toBe(true);
    expect(localDay(at, 'Europe/London') >= '2026-02-01').toBe(false);
    expect(localDay(new Date('2026-02-01T03:00:00Z'), 'America/New_York')).toBe('2026-01-31');
  });
});

describe('the period an invoice covers', () => {
  it('ends the day before the next date, across month ends, leap years and weeks', () => {
    expect(periodEndOf(schedule({ frequency: 'monthly', start_date: '2026-01-31' }), '2026-01-31')).toBe('2026-02-27');
    expect(periodEndOf(schedule({ frequency: 'monthly', start_date: '2028-01-31' }), '2028-02-29')).toBe('2028-03-30');
    expect(periodEndOf(schedule({ frequency: 'monthly', start_date: '2026-03-01' }), '2026-03-01')).toBe('2026-03-31');
    expect(periodEndOf(schedule({ frequency: 'quarterly', start_date: '2026-01-01' }), '2026-04-01')).toBe('2026-06-30');
    expect(periodEndOf(schedule({ frequency: 'weekly', start_date: '2026-03-02', interval: 2 }), '2026-03-16')).toBe('2026-03-29');
    expect(periodEndOf(schedule({ frequency: 'yearly', start_date: '2028-02-29' }), '2028-02-29')).toBe('2029-02-27');
  });

  it('gives the last period of a counted schedule its full length', () => {
    expect(periodEndOf(schedule({ frequency: 'monthly', start_date: '2026-03-01', count: 1 }), '2026-03-01')).toBe('2026-03-31');
  });
});

describe('bad schedules', () => {
  const base = { project_id: '1', lines: [{ description: 'Retainer', quantity: 1, unit_price: 100_000 }], auto_send: true, auto_charge: false };

  it('refuses a zero interval with a clear message', () => {
    expect(scheduleProblem(schedule({ frequency: 'monthly', start_date: '2026-01-01', interval: 0 }))?.message).toMatch(/interval of at least 1/);
    const parsed = createRecurringInvoiceInput.safeParse({ ...base, schedule: { frequency: 'weekly', start_date: '2026-01-01', interval: 0 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['schedule', 'interval'], message: expect.stringMatching(/at least 1/) });
  });

  it('refuses an end before the start, a count of zero, a weekday past 7 and an unknown frequency', () => {
    const bad = (schedule: object) => createRecurringInvoiceInput.safeParse({ ...base, schedule }).error?.issues[0]?.message;
    expect(bad({ frequency: 'monthly', start_date: '2026-03-01', end_date: '2026-02-01' })).toBe('The end date cannot be before the start date');
    expect(bad({ frequency: 'monthly', start_date: '2026-03-01', count: 0 })).toBe('count must be at least 1');
    expect(bad({ frequency: 'weekly', start_date: '2026-03-01', day: 8 })).toMatch(/1 \(Monday\) to 7 \(Sunday\)/);
    expect(bad({ frequency: 'daily', start_date: '2026-03-01' })).toMatch(/frequency must be one of weekly, monthly, quarterly, yearly/);
    expect(bad({ frequency: 'monthly', start_date: '2026-03-31', day: 31, end_date: '2026-03-30' })).toMatch(/cannot be before the start/);
    expect(bad({ frequency: 'monthly', start_date: '2026-03-02', day: 1, end_date: '2026-03-31' })).toMatch(/no invoice date before its end date/);
  });

  it('asks for a client company when no project is named, and takes a company alone', () => {
    const { project_id: _project, ...noProject } = base;
    const schedule = { frequency: 'monthly', start_date: '2026-03-01' };
    expect(createRecurringInvoiceInput.safeParse({ ...noProject, schedule }).error?.issues[0]).toMatchObject({
      path: ['company_id'],
      message: 'Choose a client company',
    });
    expect(createRecurringInvoiceInput.safeParse({ ...noProject, company_id: '4', schedule }).success).toBe(true);
  });
});

describe('payment plan stages', () => {
  it('accepts percentages adding up to exactly 100 % and says by how much they miss otherwise', () => {
    expect(stageSumProblem([{ percent: 30 }, { percent: 40 }, { percent: 30 }], 1_000_000)).toBeNull();
    expect(stageSumProblem([{ percent: 30 }, { percent: 60 }], 1_000_000)).toBe('The stages add up to 90 % of the total; they must add up to 100 %');
    expect(stageSumProblem([{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }], 999)).toBeNull();
  });

  it('mixes fixed amounts with percentages of the accepted total', () => {
    expect(stageSumProblem([{ amount: 250_000 }, { percent: 75 }], 1_000_000)).toBeNull();
    expect(stageSumProblem([{ amount: 250_001 }, { percent: 75 }], 1_000_000)).toMatch(/add up to 100 % of the total/);
    expect(stageSumProblem([{ amount: 1_000 }], null)).toMatch(/no accepted proposal total and no budget/);
  });

  it('gives the rounding rest to the last percentage stage so the invoices sum to the total', () => {
    const amounts = stageAmounts([{ percent: 33.33 }, { percent: 33.33 }, { percent: 33.34 }], 1001, 'GBP');
    expect(amounts).toEqual([334, 334, 333]);
    expect(amounts.reduce((a, b) => a + b)).toBe(1001);
    expect(stageAmounts([{ amount: 400 }, { percent: 60 }], 1000, 'GBP')).toEqual([400, 600]);
    // Three-decimal currencies: card-payable shares (last digit 0), the rest on the last stage.
    expect(stageAmounts([{ percent: 50 }, { percent: 50 }], 12_340, 'KWD')).toEqual([6_170, 6_170]);
  });

  it('needs a percent or an amount, a date for a dated stage and a card for a card stage', () => {
    const issues = (stage: object) => paymentPlanInput.safeParse({ stages: [stage] }).error?.issues.map((i) => i.message);
    expect(issues({ label: 'Kick-off', release: 'manual' })).toEqual(['Give each stage a percent or an amount (not both)']);
    expect(issues({ label: 'Kick-off', percent: 50, amount: 100, release: 'manual' })).toEqual(['Give each stage a percent or an amount (not both)']);
    expect(issues({ label: 'Launch', percent: 100, release: 'date' })).toEqual(['A stage released on a date needs its due_date']);
    expect(issues({ label: 'Design', percent: 100, release: 'card' })).toEqual(['A stage released by a board card needs its card_id']);
    expect(issues({ label: 'All', percent: 100, release: 'manual' })).toBeUndefined();
  });
});

describe('recurring invoice input', () => {
  it('refuses a line that is itself wrong with its own message, without totalling it', () => {
    const result = createRecurringInvoiceInput.safeParse({
      project_id: '1',
      lines: [{ description: 'Hosting', quantity: 915, unit_price: -1e308, tax_rate: 69 }],
      schedule: { frequency: 'weekly', day: 1, start_date: '2030-01-07' },
    });
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('Unit price cannot be negative');
    expect(messages?.every((m) => m.startsWith('Unit price'))).toBe(true);
  });
});
