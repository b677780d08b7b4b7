import type { RecurringInvoice } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { RevenueForecastCard } from './revenue-forecast-card';
import { RecurringInvoicesSection } from './recurring-invoices-section';

const retainer: RecurringInvoice = {
  id: '7',
  project_id: '3',
  project_title: 'Shop retainer',
  company: { id: '1', name: 'Acme Ltd' },
  currency: 'GBP',
  lines: [{ description: 'Retainer', quantity: 1, unit_price: 250_000, tax_rate: 20, amount: 250_000, discount: 0, tax: 50_000 }],
  discount: 0,
  subtotal: 250_000,
  tax_total: 50_000,
  total: 300_000,
  notes: null,
  schedule: { frequency: 'monthly', interval: 1, day: null, start_date: '2026-01-31', end_date: null, count: null },
  auto_send: true,
  auto_charge: false,
  status: 'active',
  next_date: '2026-02-28',
  last_period_on: '2026-01-31',
  invoice_count: 1,
  created_at: '2026-01-20T10:00:00.000Z',
  updated_at: '2026-01-20T10:00:00.000Z',
};
const PROJECTS = [
  { id: '3', title: 'Shop retainer', currency: 'GBP', company_id: '1' },
  { id: '4', title: 'Other shop', currency: 'EUR', company_id: '2' },
];
const COMPANIES = [
  { id: '1', name: 'Acme Ltd' },
  { id: '2', name: 'Bolt GmbH' },
];

function open(searches: string[] = []) {
  return renderScreen(
    <RecurringInvoicesSection projects={PROJECTS} companies={COMPANIES} onCompanySearch={(q) => searches.push(q)} today="2026-01-20" />,
  );
}

