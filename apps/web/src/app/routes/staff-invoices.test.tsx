import type { InvoiceListItem, PublicConfig, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { invoiceFixture } from '../../test/invoice-fixtures';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { SuperadminInvoicesRoute } from './staff-invoices';
import { publicConfig } from '../../test/config-fixture';

const owner: User = { id: '1', name: 'Olive Owner', email: 'owner@example.test', role: 'superadmin', company_id: null, company_role: null };
const auth: AuthContextValue = {
  isAuthenticated: true,
  isRestoring: false,
  user: owner,
  token: 't',
  mfaEnrolmentRequired: false,
  hasSignedOut: false,
  signIn: () => undefined,
  signOut: async () => undefined,
};

function listItem(overrides: Partial<InvoiceListItem>): InvoiceListItem {
  const { lines: _lines, payments: _payments, pdf_url: _pdf, ...item } = invoiceFixture();
  return { ...item, ...overrides };
}

const paid = listItem({ id: '21', invoice_no: 'INV-2026-0021', status: 'paid', amount_paid: 120000, amount_due: 0 });
const refunded = listItem({ id: '22', invoice_no: 'INV-2026-0022', status: 'paid', amount_paid: 0, amount_refunded: 120000, amount_due: 0 });
const partlyRefunded = listItem({
  id: '23',
  invoice_no: 'INV-2026-0023',
  status: 'paid',
  amount_paid: 100000,
  amount_refunded: 20000,
  amount_due: 0,
});

const config: PublicConfig = publicConfig;

function serve(exports: URLSearchParams[]) {
  server.use(
    http.get('/api/config', () => HttpResponse.json(config)),
    http.get('/api/invoices/summary', () => HttpResponse.json({ totals: [], revenue_by_month: [], needs_attention: 0 })),
    http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [], next_cursor: null })),
    http.get('/api/projects', () =>
      HttpResponse.json({
        items: [
          { id: '3', title: 'Booking site', status: 'approved', client: { id: '7', name: 'Chloe Client' } },
          { id: '4', title: 'Shop', status: 'in_progress', client: { id: '8', name: 'Otto Other' } },
        ],
        next_cursor: null,
      }),
    ),
    http.get('/api/invoices', () => HttpResponse.json({ items: [paid, refunded, partlyRefunded], next_cursor: null })),
    http.get('/api/invoices/export.csv', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('invoice_no\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="invoices-2026-03-01.csv"' },
      });
    }),
  );
}

function openInvoices() {
  return renderScreen(<SuperadminInvoicesRoute />, {
    path: paths.superadmin.invoices,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

describe('the super admin’s invoices', () => {
  beforeEach(() => {
    // jsdom has no object URLs and no downloads: the file itself is what the request returned.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads "Refunded" on a paid invoice whose whole payment went back, and "Paid" on one refunded in part', async () => {
    serve([]);
    openInvoices();
    const rowOf = async (invoiceNo: string) =>
      (await screen.findAllByTestId('invoice-row')).find((row) => row.getAttribute('data-invoice-no') === invoiceNo)!;
    expect(within(await rowOf('INV-2026-0022')).getByTestId('invoice-status')).toHaveTextContent(/^Refunded$/);
    expect(within(await rowOf('INV-2026-0021')).getByTestId('invoice-status')).toHaveTextContent(/^Paid$/);
    expect(within(await rowOf('INV-2026-0023')).getByTestId('invoice-status')).toHaveTextContent(/^Paid$/);
  });

  it('exports what the filters on screen show: status, client and project', async () => {
    const exports: URLSearchParams[] = [];
    serve(exports);
    const { user } = openInvoices();
    await screen.findAllByTestId('invoice-row');

    await user.click(screen.getByTestId('export-invoices'));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect([...exports[0].keys()]).toEqual([]);

    await user.click(screen.getByTestId('invoice-status-filter'));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await user.click(screen.getByTestId('invoice-client-filter'));
    await user.click(await screen.findByRole('option', { name: 'Chloe Client' }));
    await user.click(screen.getByTestId('invoice-project-filter'));
    await user.click(await screen.findByRole('option', { name: 'Booking site' }));
    await user.click(screen.getByTestId('export-invoices'));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(Object.fromEntries(exports[1])).toEqual({ status: 'paid', client_id: '7', project_id: '3' });

    await user.click(screen.getByTestId('invoice-status-filter'));
    await user.click(await screen.findByRole('option', { name: 'Needs attention' }));
    await user.click(screen.getByTestId('export-invoices'));
    await waitFor(() => expect(exports).toHaveLength(3));
    expect(Object.fromEntries(exports[2])).toEqual({ attention: 'true', client_id: '7', project_id: '3' });
  }, 30_000);
});
