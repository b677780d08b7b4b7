import type { Expense } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ExpensesPanel } from './expenses-panel';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await setLocale('en-GB');
});

const expense = (overrides: Partial<Expense> = {}): Expense => ({
  id: '21',
  user_id: '5',
  user: { id: '5', name: 'Mia Member' },
  project_id: '3',
  project_title: 'Booking site',
  date: '2026-11-26',
  amount: 4250,
  currency: 'GBP',
  category: 'travel',
  description: 'Train to the workshop',
  billable: true,
  status: 'submitted',
  invoice_id: null,
  receipt: { name: 'ticket.jpg', mime: 'image/jpeg', size: 1000, url: '/api/expenses/21/receipt' },
  rejection_reason: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const project = { id: '3', title: 'Booking site', currency: 'GBP', status: 'in_progress' };

describe('expenses', () => {
  it('records an expense in pounds with a receipt photo, as a draft', async () => {
    const created: unknown[] = [];
    let uploaded: string | null = null;
    server.use(
      http.get('/api/projects', ({ request }) =>
        HttpResponse.json({ items: new URL(request.url).searchParams.get('status') === 'in_progress' ? [project] : [], next_cursor: null }),
      ),
      http.get('/api/expenses', () => HttpResponse.json({ items: [], next_cursor: null })),
      http.post('/api/expenses', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ expense: expense({ status: 'draft', receipt: null }) }, { status: 201 });
      }),
      http.post('/api/expenses/21/receipt', async ({ request }) => {
        const file = (await request.formData()).get('file');
        uploaded = file instanceof File ? file.name : null;
        return HttpResponse.json({ expense: expense({ status: 'draft' }) }, { status: 201 });
      }),
    );
    const { user } = renderScreen(<ExpensesPanel me="5" canDecide={false} canDecideOwn={false} />);
    const form = await screen.findByTestId('expense-form');
    // A phone opens its camera for the photo; any photo or PDF can be chosen too.
    expect(screen.getByTestId('receipt-camera')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('receipt-camera')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('receipt-file')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif,application/pdf');

    await user.click(within(form).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Booking site' }));
    await user.click(within(form).getByTestId('expense-amount'));
    await user.paste('42.50');
    await user.click(within(form).getByTestId('expense-description'));
    await user.paste('Train to the workshop');
    await user.upload(screen.getByTestId('receipt-camera'), new File(['jpeg'], 'ticket.jpg', { type: 'image/jpeg' }));
    expect(screen.getByTestId('receipt-name')).toHaveTextContent('ticket.jpg');
    await user.click(within(form).getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(uploaded).toBe('ticket.jpg'));
    expect(created).toEqual([
      { project_id: '3', date: '2026-11-27', amount: 4250, category: 'travel', description: 'Train to the workshop', billable: true },
    ]);
  });

  it('refuses an amount that is not money and sends nothing', async () => {
    let posted = false;
    server.use(
      http.get('/api/projects', () => HttpResponse.json({ items: [project], next_cursor: null })),
      http.get('/api/expenses', () => HttpResponse.json({ items: [], next_cursor: null })),
      http.post('/api/expenses', () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderScreen(<ExpensesPanel me="5" canDecide={false} canDecideOwn={false} />);
    const form = await screen.findByTestId('expense-form');
    await user.type(within(form).getByTestId('expense-amount'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Save expense' }));
    expect(await within(form).findByText('Choose a project')).toBeInTheDocument();
    expect(within(form).getByText('Give an amount in GBP, such as 12.50')).toBeInTheDocument();
    expect(within(form).getByText('Describe the expense')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it("lets staff approve someone's submitted expense, but not their own", async () => {
    let items = [expense(), expense({ id: '22', user_id: '2', user: { id: '2', name: 'Ada Admin' }, description: 'Fonts licence' })];
    const approved: string[] = [];
    server.use(
      http.get('/api/expenses', () => HttpResponse.json({ items, next_cursor: null })),
      http.post('/api/expenses/:id/approve', ({ params }) => {
        approved.push(String(params.id));
        items = items.filter((e) => e.id !== params.id);
        return HttpResponse.json({ expense: expense({ status: 'approved' }) });
      }),
    );
    const { user } = renderScreen(<ExpensesPanel me="2" canDecide canDecideOwn={false} canRecord={false} />);
    const rows = await screen.findAllByTestId('expense-row');
    expect(rows[0]).toHaveTextContent('Train to the workshop');
    expect(rows[0]).toHaveTextContent('£42.50');
    expect(within(rows[1]).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(rows[0]).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('expense-row')).toHaveLength(1));
    expect(approved).toEqual(['21']);
  });

  it('speaks German to staff: tabs, category, status and the decision buttons', async () => {
    server.use(
      http.get('/api/expenses', () => HttpResponse.json({ items: [expense({ category: 'accommodation', billable: false })], next_cursor: null })),
    );
    await setLocale('de');
    renderScreen(<ExpensesPanel me="1" canDecide canDecideOwn={false} canRecord={false} />);
    const row = await screen.findByTestId('expense-row');
    expect(screen.getByRole('tab', { name: 'Freizugeben', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Zurückgeschickt' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Unterkunft');
    expect(row).toHaveTextContent('Mia Member · nicht abgerechnet');
    expect(within(row).getByTestId('expense-status')).toHaveTextContent('Eingereicht');
    expect(within(row).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Zurückschicken' })).toBeInTheDocument();
    expect(within(row).getByTestId('expense-amount')).toHaveTextContent('42,50 £');
  }, 20_000);
});
