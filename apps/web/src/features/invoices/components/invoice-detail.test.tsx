import type { Invoice } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { InvoiceDetail } from './invoice-detail';

const WAITING = 'The work starts as soon as this deposit is paid.';

function open(invoice: Invoice) {
  server.use(http.get(`/api/invoices/${invoice.id}`, () => HttpResponse.json({ invoice })));
  return renderScreen(<InvoiceDetail invoiceId={invoice.id} back={{ to: '/invoices', label: 'Invoices' }} />, { path: '/invoice' });
}

const deposit = (overrides: Partial<Invoice>) => invoiceFixture({ kind: 'deposit', ...overrides });
const paidDeposit = (overrides: Partial<Invoice> = {}) =>
  deposit({ status: 'paid', amount_paid: 120000, amount_due: 0, paid_at: '2026-03-09T15:30:00.000Z', ...overrides });

describe('a deposit invoice’s text', () => {
  it('says the work waits for the deposit while it is unpaid', async () => {
    open(deposit({ status: 'partially_paid', amount_paid: 20000, amount_due: 100000 }));
    expect(await screen.findByTestId('invoice-state-note')).toHaveTextContent(WAITING);
    expect(screen.getAllByText(WAITING)).toHaveLength(1);
  });

  it('once paid says when, and that the work has started, not that it waits', async () => {
    open(paidDeposit());
    expect(await screen.findByTestId('invoice-state-note')).toHaveTextContent('Paid on 09 Mar 2026. Thank you: the work has started.');
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
  });

  it('hides the waiting sentence a deposit raised earlier stored as its note: once while unpaid, never once paid', async () => {
    const first = open(deposit({ id: '12', notes: WAITING }));
    expect(await screen.findByTestId('invoice-state-note')).toHaveTextContent(WAITING);
    expect(screen.getAllByText(WAITING)).toHaveLength(1);
    expect(screen.queryByTestId('invoice-notes')).not.toBeInTheDocument();
    first.unmount();

    open(paidDeposit({ id: '13', notes: WAITING }));
    expect(await screen.findByTestId('invoice-state-note')).toHaveTextContent('Paid on 09 Mar 2026. Thank you: the work has started.');
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
  });

  it('keeps the notes the agency wrote, and thanks for any invoice paid in full', async () => {
    open(invoiceFixture({ id: '14', status: 'paid', amount_paid: 120000, amount_due: 0, paid_at: '2026-03-09T15:30:00.000Z', notes: 'PO 4471' }));
    expect(await screen.findByTestId('invoice-notes')).toHaveTextContent('PO 4471');
    expect(screen.getByTestId('invoice-state-note')).toHaveTextContent('Paid on 09 Mar 2026. Thank you: this invoice is paid in full.');
  });
});

describe('the payments of an invoice', () => {
  it('each payment row links to its receipt PDF; a refund has none', async () => {
    const payment = (overrides: Partial<Invoice['payments'][number]>): Invoice['payments'][number] => ({
      id: '31',
      kind: 'payment',
      amount: 60000,
      method: 'bank_transfer',
      reference: 'BANK-7781',
      received_on: '2026-03-03',
      receipt_url: '/api/invoices/11/payments/31/receipt',
      refundable: 0,
      created_at: '2026-03-03T10:00:00.000Z',
      ...overrides,
    });
    const { user } = open(
      invoiceFixture({
        id: '15',
        status: 'partially_paid',
        amount_paid: 70000,
        amount_due: 50000,
        payments: [
          payment({}),
          payment({
            id: '32',
            method: 'card',
            reference: 'pi_1',
            received_on: '2026-03-05',
            receipt_url: '/api/invoices/11/payments/32/receipt',
          }),
          payment({ id: '33', kind: 'refund', method: 'card', amount: 50000, reference: 'Refund on ch_1', receipt_url: null }),
        ],
      }),
    );
    const rows = await screen.findAllByTestId('invoice-payment');
    expect(rows).toHaveLength(3);
    // A receipt opens with the session's bearer header: it is a button, not a link anyone could copy.
    expect(within(rows[0]).getByRole('button', { name: 'Receipt for the payment of 03 Mar 2026 (PDF)' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: /^Receipt/ })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /^Receipt/ })).not.toBeInTheDocument();
    const asked: string[] = [];
    server.use(
      http.get('/api/invoices/11/payments/31/receipt', ({ request }) => {
        asked.push(request.headers.get('Authorization') ?? 'none');
        return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    await user.click(within(rows[0]).getByRole('button', { name: /^Receipt/ }));
    await expect.poll(() => tab.location.href).toBe('blob:receipt');
    expect(asked).toHaveLength(1);
  });
});

describe('credit notes and invoices without a project', () => {
  it('shows what credit notes took off, and the amount due after them', async () => {
    open(invoiceFixture({ id: '15', amount_paid: 20000, amount_credited: 30000, amount_due: 70000, status: 'partially_paid' }));
    expect(await screen.findByTestId('invoice-credited')).toHaveTextContent('−£300.00');
    const amounts = screen.getByTestId('invoice-amounts');
    expect(within(amounts).getByText('Amount due after credits')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-due')).toHaveTextContent('£700.00');
  });

  it('says nothing of credits when there are none', async () => {
    open(invoiceFixture({ id: '16' }));
    expect(await screen.findByTestId('invoice-due')).toHaveTextContent('£1,200.00');
    expect(screen.queryByTestId('invoice-credited')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('invoice-amounts')).getByText('Amount due')).toBeInTheDocument();
  });

  it("says an invoice without a project is billed to the company, where a project's invoice names it", async () => {
    const first = open(invoiceFixture({ id: '17', project_id: null, project_title: null }));
    expect(await screen.findByText('None: billed to the company')).toBeInTheDocument();
    first.unmount();
    open(invoiceFixture({ id: '18' }));
    expect(await screen.findByText('Booking site')).toBeInTheDocument();
    expect(screen.queryByText('None: billed to the company')).not.toBeInTheDocument();
  });
});
