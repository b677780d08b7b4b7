import type { Timer } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { entryFixture } from '../../../test/time-fixtures';
import { formatClock, TimerIndicator } from './timer-indicator';

const timer: Timer = {
  project_id: '3',
  project_title: 'Booking site',
  card_id: '9',
  card_title: 'Wireframes',
  note: '',
  started_at: '2026-11-27T11:00:00.000Z',
  elapsed_seconds: 25 * 60 + 7,
};

describe('the running timer in the app bar', () => {
  it('shows nothing when no timer runs', async () => {
    let asked = false;
    server.use(
      http.get('/api/timers/current', () => {
        asked = true;
        return HttpResponse.json({ timer: null });
      }),
    );
    renderScreen(<TimerIndicator />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('running-timer')).toBeNull();
  });

  it('shows the timer the server keeps (so a reload finds it) and stops it from anywhere', async () => {
    let running: Timer | null = timer;
    let stopped = 0;
    server.use(
      http.get('/api/timers/current', () => HttpResponse.json({ timer: running })),
      http.post('/api/timers/stop', () => {
        stopped += 1;
        running = null;
        return HttpResponse.json({ entry: entryFixture({ minutes: 25, card_id: '9', card_title: 'Wireframes' }) });
      }),
    );
    const { user } = renderScreen(<TimerIndicator />);
    expect(await screen.findByTestId('timer-clock')).toHaveTextContent(/^0:25:0\d$/);
    expect(screen.getByTestId('timer-target')).toHaveTextContent('Wireframes');
    await user.click(screen.getByRole('button', { name: 'Stop the timer on Wireframes' }));
    await waitFor(() => expect(screen.queryByTestId('running-timer')).toBeNull());
    expect(stopped).toBe(1);
  });

  it('writes seconds as a clock', () => {
    expect(formatClock(0)).toBe('0:00:00');
    expect(formatClock(3725.9)).toBe('1:02:05');
  });
});
