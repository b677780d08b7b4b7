import type { PaymentPlan } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../../../test/invoice-fixtures';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { PaymentPlanSection } from './payment-plan-section';

const plan: PaymentPlan = {
  project_id: '3',
  currency: 'GBP',
  base: 1_000_000,
  base_source: 'proposal',
  stages: [
    {
      id: '1',
      label: 'Kick-off',
      percent: 30,
      amount: 300_000,
      release: 'manual',
      due_date: null,
      card_id: null,
      card_title: null,
      state: 'paid',
      invoice: { id: '9', invoice_no: 'INV-2026-0009', status: 'paid' },
      released_at: '2026-01-02T10:00:00.000Z',
    },
    {
      id: '2',
      label: 'Beta',
      percent: 40,
      amount: 400_000,
      release: 'date',
      due_date: '2026-03-01',
      card_id: null,
      card_title: null,
      state: 'planned',
      invoice: null,
      released_at: null,
    },
    {
      id: '3',
      label: 'Launch',
      percent: 30,
      amount: 300_000,
      release: 'card',
      due_date: null,
      card_id: '44',
      card_title: 'Go live',
      state: 'planned',
      invoice: null,
      released_at: null,
    },
  ],
};

describe('the payment plan on a project', { timeout: 20_000 }, () => {
  it("shows the client each stage's share, release and state, read only", async () => {
    server.use(
      http.get('/api/projects/3/payment-plan', () =>
        HttpResponse.json({ plan: { ...plan, stages: plan.stages.map((s) => ({ ...s, card_id: null, card_title: null })) } }),
      ),
    );
    renderScreen(<PaymentPlanSection projectId="3" editable={false} />);
    const stages = await screen.findAllByTestId('plan-stage');
    expect(stages.map((s) => s.textContent)).toEqual([
      'Kick-off · £3,000.00 (30 %)Invoiced by the agency · INV-2026-0009Paid',
      'Beta · £4,000.00 (40 %)Invoiced on 01 Mar 2026Planned',
      'Launch · £3,000.00 (30 %)Invoiced when its milestone is donePlanned',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets staff invoice a planned stage now, after a confirmation', async () => {
    const released: string[] = [];
    server.use(
      http.get('/api/projects/3/payment-plan', () => HttpResponse.json({ plan })),
      http.post('/api/projects/3/payment-plan/stages/:stage/release', ({ params }) => {
        released.push(String(params.stage));
        return HttpResponse.json({ invoice: invoiceFixture({ id: '10', invoice_no: 'INV-2026-0010', kind: 'milestone' }) });
      }),
    );
    const { user } = renderScreen(<PaymentPlanSection projectId="3" editable />);
    expect(await screen.findByText(/Invoiced when "Go live" is done/)).toBeInTheDocument();
    expect(screen.queryByTestId('release-1')).toBeNull();
    await user.click(screen.getByTestId('release-2'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(released).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send the invoice' }));
    await expect.poll(() => released).toEqual(['2']);
  });

  it('says by how much the stages miss 100 % and saves nothing until they add up', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/projects/3/payment-plan', () => HttpResponse.json({ plan })),
      http.put('/api/projects/3/payment-plan', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ plan });
      }),
      http.get('/api/projects/3/board', () => HttpResponse.json({ columns: [{ id: '1', name: 'Done', cards: [{ id: '44', title: 'Go live' }] }] })),
    );
    const { user } = renderScreen(<PaymentPlanSection projectId="3" editable />);
    await user.click(await screen.findByTestId('edit-plan'));
    const editor = await screen.findByTestId('plan-editor');
    const rows = within(editor).getAllByTestId('plan-stage-row');
    // The paid stage is locked; the others may change.
    expect(within(rows[0]!).getByLabelText('Label')).toBeDisabled();
    const beta = within(rows[1]!).getByLabelText('%');
    await user.clear(beta);
    await user.type(beta, '30');
    expect(within(editor).getByTestId('plan-sum')).toHaveTextContent('The stages add up to 90 % of the total; they must add up to 100 %');
    await user.click(within(editor).getByTestId('plan-save'));
    expect(await within(editor).findByTestId('plan-error')).toHaveTextContent('90 %');
    expect(saved).toEqual([]);
    await user.clear(beta);
    await user.type(beta, '40');
    expect(within(editor).getByTestId('plan-sum')).toHaveTextContent('The stages add up to 100 %.');
    await user.click(within(editor).getByTestId('plan-save'));
    await expect.poll(() => saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      stages: [
        { id: '1', label: 'Kick-off', percent: 30 },
        { id: '2', label: 'Beta', percent: 40, release: 'date', due_date: '2026-03-01' },
        { id: '3', label: 'Launch', percent: 30, release: 'card', card_id: '44' },
      ],
    });
  });
});
