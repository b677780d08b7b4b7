import type { ProjectListItem } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectList } from './project-list';

function project(id: string, title: string, budget_minor: number | null, currency: string): ProjectListItem {
  return {
    id,
    title,
    description: 'A project of the test',
    category: null,
    budget_minor,
    currency,
    deadline: '2026-01-31',
    status: 'approved',
    rejection_reason: null,
    client_id: '7',
    company_id: '70',
    client: { id: '7', name: 'Chloe Client' },
    team_lead: null,
    created_at: '2025-03-05T14:07:00.000Z',
    updated_at: '2025-03-05T14:07:00.000Z',
  };
}

function stubProjects(items: ProjectListItem[]) {
  server.use(http.get('/api/projects', () => HttpResponse.json({ items, next_cursor: null })));
}

afterEach(() => vi.restoreAllMocks());

describe('project list budgets', () => {
  it('shows each budget in its own currency with that currency’s decimals, and "Not set" when there is none', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
    stubProjects([
      project('1', 'Pounds site', 150050, 'GBP'),
      project('2', 'Yen app', 1500, 'JPY'),
      project('3', 'Dinar shop', 1234567, 'KWD'),
      project('4', 'Refund', -2500, 'GBP'),
      project('5', 'Open budget', null, 'GBP'),
    ]);
    renderScreen(<ProjectList title="Projects" getDetailPath={(id) => `/view-project?id=${id}`} />, { path: '/view-project' });

    const rows = await screen.findAllByTestId('project-row');
    const budgetColumn = screen.getAllByRole('columnheader').findIndex((th) => th.textContent === 'Budget');
    const budgets = rows.map((row) => within(row).getAllByRole('cell')[budgetColumn].textContent);
    expect(budgets).toEqual(['£1,500.50', 'JP¥1,500', 'KWD\u00a01,234.567', '-£25.00', 'Not set']);
    expect(within(rows[0]).getByRole('link', { name: 'Pounds site' })).toHaveAttribute('href', '/view-project?id=1');
  });

  it('shows a budget field on each card at phone width', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    stubProjects([project('2', 'Yen app', 1500, 'JPY')]);
    renderScreen(<ProjectList title="Projects" getDetailPath={(id) => `/view-project?id=${id}`} />, { path: '/view-project' });

    const [card] = await screen.findAllByTestId('project-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Budget').nextElementSibling).toHaveTextContent('JP¥1,500');
    expect(within(card).getByTestId('project-status')).toHaveTextContent('Approved');
  });
});

describe('project list filters', () => {
  it('asks the server for the chosen status and the typed search, and says so when nothing matches', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/projects', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const items = params.has('status') || params.has('q') ? [] : [project('1', 'Pounds site', 150050, 'GBP')];
        return HttpResponse.json({ items, next_cursor: null });
      }),
    );
    const { user } = renderScreen(<ProjectList title="Projects" getDetailPath={(id) => `/view-project?id=${id}`} />, {
      path: '/view-project',
    });
    await screen.findByRole('link', { name: 'Pounds site' });

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('All statuses');
    await user.selectOptions(status, 'Approved');
    expect(await screen.findByText('No matching projects')).toBeInTheDocument();
    expect(asked.at(-1)?.get('status')).toBe('approved');

    await user.selectOptions(status, 'All statuses');
    await screen.findByRole('link', { name: 'Pounds site' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pounds');
    expect(await screen.findByText('No matching projects')).toBeInTheDocument();
    expect(asked.at(-1)?.get('q')).toBe('pounds');
    expect(asked.at(-1)?.has('status')).toBe(false);
  });
});
