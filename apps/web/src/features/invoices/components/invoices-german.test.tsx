import type { Invoice } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { InvoiceDetail } from './invoice-detail';
import { StaffInvoiceActions } from './staff-invoice-actions';

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

const payment = (overrides: Partial<Invoice['payments'][number]>): Invoice['payments'][number] => ({
  id: '31',
  kind: 'payment',
  amount: 120000,
  method: 'card',
  reference: 'pi_1',
  received_on: '2026-03-09',
  receipt_url: '/api/invoices/11/payments/31/receipt',
  refundable: 120000,
  created_at: '2026-03-09T15:30:00.000Z',
  ...overrides,
});

describe('an invoice in German', { timeout: 20_000 }, () => {
  it('shows the paid deposit with its status, amounts, payments and closing sentence in German', async () => {
    const invoice = invoiceFixture({
      kind: 'deposit',
      status: 'paid',
      amount_paid: 120000,
      amount_due: 0,
      paid_at: '2026-03-09T15:30:00.000Z',
      payments: [payment({}), payment({ id: '32', kind: 'refund', amount: 20000, reference: 'Refund on ch_1', receipt_url: null })],
    });
    server.use(http.get(`/api/invoices/${invoice.id}`, () => HttpResponse.json({ invoice })));
    renderScreen(<InvoiceDetail invoiceId={invoice.id} back={{ to: '/invoices', label: 'Alle Rechnungen' }} />, { path: '/invoice' });

    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-status')).toHaveTextContent('Bezahlt');
    expect(within(detail).getByText('Anzahlung')).toBeInTheDocument();
    const amounts = screen.getByTestId('invoice-amounts');
    expect(within(amounts).getByText('Zwischensumme')).toBeInTheDocument();
    expect(within(amounts).getByText('Fälliger Betrag')).toBeInTheDocument();
    // Money in the reader's language: the German separators around the pound sign's amount.
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('1.200,00');
    expect(screen.getByTestId('invoice-state-note')).toHaveTextContent(/^Bezahlt am .+\. Vielen Dank: Die Arbeit hat begonnen\.$/);

    const payments = screen.getByRole('region', { name: 'Zahlungen' });
    const rows = within(payments).getAllByTestId('invoice-payment');
    expect(rows[0]).toHaveTextContent('Karte');
    expect(rows[1]).toHaveTextContent('Erstattung (Karte)');
    expect(within(rows[0]).getByRole('button', { name: /^Beleg für die Zahlung vom .+ \(PDF\)$/ })).toBeInTheDocument();
    expect(screen.queryByText('Payments')).not.toBeInTheDocument();
  });

  it('asks to void in German and refuses a reason too short in German', async () => {
    const { user } = renderScreen(<StaffInvoiceActions invoice={invoiceFixture({ status: 'sent' })} role="admin" />, { path: '/invoice' });
    expect(screen.getByRole('button', { name: 'Zahlung erfassen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stornieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'INV-2026-0042 stornieren?' });
    expect(dialog).toHaveTextContent('Eine stornierte Rechnung ist nicht mehr fällig und kann nie wieder geändert werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Rechnung stornieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Geben Sie einen Grund an (mindestens 3 Zeichen).');
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
