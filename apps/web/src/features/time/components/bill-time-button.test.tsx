import type { BillablePreview } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { entryFixture } from '../../../test/time-fixtures';
import { BillTimeButton } from './bill-time-button';

const entries = [
  entryFixture({ id: '1', minutes: 90, status: 'approved', card_id: '9', card_title: 'Wireframes' }),
  entryFixture({ id: '2', minutes: 30, status: 'approved' }),
];

function preview(groupBy: string): BillablePreview {
  const lines =
    groupBy === 'person'
      ? [{ description: 'Time: Mia Member (2h)', quantity: 2, unit_price: 9000, amount: 18000 }]
      : [
          { description: 'Time: Wireframes (1h 30m)', quantity: 1.5, unit_price: 9000, amount: 13500 },
          { description: 'Time: other work on Booking site (30m)', quantity: 0.5, unit_price: 9000, amount: 4500 },
        ];
  return { currency: 'GBP', hourly_rate: 9000, lines, entries, expenses: [], problems: [] };
}

describe('Add time and expenses on an invoice draft', () => {
  it('previews the lines by card, regroups them by person, and bills them with the tax rate chosen', async () => {
    const billed: unknown[] = [];
    server.use(
      http.get('/api/invoices/11/billable', ({ request }) => HttpResponse.json(preview(new URL(request.url).searchParams.get('group_by') ?? 'card'))),
      http.post('/api/invoices/11/bill-time', async ({ request }) => {
        billed.push(await request.json());
        return HttpResponse.json({ invoice: invoiceFixture({ status: 'draft' }) });
      }),
    );
    const { user } = renderScreen(<BillTimeButton invoiceId="11" />);
    await user.click(screen.getByRole('button', { name: 'Add time and expenses' }));
    const dialog = await screen.findByTestId('bill-time-dialog');
    expect(await within(dialog).findAllByTestId('bill-line')).toHaveLength(2);
    expect(within(dialog).getByTestId('bill-summary')).toHaveTextContent('2h of approved time in 2 entries at £90.00 an hour, and 0 expenses.');
    expect(within(dialog).getAllByTestId('bill-line')[0]).toHaveTextContent('Time: Wireframes (1h 30m)1.5£90.00£135.00');
    await user.click(within(dialog).getByRole('button', { name: 'By person' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('bill-line')).toHaveLength(1));
    const tax = within(dialog).getByRole('textbox', { name: 'Tax rate (%)' });
    await user.clear(tax);
    await user.type(tax, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 line' }));
    await waitFor(() => expect(screen.queryByTestId('bill-time-dialog')).toBeNull());
    expect(billed).toEqual([{ group_by: 'person', tax_rate: 20 }]);
  });

  it('says why approved time cannot go on the draft and adds nothing when there is nothing', async () => {
    server.use(
      http.get('/api/invoices/11/billable', () =>
        HttpResponse.json({
          currency: 'GBP',
          hourly_rate: null,
          lines: [],
          entries: [],
          expenses: [],
          problems: ['Set the project’s hourly rate to bill its time'],
        }),
      ),
    );
    const { user } = renderScreen(<BillTimeButton invoiceId="11" />);
    await user.click(screen.getByRole('button', { name: 'Add time and expenses' }));
    expect(await screen.findByTestId('bill-problem')).toHaveTextContent('Set the project’s hourly rate to bill its time');
    expect(screen.getByText('Nothing approved is waiting to be billed on this project.')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-bill-time')).toBeDisabled();
  });
});
