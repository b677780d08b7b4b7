import type { ProfitabilityReport as Report } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ProfitabilityReport } from './profitability-report';

const figures = { minutes: 600, cost: 40000, expenses: 5000, invoiced: 90000, paid: 90000, margin: 45000 };

function report(groupBy: string): Report {
  if (groupBy === 'month') {
    return {
      group_by: 'month',
      rows: [{ key: '2026-11', label: '2026-11', currency: 'GBP', budget: null, ...figures }],
      totals: [{ currency: 'GBP', ...figures }],
    };
  }
  return {
    group_by: 'project',
    rows: [
      { key: '3', label: 'Booking site', currency: 'GBP', budget: 500000, ...figures },
      { key: '4', label: 'Audit', currency: 'GBP', budget: null, minutes: 120, cost: 8000, expenses: 0, invoiced: 0, paid: 0, margin: -8000 },
    ],
    totals: [{ currency: 'GBP', minutes: 720, cost: 48000, expenses: 5000, invoiced: 90000, paid: 90000, margin: 37000 }],
  };
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

describe('the profitability report', () => {
  it('shows each project with its margin, the totals and a chart, and regroups by month', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/reports/profitability', ({ request }) => {
        const groupBy = new URL(request.url).searchParams.get('group_by') ?? 'project';
        asked.push(groupBy);
        return HttpResponse.json(report(groupBy));
      }),
    );
    const { user } = renderScreen(<ProfitabilityReport projectPath={(id) => `/all-projects?id=${id}`} />);
    expect(await screen.findByTestId('report-total-margin')).toHaveTextContent('£370.00');
    const table = screen.getByTestId('profitability-table');
    expect(within(table).getByRole('link', { name: 'Booking site' })).toHaveAttribute('href', '/all-projects?id=3');
    expect(
      within(table)
        .getAllByTestId('row-margin')
        .map((m) => m.textContent),
    ).toEqual(['£450.00', '-£80.00']);
    expect(screen.getByTestId('margin-chart').querySelector('[role="img"]')).toHaveAttribute(
      'aria-label',
      'Margin by project in GBP: Booking site £450.00; Audit -£80.00',
    );
    await user.click(screen.getByRole('button', { name: 'By month' }));
    await waitFor(() => expect(within(screen.getByTestId('profitability-table')).getAllByTestId('row-margin')).toHaveLength(1));
    expect(asked).toEqual(['project', 'month']);
  });

  it('exports what is on screen as CSV', async () => {
    let exported: string | null = null;
    server.use(
      http.get('/api/reports/profitability', () => HttpResponse.json(report('project'))),
      http.get('/api/reports/profitability/export.csv', ({ request }) => {
        exported = new URL(request.url).search;
        return new HttpResponse('Project,Margin\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="profitability-project.csv"' },
        });
      }),
    );
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => {};
    const { user } = renderScreen(<ProfitabilityReport projectPath={(id) => `/all-projects?id=${id}`} />);
    await screen.findByTestId('report-total');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toBe('?group_by=project'));
  });
});
