import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { MyTrainingSummary } from './my-training-summary';

const module = (id: string, due_date: string | null) => ({ id, title: `Module ${id}`, description: '', due_date, completed: 0, total: 2 });

afterEach(async () => {
  await setLocale('en-GB');
});

describe('my training on the dashboard', () => {
  it('names the three modules due soonest and links to the rest', async () => {
    server.use(
      http.get('/api/training/my', () =>
        HttpResponse.json({
          items: [module('1', null), module('2', '2026-12-20'), module('3', '2026-12-01'), module('4', '2026-12-10'), module('5', null)],
        }),
      ),
    );
    renderScreen(
      <MyTrainingSummary modulePath={(id) => `/employee/training?module=${id}`} trainingListPath="/employee/training" today="2026-11-27" />,
    );
    const rows = await screen.findAllByTestId('training-todo');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Module 3'),
      expect.stringContaining('Module 4'),
      expect.stringContaining('Module 2'),
    ]);
    expect(screen.getByTestId('training-more')).toHaveTextContent('2 more to do');
    expect(screen.getByTestId('training-more')).toHaveAttribute('href', '/employee/training');
  });

  it('speaks German: its title, due dates and what is left', async () => {
    server.use(
      http.get('/api/training/my', () =>
        HttpResponse.json({
          items: [module('1', '2026-11-20'), module('2', '2026-12-20'), module('3', null), module('4', null), module('5', null)],
        }),
      ),
    );
    await setLocale('de');
    renderScreen(
      <MyTrainingSummary modulePath={(id) => `/employee/training?module=${id}`} trainingListPath="/employee/training" today="2026-11-27" />,
    );
    const rows = await screen.findAllByTestId('training-todo');
    expect(rows[0]).toHaveTextContent('Überfällig seit 20. Nov. 2026');
    expect(rows[1]).toHaveTextContent('Fällig am 20. Dez. 2026');
    expect(rows[2]).toHaveTextContent('Kein Fälligkeitsdatum');
    expect(screen.getByRole('heading', { name: 'Meine Schulung' })).toBeInTheDocument();
    expect(screen.getByTestId('training-more')).toHaveTextContent('2 weitere offen');
    expect(screen.getByRole('progressbar', { name: 'Module 1: 0 von 2 erledigt' })).toBeInTheDocument();
  });
});
