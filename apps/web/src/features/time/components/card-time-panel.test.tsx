import type { Timer } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { entryFixture } from '../../../test/time-fixtures';
import { CardTimePanel } from './card-time-panel';

const card = { id: '9', project_id: '3', title: 'Wireframes' };
const running: Timer = {
  project_id: '3',
  project_title: 'Booking site',
  card_id: '9',
  card_title: 'Wireframes',
  note: '',
  started_at: '2026-11-27T11:00:00.000Z',
  elapsed_seconds: 60,
};

function serve() {
  let timer: Timer | null = null;
  const started: unknown[] = [];
  server.use(
    http.get('/api/time-entries', ({ request }) =>
      new URL(request.url).searchParams.get('card_id') === '9'
        ? HttpResponse.json({
            items: [entryFixture({ card_id: '9', card_title: 'Wireframes', minutes: 90, status: 'approved' })],
            next_cursor: null,
            total_minutes: 90,
          })
        : HttpResponse.json({ error: 'wrong filter', code: 'VALIDATION_FAILED' }, { status: 400 }),
    ),
    http.get('/api/timers/current', () => HttpResponse.json({ timer })),
    http.post('/api/timers/start', async ({ request }) => {
      started.push(await request.json());
      timer = running;
      return HttpResponse.json({ timer, stopped_entry: null }, { status: 201 });
    }),
    http.post('/api/timers/stop', () => {
      timer = null;
      return HttpResponse.json({ entry: entryFixture({ card_id: '9', card_title: 'Wireframes', minutes: 1 }) });
    }),
  );
  return started;
}

describe("a card's time tab", () => {
  it("lists the card's time and starts, then stops, a timer on it", async () => {
    const started = serve();
    const { user } = renderScreen(<CardTimePanel card={card} canTrack />);
    expect(await screen.findByTestId('card-time-total')).toHaveTextContent('1h 30m in all');
    expect(screen.getByTestId('card-time-entry')).toHaveTextContent('1:30 · Mia Member');
    await user.click(await screen.findByRole('button', { name: 'Start a timer' }));
    expect(await screen.findByRole('button', { name: 'Stop the timer' })).toBeInTheDocument();
    expect(started).toEqual([{ card_id: '9' }]);
    await user.click(screen.getByRole('button', { name: 'Stop the timer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start a timer' })).toBeInTheDocument());
  });

  it('only lists the time for staff, who track none', async () => {
    serve();
    renderScreen(<CardTimePanel card={card} canTrack={false} />);
    expect(await screen.findByTestId('card-time-entry')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start a timer' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add time' })).toBeNull();
  });
});
