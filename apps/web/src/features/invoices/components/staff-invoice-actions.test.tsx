import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { StaffInvoiceActions } from './staff-invoice-actions';

describe('the credit note action', { timeout: 20_000 }, () => {
  it('issues a credit note of at most what is left, with a reason', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/invoices/11/credit-notes', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          {
            credit_note: {
              id: '1',
              credit_note_no: 'CN-2026-0001',
              invoice_id: '11',
              invoice_no: 'INV-2026-0042',
              amount: 20000,
              currency: 'GBP',
              reason: 'Late delivery',
              issued_on: '2026-03-05',
              created_at: '2026-03-05T10:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderScreen(<StaffInvoiceActions invoice={invoiceFixture()} role="admin" />, { path: '/invoice' });
    await user.click(screen.getByTestId('invoice-credit-note'));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a credit note' });
    expect(dialog).toHaveTextContent('Left to pay: £1,200.00');
    await user.type(within(dialog).getByTestId('credit-amount'), '1300');
    await user.type(within(dialog).getByTestId('credit-reason'), 'Late delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A credit note can be at most what is left: £1,200.00.');
    expect(posted).toEqual([]);
    await user.clear(within(dialog).getByTestId('credit-amount'));
    await user.type(within(dialog).getByTestId('credit-amount'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(posted).toEqual([{ amount: 20000, reason: 'Late delivery' }]));
  });

  it('is not offered once nothing is left to pay', () => {
    renderScreen(<StaffInvoiceActions invoice={invoiceFixture({ status: 'paid', amount_due: 0, amount_paid: 120000 })} role="admin" />, {
      path: '/invoice',
    });
    expect(screen.queryByTestId('invoice-credit-note')).toBeNull();
  });
});

describe('the record payment action', { timeout: 20_000 }, () => {
  it('records a bank transfer with its amount, day and reference, asking for each first', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/invoices/11/payments', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ invoice: invoiceFixture({ status: 'partially_paid', amount_paid: 50000, amount_due: 70000 }) }, { status: 201 });
      }),
    );
    const { user } = renderScreen(<StaffInvoiceActions invoice={invoiceFixture()} role="admin" />, { path: '/invoice' });
    await user.click(screen.getByTestId('invoice-record-payment'));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(dialog).toHaveTextContent('A bank transfer received for INV-2026-0042. Due now: £1,200.00.');
    expect(within(dialog).getByTestId('payment-amount')).toHaveFocus();
    expect(within(dialog).getAllByLabelText('Date received').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the amount received in GBP.');
    await user.type(within(dialog).getByTestId('payment-amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the bank transfer reference.');
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByTestId('payment-reference'), 'BANK-42');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posted).toEqual([{ amount: 50000, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), reference: 'BANK-42' }]));
  });
});
