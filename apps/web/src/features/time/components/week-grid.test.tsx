import type { CreateTimeEntryInput, Timesheet } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { entryFixture, timesheetFixture } from '../../../test/time-fixtures';
import { WeekGrid } from './week-grid';

beforeEach(() => {
  // Friday 27 November 2026: the grid takes no time for days after today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** The week as the server has it, changed by what the test's handlers do to it. */
function serve(initial: Timesheet) {
  let sheet = initial;
  const calls: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/timesheets', () => HttpResponse.json(sheet)),
    http.get('/api/projects', () => HttpResponse.json({ items: [], next_cursor: null })),
    http.post('/api/time-entries', async ({ request }) => {
      const body = (await request.json()) as CreateTimeEntryInput;
      calls.push({ method: 'POST', path: '/api/time-entries', body });
      const entry = entryFixture({ id: String(100 + calls.length), date: body.date!, minutes: body.minutes });
      sheet = timesheetFixture([...sheet.entries, entry]);
      return HttpResponse.json({ entry }, { status: 201 });
    }),
    http.patch('/api/time-entries/:id', async ({ request, params }) => {
      const body = (await request.json()) as { minutes: number };
      calls.push({ method: 'PATCH', path: `/api/time-entries/${String(params.id)}`, body });
      sheet = timesheetFixture(sheet.entries.map((e) => (e.id === params.id ? { ...e, minutes: body.minutes } : e)));
      return HttpResponse.json({ entry: sheet.entries.find((e) => e.id === params.id) });
    }),
    http.post('/api/timesheets/submit', async ({ request }) => {
      calls.push({ method: 'POST', path: '/api/timesheets/submit', body: await request.json() });
      sheet = { ...sheet, status: 'submitted', submitted_at: '2026-11-27T12:00:00.000Z' };
      return HttpResponse.json(sheet);
    }),
  );
  return calls;
}

const cell = (row: string, day: RegExp) => screen.getByRole('textbox', { name: new RegExp(`^${row}, ${day.source}`) });

describe('the week grid', () => {
  it('shows a row per project and card with the day, row and week totals', async () => {
    serve(
      timesheetFixture([
        entryFixture({ id: '1', minutes: 90 }),
        entryFixture({ id: '2', minutes: 30, date: '2026-11-25', card_id: '9', card_title: 'Wireframes' }),
      ]),
    );
    renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    const rows = await screen.findAllByTestId('week-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Booking siteWhole project');
    expect(cell('Booking site', /Tuesday 24 November/)).toHaveValue('1:30');
    expect(cell('Booking site: Wireframes', /Wednesday 25 November/)).toHaveValue('0:30');
    expect(within(rows[0]).getByTestId('row-total')).toHaveTextContent('1:30');
    expect(screen.getByTestId('week-total')).toHaveTextContent('2:00');
    expect(screen.getAllByTestId('day-total').map((c) => c.textContent)).toEqual(['0:00', '1:30', '0:30', '0:00', '0:00', '0:00', '0:00']);
    // Saturday and Sunday are after today: no time can go there yet.
    expect(cell('Booking site', /Saturday 28 November/)).toBeDisabled();
  });

  it('saves 1.5 typed in an empty cell as 90 minutes on that day, and Enter moves to the row below', async () => {
    const calls = serve(
      timesheetFixture([entryFixture({ id: '1' }), entryFixture({ id: '2', date: '2026-11-23', card_id: '9', card_title: 'Wireframes' })]),
    );
    const { user } = renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    const thursday = await waitFor(() => cell('Booking site', /Thursday 26 November/));
    await user.type(thursday, '1.5{Enter}');
    expect(cell('Booking site: Wireframes', /Thursday 26 November/)).toHaveFocus();
    await waitFor(() => expect(cell('Booking site', /Thursday 26 November/)).toHaveValue('1:30'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/time-entries', body: { project_id: '3', date: '2026-11-26', minutes: 90 } }]);
    expect(screen.getByTestId('week-total')).toHaveTextContent('3:30');
  });

  it('changes the one entry of a cell in place when 1:30 replaces its hour', async () => {
    const calls = serve(timesheetFixture([entryFixture({ id: '1' })]));
    const { user } = renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    const tuesday = await waitFor(() => cell('Booking site', /Tuesday 24 November/));
    await user.clear(tuesday);
    await user.type(tuesday, '1:30');
    await user.tab();
    await waitFor(() => expect(calls).toEqual([{ method: 'PATCH', path: '/api/time-entries/1', body: { minutes: 90 } }]));
    await waitFor(() => expect(screen.getByTestId('week-total')).toHaveTextContent('1:30'));
  });

  it('refuses what is not a duration, says so, and sends nothing', async () => {
    const calls = serve(timesheetFixture([entryFixture({ id: '1' })]));
    const { user } = renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    const monday = await waitFor(() => cell('Booking site', /Monday 23 November/));
    await user.type(monday, 'lots');
    await user.tab();
    expect(await screen.findByTestId('week-problem')).toHaveTextContent('Booking site, Monday 23 November: Type a time such as 1:30 or 1.5');
    expect(monday).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('submits the week, which then locks every cell and says it waits for approval', async () => {
    const calls = serve(timesheetFixture([entryFixture({ id: '1' })]));
    const { user } = renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    await user.click(await screen.findByTestId('submit-week'));
    expect(await screen.findByTestId('week-submitted')).toHaveTextContent('waiting for approval');
    expect(calls).toEqual([{ method: 'POST', path: '/api/timesheets/submit', body: { week: '2026-W48' } }]);
    expect(screen.getByTestId('week-status')).toHaveTextContent('Submitted');
    expect(cell('Booking site', /Tuesday 24 November/)).toBeDisabled();
    expect(screen.queryByTestId('submit-week')).toBeNull();
  });

  it("shows the lead's reason above a week sent back, and lets it be changed and sent again", async () => {
    serve(
      timesheetFixture([entryFixture({ id: '1', status: 'rejected' })], {
        status: 'rejected',
        reason: 'Tuesday was the workshop: put it on the workshop card',
        decided_by: { id: '4', name: 'Leo Lead' },
      }),
    );
    renderScreen(<WeekGrid week="2026-W48" onWeekChange={() => {}} />);
    expect(await screen.findByTestId('week-rejected')).toHaveTextContent(
      'Sent back by Leo Lead: Tuesday was the workshop: put it on the workshop card',
    );
    expect(cell('Booking site', /Tuesday 24 November/)).toBeEnabled();
    expect(screen.getByTestId('submit-week')).toBeEnabled();
  });

  it('moves a week back and forth', async () => {
    serve(timesheetFixture([]));
    const onWeekChange = vi.fn();
    const { user } = renderScreen(<WeekGrid week="2026-W48" onWeekChange={onWeekChange} />);
    expect(await screen.findByTestId('week-title')).toHaveTextContent('Week 48 · 23 Nov to 29 Nov 2026');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(onWeekChange.mock.calls).toEqual([['2026-W47'], ['2026-W49']]);
  });
});