describe('recurring invoices, for staff', { timeout: 20_000 }, () => {
  it('lists each one with its total, schedule and next date, and shows the next dates on demand', async () => {
    server.use(
      http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [retainer], next_cursor: null })),
      http.get('/api/recurring-invoices/7/upcoming', () => HttpResponse.json({ dates: ['2026-02-28', '2026-03-31', '2026-04-30'] })),
    );
    const { user } = open();
    const row = await screen.findByTestId('recurring-row');
    expect(row).toHaveTextContent('Shop retainer · £3,000.00');
    expect(row).toHaveTextContent('Acme Ltd · Monthly from 31 Jan 2026 · 1 raised · next 28 Feb 2026');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Next dates' }));
    expect(await screen.findByTestId('recurring-upcoming-7')).toHaveTextContent('Next dates: 28 Feb 2026, 31 Mar 2026, 30 Apr 2026');
  });

  it('ends one only after the confirmation', async () => {
    const ended: string[] = [];
    server.use(
      http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [retainer], next_cursor: null })),
      http.post('/api/recurring-invoices/:id/end', ({ params }) => {
        ended.push(String(params.id));
        return HttpResponse.json({ recurring_invoice: { ...retainer, status: 'ended', next_date: null } });
      }),
    );
    const { user } = open();
    await user.click(within(await screen.findByTestId('recurring-row')).getByRole('button', { name: 'End' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('No more invoices are raised');
    expect(ended).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    await expect.poll(() => ended).toEqual(['7']);
  });

  it('creates one from lines and a schedule, previewing its dates, and refuses a zero interval before sending', async () => {
    const created: unknown[] = [];
    server.use(
      http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [], next_cursor: null })),
      http.post('/api/recurring-invoices', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ recurring_invoice: retainer }, { status: 201 });
      }),
    );
    const { user } = open();
    expect(await screen.findByText('No recurring invoices yet')).toBeInTheDocument();
    await user.click(screen.getByTestId('new-recurring'));
    const dialog = await screen.findByTestId('recurring-dialog');
    await user.click(within(dialog).getByLabelText('Client company'));
    await user.click(await screen.findByRole('option', { name: 'Acme Ltd' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(within(dialog).getByLabelText('Project'));
    // Only the company's own projects are offered.
    expect(screen.queryByRole('option', { name: 'Other shop' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Shop retainer' }));
    await user.type(within(dialog).getByLabelText('Description'), 'Retainer');
    await user.type(within(dialog).getByLabelText('Unit price'), '2500');
    const start = within(dialog).getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2026-01-31');
    expect(within(dialog).getByTestId('recurring-preview')).toHaveTextContent(
      'Next dates: 31 Jan 2026, 28 Feb 2026, 31 Mar 2026, 30 Apr 2026, 31 May 2026, 30 Jun 2026',
    );
    expect(within(dialog).getByTestId('recurring-total')).toHaveTextContent('£3,000.00');

    const interval = within(dialog).getByLabelText('Interval');
    await user.clear(interval);
    await user.type(interval, '0');
    expect(within(dialog).getByTestId('recurring-preview')).toHaveTextContent('The schedule needs an interval of at least 1');
    await user.click(within(dialog).getByTestId('recurring-save'));
    expect(await within(dialog).findByTestId('recurring-error')).toHaveTextContent('interval of at least 1');
    expect(created).toEqual([]);

    await user.clear(interval);
    await user.type(interval, '1');
    await user.click(within(dialog).getByTestId('recurring-save'));
    await expect.poll(() => created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      company_id: '1',
      project_id: '3',
      lines: [{ description: 'Retainer', quantity: 1, unit_price: 250_000, tax_rate: 20 }],
      schedule: { frequency: 'monthly', interval: 1, start_date: '2026-01-31' },
      auto_send: true,
      auto_charge: false,
    });
  });
});

describe('a recurring invoice for a company without a project', { timeout: 20_000 }, () => {
  it('asks for a client company, searches them by name, and creates one with no project in the currency chosen', async () => {
    const created: Record<string, unknown>[] = [];
    const searches: string[] = [];
    server.use(
      http.get('/api/recurring-invoices', () =>
        HttpResponse.json({
          items: created.length ? [{ ...retainer, project_id: null, project_title: null, currency: 'EUR' }] : [],
          next_cursor: null,
        }),
      ),
      http.post('/api/recurring-invoices', async ({ request }) => {
        created.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ recurring_invoice: { ...retainer, project_id: null, project_title: null } }, { status: 201 });
      }),
    );
    const { user } = open(searches);
    await user.click(await screen.findByTestId('new-recurring'));
    const dialog = await screen.findByTestId('recurring-dialog');
    await user.type(within(dialog).getByLabelText('Description'), 'Support');
    await user.type(within(dialog).getByLabelText('Unit price'), '1500');
    await user.click(within(dialog).getByTestId('recurring-save'));
    expect(await within(dialog).findByTestId('recurring-error')).toHaveTextContent('Choose a client company');
    expect(created).toEqual([]);
    expect(within(dialog).getByLabelText('Project')).toHaveAttribute('aria-disabled', 'true');

    await user.type(within(dialog).getByLabelText('Find a client company'), 'Bol');
    expect(searches.at(-1)).toBe('Bol');
    await user.click(within(dialog).getByLabelText('Client company'));
    await user.click(await screen.findByRole('option', { name: 'Bolt GmbH' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(within(dialog).getByLabelText('Currency'));
    await user.click(await screen.findByRole('option', { name: 'EUR' }));
    expect(within(dialog).getByTestId('recurring-total')).toHaveTextContent('€1,800.00');
    await user.click(within(dialog).getByTestId('recurring-save'));
    await expect.poll(() => created).toHaveLength(1);
    expect(created[0]).toMatchObject({ company_id: '2', currency: 'EUR', lines: [{ description: 'Support', unit_price: 150_000 }] });
    expect(created[0]).not.toHaveProperty('project_id');
    // Listed under the company's name.
    expect(await screen.findByTestId('recurring-row')).toHaveTextContent('Acme Ltd · €3,000.00');
  });
});

describe('the money ahead, on the super admin dashboard', { timeout: 20_000 }, () => {
  it('shows monthly recurring revenue and the income expected in the next 30 days', async () => {
    server.use(
      http.get('/api/recurring-invoices/forecast', () =>
        HttpResponse.json({
          mrr: [{ currency: 'GBP', amount: 300_000 }],
          next_30_days: [
            { date: '2026-01-31', currency: 'GBP', amount: 300_000 },
            { date: '2026-02-05', currency: 'GBP', amount: 400_000 },
            { date: '2026-03-30', currency: 'GBP', amount: 999 },
          ],
        }),
      ),
    );
    renderScreen(<RevenueForecastCard today="2026-01-20" />);
    expect(await screen.findByTestId('mrr-GBP')).toHaveTextContent('£3,000.00');
    expect(screen.getByTestId('expected-GBP')).toHaveTextContent('£7,000.00');
    // One currency: no picker.
    expect(screen.queryByRole('group', { name: 'Currency of the chart' })).not.toBeInTheDocument();
  });

  it('shows each currency: its own totals, and the chart of the currency picked', async () => {
    server.use(
      http.get('/api/recurring-invoices/forecast', () =>
        HttpResponse.json({
          mrr: [
            { currency: 'EUR', amount: 150_000 },
            { currency: 'GBP', amount: 300_000 },
          ],
          next_30_days: [
            { date: '2026-01-21', currency: 'GBP', amount: 300_000 },
            { date: '2026-01-25', currency: 'EUR', amount: 150_000 },
            { date: '2026-02-01', currency: 'EUR', amount: 50_000 },
          ],
        }),
      ),
    );
    const { user } = renderScreen(<RevenueForecastCard today="2026-01-20" />);
    expect(await screen.findByTestId('mrr-EUR')).toHaveTextContent('€1,500.00');
    expect(screen.getByTestId('mrr-GBP')).toHaveTextContent('£3,000.00');
    expect(screen.getByTestId('expected-EUR')).toHaveTextContent('€2,000.00');
    expect(screen.getByTestId('expected-GBP')).toHaveTextContent('£3,000.00');
    const card = screen.getByTestId('revenue-forecast');
    const table = () => within(card).getByRole('table', { hidden: true });
    // The first currency's chart, then the other's once picked: never both on one axis.
    expect(table()).toHaveTextContent('Expected income by day in EUR');
    expect(table()).toHaveTextContent('25 Jan€1,500.00');
    expect(table()).not.toHaveTextContent('£');
    await user.click(screen.getByTestId('forecast-currency-GBP'));
    expect(table()).toHaveTextContent('Expected income by day in GBP');
    expect(table()).toHaveTextContent('21 Jan£3,000.00');
    expect(table()).not.toHaveTextContent('€');
    expect(screen.getByTestId('forecast-currency-GBP')).toHaveAttribute('aria-pressed', 'true');
  });
});
