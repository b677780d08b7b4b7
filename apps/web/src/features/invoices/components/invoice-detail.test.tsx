import { DEPOSIT_INVOICE_NOTE, type Invoice } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { InvoiceDetail } from './invoice-detail';

function openInvoice(invoice: Invoice) {
  server.use(http.get(`/api/invoices/${invoice.id}`, () => HttpResponse.json({ invoice })));
  return renderScreen(<InvoiceDetail invoiceId={invoice.id} back={{ to: '/view-invoice', label: 'My invoices' }} />, { path: '/view-invoice' });
}

const deposit = { kind: 'deposit', notes: DEPOSIT_INVOICE_NOTE } as const;

describe('a deposit invoice', () => {
  it('says, once paid, that it is paid and the work has started, instead of that the work starts when it is paid', async () => {
    openInvoice(invoiceFixture({ ...deposit, status: 'paid', amount_paid: 120000, amount_due: 0, paid_at: '2026-03-04T10:00:00.000Z' }));
    // (The date in the app's one date format, which is not what this test is about.)
    expect(await screen.findByTestId('deposit-paid')).toHaveTextContent(
      /^This deposit was paid on 0?4 Mar 2026, and the work on the project has started\.$/,
    );
    expect(screen.queryByText(DEPOSIT_INVOICE_NOTE)).toBeNull();
  });

  it('says while it is due that the work starts once it is paid', async () => {
    openInvoice(invoiceFixture({ ...deposit, status: 'sent' }));
    expect(await screen.findByText(DEPOSIT_INVOICE_NOTE)).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-paid')).toBeNull();
  });

  it('keeps a note staff wrote on it, paid or not', async () => {
    openInvoice(
      invoiceFixture({
        kind: 'deposit',
        notes: 'Half now, half at launch.',
        status: 'paid',
        amount_paid: 120000,
        amount_due: 0,
        paid_at: '2026-03-04T10:00:00.000Z',
      }),
    );
    expect(await screen.findByText('Half now, half at launch.')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-paid')).toBeInTheDocument();
  });
});
