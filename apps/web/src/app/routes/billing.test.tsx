import type { CompanyRole, PaymentMethodList, PublicConfig, Statement, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { invoiceFixture } from '../../test/invoice-fixtures';
import { BillingRoute } from './billing';
import { ViewInvoiceRoute } from './view-invoice';
import { publicConfig } from '../../test/config-fixture';

const person = (role: CompanyRole): User => ({
  id: '7',
  name: 'Bea Billing',
  email: 'bea@northwind.test',
  role: 'client',
  company_id: '3',
  company_role: role,
});

const visa = { id: '21', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, is_default: true };
const master = { id: '22', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030, is_default: false };

const statement: Statement = {
  company: { id: '3', name: 'Northwind Clinics' },
  from: '2026-01-01',
  to: '2026-03-31',
  currency: 'GBP',
  opening_balance: 50_000,
  lines: [
    {
      date: '2026-02-01',
      kind: 'invoice',
      reference: 'INV-2026-0007',
      description: 'Invoice issued',
      invoice_id: '5',
      amount: 120_000,
      balance: 170_000,
    },
    {
      date: '2026-02-10',
      kind: 'payment',
      reference: 'INV-2026-0007',
      description: 'Card payment',
      invoice_id: '5',
      amount: -120_000,
      balance: 50_000,
    },
  ],
  closing_balance: 50_000,
};

const config: PublicConfig = { ...publicConfig, test_payments: true };

function stub(list: PaymentMethodList) {
  const calls: { method: string; path: string }[] = [];
  let items = [...list.items];
  server.use(
    http.get('/api/config', () => HttpResponse.json(config)),
    http.get('/api/payment-methods', () => HttpResponse.json({ ...list, items })),
    http.post('/api/payment-methods/setup', () => {
      calls.push({ method: 'POST', path: '/payment-methods/setup' });
      return HttpResponse.json({ url: 'http://localhost/api/payments/local/setup/cs_local_setup_abcdefghijkl' });
    }),
    http.post('/api/payment-methods/:id/default', ({ params }) => {
      calls.push({ method: 'POST', path: `/payment-methods/${params.id}/default` });
      items = items.map((c) => ({ ...c, is_default: c.id === params.id }));
      return HttpResponse.json({ payment_method: items.find((c) => c.id === params.id) });
    }),
    http.delete('/api/payment-methods/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/payment-methods/${params.id}` });
      items = items.filter((c) => c.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/companies/3/statement', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ method: 'GET', path: `/companies/3/statement?from=${url.searchParams.get('from')}&to=${url.searchParams.get('to')}` });
      return HttpResponse.json(statement);
    }),
  );
  return calls;
}

function open(role: CompanyRole, url: string = paths.client.billing, screenElement: ReactElement = <BillingRoute />) {
  const auth: AuthContextValue = {
    isAuthenticated: true,
    isRestoring: false,
    user: person(role),
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
  return renderScreen(screenElement, {
    path: url,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the billing screen', { timeout: 20_000 }, () => {
  it('lists saved cards with brand, last four and expiry, the default marked', async () => {
    stub({ items: [visa, master], autopay: { paused: false, paused_at: null, reason: null } });
    open('billing');
    const rows = await screen.findAllByTestId('saved-card');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Visa ending 4242Expires 04/31Default for autopay'),
      expect.stringContaining('Mastercard ending 4444Expires 12/30'),
    ]);
  });

  it('chooses the default card and removes one after a confirmation', async () => {
    const calls = stub({ items: [visa, master], autopay: { paused: false, paused_at: null, reason: null } });
    const { user } = open('owner');
    await screen.findAllByTestId('saved-card');
    await user.click(screen.getByRole('button', { name: 'Use Mastercard ending 4444 for autopay' }));
    await waitFor(() => expect(within(screen.getAllByTestId('saved-card')[1]).getByText('Default for autopay')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(1));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: '/payment-methods/22/default' },
      { method: 'DELETE', path: '/payment-methods/21' },
    ]);
  });

  it('sends the browser to the setup page to add a card, and says when autopay is paused', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stub({ items: [], autopay: { paused: true, paused_at: '2026-03-01T10:00:00.000Z', reason: 'INV-2026-0007: Your card has insufficient funds.' } });
    const { user } = open('owner', `${paths.client.billing}?card=cancelled`);
    expect(await screen.findByText('No card was saved.')).toBeInTheDocument();
    expect(await screen.findByTestId('autopay-paused')).toHaveTextContent('Save a new card to start it again');
    expect(screen.getByTestId('no-cards')).toHaveTextContent('No card saved yet');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payments/local/setup/cs_local_setup_abcdefghijkl'));
  });

  it('shows the statement: opening balance, each line with its balance, closing balance', async () => {
    const calls = stub({ items: [], autopay: { paused: false, paused_at: null, reason: null } });
    open('owner');
    expect(await screen.findByTestId('opening-balance')).toHaveTextContent('£500.00');
    const lines = screen.getAllByTestId('statement-line');
    expect(lines[0]).toHaveTextContent('Invoice INV-2026-0007');
    expect(lines[0]).toHaveTextContent('£1,200.00');
    expect(lines[1]).toHaveTextContent('Balance £500.00');
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('£500.00');
    expect(calls.some((c) => c.path.startsWith('/companies/3/statement?from='))).toBe(true);
  });
});

describe("the client's invoices screen", { timeout: 20_000 }, () => {
  it("shows the statement under the company's invoices", async () => {
    const calls = stub({ items: [], autopay: { paused: false, paused_at: null, reason: null } });
    const retainer = invoiceFixture({ id: '9', invoice_no: 'INV-2026-0009', project_id: null, project_title: null, status: 'sent' });
    server.use(http.get('/api/invoices', () => HttpResponse.json({ items: [retainer], next_cursor: null })));
    open('billing', paths.client.invoices, <ViewInvoiceRoute />);
    expect(await screen.findByTestId('invoice-row')).toHaveTextContent('INV-2026-0009');
    const statementCard = await screen.findByRole('region', { name: 'Statement' });
    expect(await within(statementCard).findByTestId('opening-balance')).toHaveTextContent('£500.00');
    expect(within(statementCard).getAllByTestId('statement-line')[0]).toHaveTextContent('Invoice INV-2026-0007');
    expect(within(statementCard).getByTestId('closing-balance')).toHaveTextContent('£500.00');
    expect(calls.some((c) => c.path.startsWith('/companies/3/statement?from='))).toBe(true);
  });
});
