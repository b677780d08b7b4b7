import type { CreateInvoiceInput } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { InvoiceEditorDialog } from './invoice-editor-dialog';

describe('invoice editor', { timeout: 20_000 }, () => {
  it('updates the totals as lines are typed, per line and half-up, and sends minor units', async () => {
    let sent: CreateInvoiceInput | null = null;
    server.use(
      http.post('/api/invoices', async ({ request }) => {
        sent = (await request.json()) as CreateInvoiceInput;
        return HttpResponse.json({ invoice: invoiceFixture() }, { status: 201 });
      }),
    );
    const onSaved = vi.fn();
    const { user } = renderScreen(
      <InvoiceEditorDialog open invoice={null} projectId="3" projectCurrency="GBP" onClose={() => undefined} onSaved={onSaved} />,
      { path: '/admindashboard/invoice' },
    );
    const editor = await screen.findByTestId('invoice-editor');
    await user.type(within(editor).getByTestId('line-description'), 'Design');
    await user.clear(within(editor).getByTestId('line-tax'));
    await user.type(within(editor).getByTestId('line-tax'), '20');
    await user.type(within(editor).getByTestId('line-unit-price'), '10.05');
    expect(within(editor).getByTestId('invoice-subtotal')).toHaveTextContent('£10.05');
    expect(within(editor).getByTestId('invoice-tax')).toHaveTextContent('£2.01');

    await user.click(within(editor).getByTestId('add-line'));
    const descriptions = within(editor).getAllByTestId('line-description');
    await user.type(descriptions[1], 'Hosting');
    await user.type(within(editor).getAllByTestId('line-unit-price')[1], '0.13');
    expect(within(editor).getByTestId('invoice-tax')).toHaveTextContent('£2.04');
    expect(within(editor).getByTestId('invoice-total')).toHaveTextContent('£12.22');

    await user.click(within(editor).getByTestId('invoice-save'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toMatchObject({
      project_id: '3',
      currency: 'GBP',
      discount: 0,
      lines: [
        { description: 'Design', quantity: 1, unit_price: 1005, tax_rate: 20 },
        { description: 'Hosting', quantity: 1, unit_price: 13, tax_rate: 20 },
      ],
    });
  });

  it('refuses a price that is not an amount of the currency, before anything is sent', async () => {
    const { user } = renderScreen(
      <InvoiceEditorDialog open invoice={null} projectId="3" projectCurrency="JPY" onClose={() => undefined} onSaved={() => undefined} />,
      {
        path: '/admindashboard/invoice',
      },
    );
    const editor = await screen.findByTestId('invoice-editor');
    await user.type(within(editor).getByTestId('line-description'), 'Work');
    await user.type(within(editor).getByTestId('line-unit-price'), '10.5');
    await user.click(within(editor).getByTestId('invoice-save'));
    expect(await within(editor).findByText('A price in JPY, e.g. 150050')).toBeInTheDocument();
  });
});
