import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change';
import { parseEnGbDate, toAuditQuery, EMPTY_FILTERS } from './filters';

describe('parseEnGbDate', () => {
  it('reads day, month and year in the en-GB order', () => {
    expect(parseEnGbDate('05/03/2025')?.toISOString()).toBe(new Date(2025, 2, 5).toISOString());
    expect(parseEnGbDate('5.3.2025')?.getMonth()).toBe(2);
  });

  it('refuses impossible and American dates', () => {
    expect(parseEnGbDate('30/02/2024')).toBeNull();
    expect(parseEnGbDate('12/31/2024')).toBeNull();
    expect(parseEnGbDate('2024-01-05')).toBeNull();
  });
});

describe('toAuditQuery', () => {
  it('includes the whole last day and leaves out empty fields', () => {
    const result = toAuditQuery({ ...EMPTY_FILTERS, person: '  ada ', from: '01/03/2025', to: '01/03/2025' });
    expect(result).toEqual({ query: { person: 'ada', from: new Date(2025, 2, 1).toISOString(), to: new Date(2025, 2, 2).toISOString() } });
  });

  it('names the date that does not parse', () => {
    expect(toAuditQuery({ ...EMPTY_FILTERS, to: 'tomorrow' })).toEqual({ error: 'to' });
  });
});

describe('describeChange', () => {
  it('lists changed fields as before → after, and fields only one side has', () => {
    expect(
      describeChange(
        { status: 'pending', team_lead_id: null, member_ids: [] },
        { status: 'approved', team_lead_id: '3', member_ids: [], note: 'Welcome' },
      ),
    ).toEqual(['status: pending → approved', 'team lead id: — → 3', 'note: Welcome']);
    expect(describeChange(null, null)).toEqual([]);
  });
});
