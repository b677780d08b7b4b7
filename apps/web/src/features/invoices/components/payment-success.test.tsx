import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { PaymentCancelled, PaymentSuccess } from './payment-success';

const props = {
  reader: 'client' as const,
  invoicePath: (id: string) => `/view-invoice?id=${id}`,
  invoicesPath: '/view-invoice',
  loginPath: '/loginpage',
};

describe('payment success page', () => {
  it('says "Processing your payment…" until the webhook has marked the invoice paid, then "Payment received"', async () => {
    let calls = 0;
    server.use(
      http.get('/api/invoices/INV-2026-0042', () => {
        calls += 1;
        return HttpResponse.json({ invoice: invoiceFixture(calls < 2 ? {} : { status: 'paid', amount_paid: 120000, amount_due: 0 }) });
      }),
    );
    renderScreen(<PaymentSuccess invoiceNo="INV-2026-0042" {...props} />, { path: '/paymentsuccess/INV-2026-0042' });

    expect(await screen.findByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/INV-2026-0042 for “Booking site” is paid \(£1,200\.00\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the invoice' })).toHaveAttribute('href', '/view-invoice?id=11');
    expect(screen.queryByText(/the work on your project has started/)).toBeNull();
  });

  it('says that the work has started when the payment was the deposit', async () => {
    server.use(
      http.get('/api/invoices/INV-2026-0042', () =>
        HttpResponse.json({ invoice: invoiceFixture({ kind: 'deposit', status: 'paid', amount_paid: 120000, amount_due: 0 }) }),
      ),
    );
    renderScreen(<PaymentSuccess invoiceNo="INV-2026-0042" {...props} />, { path: '/paymentsuccess/INV-2026-0042' });
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/With the deposit paid, the work on your project has started\./)).toBeInTheDocument();
  });

  it('tells a reader clearly when the invoice number is unknown, or not an invoice number at all', async () => {
    server.use(http.get('/api/invoices/INV-2026-9999', () => HttpResponse.json({ error: 'Invoice not found', code: 'NOT_FOUND' }, { status: 404 })));
    const first = renderScreen(<PaymentSuccess invoiceNo="INV-2026-9999" {...props} />, { path: '/paymentsuccess/INV-2026-9999' });
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByText(/“INV-2026-9999”/)).toBeInTheDocument();
    first.unmount();

    renderScreen(<PaymentSuccess invoiceNo="hello" {...props} />, { path: '/paymentsuccess/hello' });
    expect(screen.getByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
  });

  it('shows no invoice details to someone signed out', () => {
    renderScreen(<PaymentSuccess invoiceNo="INV-2026-0042" {...props} reader="anonymous" />, { path: '/paymentsuccess/INV-2026-0042' });
    expect(screen.getByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.queryByText(/Booking site/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/loginpage');
  });

  it('shows signed-in staff the public text, not the client’s invoice, and does not ask for it', async () => {
    // Staff may read every invoice through the API: the page itself keeps the details to the client.
    let asked = 0;
    server.use(
      http.get('/api/invoices/INV-2026-0042', () => {
        asked += 1;
        return HttpResponse.json({ invoice: invoiceFixture({ status: 'paid', amount_paid: 120000, amount_due: 0 }) });
      }),
    );
    renderScreen(<PaymentSuccess invoiceNo="INV-2026-0042" {...props} reader="staff" invoicesPath="/admindashboard/invoice" />, {
      path: '/paymentsuccess/INV-2026-0042',
    });
    expect(screen.getByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText(/If your payment for INV-2026-0042 went through, a receipt is on its way by e-mail\./)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toBe(0);
    expect(screen.queryByText(/Booking site|Chloe Client|£1,200\.00/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/admindashboard/invoice');
  });

  it('the cancel page says nothing was charged and leads back to the invoice', () => {
    renderScreen(<PaymentCancelled backPath="/view-invoice?id=11" />, { path: '/paymentcancel' });
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the invoice' })).toHaveAttribute('href', '/view-invoice?id=11');
  });
});
