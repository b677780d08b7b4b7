import type { TimeEntry } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { gridRows, planCellChange, shiftWeek, today } from './week-grid';

const entry = (id: string, minutes: number, status: TimeEntry['status'] = 'draft', extra: Partial<TimeEntry> = {}): TimeEntry => ({
  id,
  user_id: '5',
  user: { id: '5', name: 'Mia Member' },
  project_id: '3',
  project_title: 'Booking site',
  card_id: null,
  card_title: null,
  started_at: `2026-11-24T09:0${id}:00Z`,
  ended_at: '2026-11-24T10:00:00Z',
  minutes,
  date: '2026-11-24',
  week: '2026-W48',
  note: '',
  billable: true,
  status,
  invoice_id: null,
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  ...extra,
});

describe('planCellChange', () => {
  it('creates an entry in an empty cell and changes nothing when the value is the same', () => {
    expect(planCellChange([], 90)).toEqual([{ kind: 'create', minutes: 90 }]);
    expect(planCellChange([entry('1', 90)], 90)).toEqual([]);
  });

  it('changes a single open entry in place, and deletes it when the cell is cleared', () => {
    expect(planCellChange([entry('1', 60)], 150)).toEqual([{ kind: 'patch', id: '1', minutes: 150 }]);
    expect(planCellChange([entry('1', 60)], 0)).toEqual([{ kind: 'delete', id: '1' }]);
  });

  it('adds the difference as a new entry when a cell holds several', () => {
    expect(planCellChange([entry('1', 60), entry('2', 30)], 120)).toEqual([{ kind: 'create', minutes: 30 }]);
  });

  it('takes time away by deleting the newest entries and tops up what it took too much', () => {
    expect(planCellChange([entry('1', 60), entry('2', 30)], 45)).toEqual([
      { kind: 'delete', id: '2' },
      { kind: 'delete', id: '1' },
      { kind: 'create', minutes: 45 },
    ]);
    expect(planCellChange([entry('1', 60), entry('2', 30)], 60)).toEqual([{ kind: 'delete', id: '2' }]);
  });

  it('never touches approved time and refuses to go below it', () => {
    expect(planCellChange([entry('1', 60, 'approved')], 30)).toBeNull();
    expect(planCellChange([entry('1', 60, 'approved'), entry('2', 30)], 120)).toEqual([{ kind: 'patch', id: '2', minutes: 60 }]);
    expect(planCellChange([entry('1', 60, 'approved'), entry('2', 30)], 60)).toEqual([{ kind: 'delete', id: '2' }]);
  });
});

describe('gridRows', () => {
  it('makes one row per project and card, sorted by project then card, keeping rows added by hand', () => {
    const rows = gridRows(
      [entry('1', 60, 'draft', { card_id: '9', card_title: 'Wireframes' }), entry('2', 30), entry('3', 30)],
      [{ key: '4:', projectId: '4', projectTitle: 'Audit', cardId: null, cardTitle: null }],
    );
    expect(rows.map((r) => [r.projectTitle, r.cardTitle])).toEqual([
      ['Audit', null],
      ['Booking site', null],
      ['Booking site', 'Wireframes'],
    ]);
  });
});

describe('shiftWeek', () => {
  it('crosses years, 53-week years included', () => {
    expect(shiftWeek('2026-W52', 1)).toBe('2026-W53');
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftWeek('2026-W01', -1)).toBe('2025-W52');
  });
});

describe('today', () => {
  it("is the agency's calendar day when its time zone is known, the browser's until then", () => {
    const lateInLondon = new Date('2026-11-27T23:30:00Z');
    expect(today('Europe/London', lateInLondon)).toBe('2026-11-27');
    expect(today('Pacific/Kiritimati', lateInLondon)).toBe('2026-11-28');
    expect(today('America/Los_Angeles', new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
    // The tests run in UTC.
    expect(today(undefined, lateInLondon)).toBe('2026-11-27');
  });
});
