import type { Profitability } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectProfitability } from './project-profitability';

const base: Profitability = {
  project_id: '3',
  currency: 'GBP',
  budget: 100000,
  minutes: 1200,
  unpriced_minutes: 0,
  cost: 80000,
  expenses: 5000,
  invoiced: 60000,
  paid: 30000,
  margin: -25000,
  budget_used_percent: 85,
  warning: 80,
  other_currencies: [],
};

function serve(figures: Profitability) {
  const rates: unknown[] = [];
  server.use(
    http.get('/api/projects/3/profitability', () => HttpResponse.json(figures)),
    http.get('/api/projects/3/burn', () =>
      HttpResponse.json({
        project_id: '3',
        currency: 'GBP',
        budget: 100000,
        interval: 'week',
        points: [
          { period: '2026-11-23', minutes: 1200, cost: 80000, expenses: 5000, invoiced: 60000, cumulative_spend: 85000, cumulative_invoiced: 60000 },
        ],
      }),
    ),
    http.get('/api/projects/3/rates', () =>
      HttpResponse.json({ rates: { project_id: '3', hourly_rate: null, currency: 'GBP', client_time_log: false, updated_at: null } }),
    ),
    http.patch('/api/projects/3/time-log', async ({ request }) => {
      const { shared } = (await request.json()) as { shared: boolean };
      rates.push({ shared });
      return HttpResponse.json({ rates: { project_id: '3', hourly_rate: null, currency: 'GBP', client_time_log: shared, updated_at: null } });
    }),
    http.patch('/api/projects/3/rates', async ({ request }) => {
      rates.push(await request.json());
      return HttpResponse.json({
        rates: { project_id: '3', hourly_rate: 9500, currency: 'GBP', client_time_log: false, updated_at: '2026-11-27T12:00:00.000Z' },
      });
    }),
  );
  return rates;
}

describe("a project's profitability", () => {
  it('warns past 80 % of the budget and shows budget, cost, expenses, invoiced, paid and a negative margin', async () => {
    serve(base);
    renderScreen(<ProjectProfitability projectId="3" canSetRate={false} />);
    expect(await screen.findByTestId('budget-warning')).toHaveTextContent('85 % of the budget is spent: past the 80 % mark.');
    expect(screen.getByTestId('figure-budget')).toHaveTextContent('£1,000.00');
    expect(screen.getByTestId('figure-cost')).toHaveTextContent('£800.00');
    expect(screen.getByText('Time (20h) at cost')).toBeInTheDocument();
    expect(screen.getByTestId('figure-invoiced')).toHaveTextContent('£600.00');
    expect(screen.getByTestId('figure-paid')).toHaveTextContent('£300.00');
    expect(screen.getByTestId('figure-margin')).toHaveTextContent('-£250.00');
    expect(await screen.findByText('Spending and invoices by week in GBP, against a budget of £1,000.00')).toBeInTheDocument();
    expect(screen.queryByTestId('hourly-rate')).toBeNull();
  });

  it('says the budget is spent at 100 %', async () => {
    serve({ ...base, budget_used_percent: 104.5, warning: 100 });
    renderScreen(<ProjectProfitability projectId="3" canSetRate={false} />);
    expect(await screen.findByTestId('budget-warning')).toHaveTextContent('Over budget: 104.5 % of the budget is spent.');
  });

  it('lets staff set the hourly rate in pounds, sent in pence', async () => {
    const rates = serve({ ...base, warning: null, budget_used_percent: 40 });
    const { user } = renderScreen(<ProjectProfitability projectId="3" canSetRate />);
    const field = await screen.findByTestId('hourly-rate');
    await user.type(field, '95');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(rates).toEqual([{ hourly_rate: 9500 }]));
    expect(screen.queryByTestId('budget-warning')).toBeNull();
  });

  it('lets staff share the time log with the client', async () => {
    const calls = serve({ ...base, warning: null, budget_used_percent: 40 });
    const { user } = renderScreen(<ProjectProfitability projectId="3" canSetRate />);
    const toggle = await screen.findByRole('switch', { name: 'Share the time log with the client' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls).toEqual([{ shared: true }]);
  });
});
