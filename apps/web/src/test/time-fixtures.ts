import type { TimeEntry, Timesheet } from '@agency/schema';

/** A time entry as the API returns it, for web tests: Mia's hour on the Booking site on Tuesday 24 November 2026. */
export function entryFixture(overrides: Partial<TimeEntry> = {}): TimeEntry {
  return {
    id: '1',
    user_id: '5',
    user: { id: '5', name: 'Mia Member' },
    project_id: '3',
    project_title: 'Booking site',
    card_id: null,
    card_title: null,
    started_at: '2026-11-24T09:00:00.000Z',
    ended_at: '2026-11-24T10:00:00.000Z',
    minutes: 60,
    date: '2026-11-24',
    week: '2026-W48',
    note: '',
    billable: true,
    status: 'draft',
    invoice_id: null,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const WEEK_48 = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/** Week 48 of 2026 holding the entries given, its totals added up from them. */
export function timesheetFixture(entries: TimeEntry[], overrides: Partial<Timesheet> = {}): Timesheet {
  return {
    user: { id: '5', name: 'Mia Member' },
    week: '2026-W48',
    from: WEEK_48[0],
    to: WEEK_48[6],
    status: 'draft',
    entries,
    total_minutes: entries.reduce((t, e) => t + e.minutes, 0),
    days: WEEK_48.map((date) => ({ date, minutes: entries.filter((e) => e.date === date).reduce((t, e) => t + e.minutes, 0) })),
    submitted_at: null,
    decided_at: null,
    decided_by: null,
    reason: null,
    ...overrides,
  };
}
