import type { MyCard } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { MyCardsPanel } from './my-cards-panel';

const card = (id: string, due_date: string | null): MyCard => ({
  id,
  title: `Card ${id}`,
  project: { id: '3', title: 'Booking site' },
  column_name: 'In progress',
  due_date,
  labels: [],
  checklist_done: 0,
  checklist_total: 0,
});

function open(items: MyCard[]) {
  server.use(http.get('/api/board/my-cards', () => HttpResponse.json({ items })));
  return renderScreen(<MyCardsPanel cardPath={(c) => `/kanban-board?card=${c.id}`} boardPath="/kanban-board" />);
}

describe('my cards', () => {
  it('draws no chart when every card is in one group: a full ring would only repeat the list', async () => {
    open([card('1', null), card('2', null)]);
    expect(await screen.findByText('Card 2')).toBeInTheDocument();
    expect(screen.queryByTestId('my-cards-chart')).toBeNull();
  });

  it('draws the chart once the cards fall into two groups or more, naming each', async () => {
    open([card('1', '2000-01-01'), card('2', null)]);
    const chart = await screen.findByTestId('my-cards-chart');
    expect(chart.getAttribute('aria-label')).toMatch(/Overdue: 1/);
  });
});
