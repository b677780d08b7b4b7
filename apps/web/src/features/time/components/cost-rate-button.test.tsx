import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useState } from 'react';
import { CostRateButton, CostRateEditor } from './cost-rate-button';
// Loaded up front, as a browser would have it cached: the button fetches it on the first click.
import './cost-rate-dialog';

const milo = { id: '41', name: 'Milo Member' };

function Row() {
  const [costing, setCosting] = useState<typeof milo | null>(null);
  return (
    <>
      <CostRateButton person={milo} onOpen={setCosting} />
      <CostRateEditor person={costing} onClose={() => setCosting(null)} />
    </>
  );
}

function serve(saved: { cost_rate: number | null; currency: string; updated_at: string | null }) {
  const sent: unknown[] = [];
  server.use(
    http.get('/api/users/41/rates', () => HttpResponse.json({ rates: { user_id: '41', ...saved } })),
    http.patch('/api/users/41/rates', async ({ request }) => {
      const body = (await request.json()) as { cost_rate: number | null; currency: string };
      sent.push(body);
      if (body.cost_rate === 900) {
        return HttpResponse.json({ error: 'The cost rate is below the minimum wage', code: 'VALIDATION_ERROR' }, { status: 400 });
      }
      return HttpResponse.json({
        rates: { user_id: '41', cost_rate: body.cost_rate, currency: body.currency, updated_at: '2026-11-27T10:00:00.000Z' },
      });
    }),
  );
  return sent;
}

describe('CostRateButton', () => {
  it("shows an employee's cost rate and saves a new one in minor units", async () => {
    const sent = serve({ cost_rate: 3000, currency: 'GBP', updated_at: '2026-11-01T10:00:00.000Z' });
    const { user } = renderScreen(
      <>
        <Row />
        <ToastHost />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cost rate of Milo Member' }));
    const dialog = await screen.findByTestId('cost-rate-dialog');
    const amount = await within(dialog).findByTestId('cost-rate-amount');
    expect(amount).toHaveValue('30.00');
    await user.clear(amount);
    await user.type(amount, '42.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ cost_rate: 4250, currency: 'GBP' }]));
    expect(await screen.findByText('Milo Member costs £42.50 an hour')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('cost-rate-dialog')).toBeNull());
  });

  it('refuses an amount that is not money before sending, and shows what the server refuses', async () => {
    const sent = serve({ cost_rate: null, currency: 'GBP', updated_at: null });
    const { user } = renderScreen(<Row />);
    await user.click(await screen.findByRole('button', { name: 'Cost rate of Milo Member' }));
    const dialog = await screen.findByTestId('cost-rate-dialog');
    const amount = await within(dialog).findByTestId('cost-rate-amount');
    expect(amount).toHaveValue('');
    await user.type(amount, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('cost-rate-error')).toHaveTextContent('Give an amount in GBP, such as 45.00');
    expect(sent).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('cost-rate-error')).toHaveTextContent('The cost rate is below the minimum wage');
    expect(screen.getByTestId('cost-rate-dialog')).toBeInTheDocument();
  });
});
