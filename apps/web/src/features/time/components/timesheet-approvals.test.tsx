import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { entryFixture, timesheetFixture } from '../../../test/time-fixtures';
import { TimesheetApprovals } from './timesheet-approvals';

function serve() {
  let items = [
    { user: { id: '5', name: 'Mia Member' }, week: '2026-W48', status: 'submitted', minutes: 450, submitted_at: '2026-11-27T16:00:00.000Z' },
  ];
  const decisions: { path: string; body: unknown }[] = [];
  const sheet = timesheetFixture(
    [entryFixture({ id: '1', minutes: 450, status: 'submitted', card_id: '9', card_title: 'Wireframes', note: 'Home page' })],
    {
      status: 'submitted',
    },
  );
  const decide = (path: string) =>
    http.post(path, async ({ request }) => {
      decisions.push({ path, body: await request.json() });
      items = [];
      return HttpResponse.json(sheet);
    });
  server.use(
    http.get('/api/timesheets/approvals', () => HttpResponse.json({ items })),
    http.get('/api/timesheets', ({ request }) => {
      const url = new URL(request.url);
      return url.searchParams.get('user_id') === '5' && url.searchParams.get('week') === '2026-W48'
        ? HttpResponse.json(sheet)
        : HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    decide('/api/timesheets/approve'),
    decide('/api/timesheets/reject'),
  );
  return decisions;
}

describe('time approvals', () => {
  it("lists a member's submitted week with its hours, opens its entries and approves it", async () => {
    const decisions = serve();
    const { user } = renderScreen(<TimesheetApprovals />);
    const row = await screen.findByTestId('approval-row');
    expect(row).toHaveTextContent('Mia Member');
    expect(row).toHaveTextContent('Week 48 (23 Nov to 29 Nov 2026) · 7h 30m');
    await user.click(within(row).getByRole('button', { name: 'Show time' }));
    const entries = await within(row).findByTestId('approval-entries');
    expect(entries).toHaveTextContent('Booking site: Wireframes');
    expect(entries).toHaveTextContent('Home page');
    expect(entries).toHaveTextContent('7:30');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No week is waiting for you')).toBeInTheDocument();
    expect(decisions).toEqual([{ path: '/api/timesheets/approve', body: { user_id: '5', week: '2026-W48' } }]);
  });

  it('sends a week back only with a reason, and sends the reason', async () => {
    const decisions = serve();
    const { user } = renderScreen(<TimesheetApprovals />);
    await user.click(await screen.findByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByTestId('reject-week-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(within(dialog).getByText('Say what needs changing (at least 3 characters)')).toBeInTheDocument();
    expect(decisions).toEqual([]);
    await user.click(within(dialog).getByTestId('reject-reason'));
    await user.paste('Tuesday belongs on the workshop card');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(screen.queryByTestId('reject-week-dialog')).toBeNull());
    expect(decisions).toEqual([
      { path: '/api/timesheets/reject', body: { user_id: '5', week: '2026-W48', reason: 'Tuesday belongs on the workshop card' } },
    ]);
  });
});
