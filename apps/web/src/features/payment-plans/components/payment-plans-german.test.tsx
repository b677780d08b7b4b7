import type { PaymentPlan } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { PaymentPlanSection } from './payment-plan-section';

const stage = { amount: 0, due_date: null, card_id: null, card_title: null, invoice: null, released_at: null } as const;
const plan: PaymentPlan = {
  project_id: '3',
  currency: 'GBP',
  base: 1_000_000,
  base_source: 'budget',
  stages: [
    { ...stage, id: '1', label: 'Kick-off', percent: 50, amount: 500_000, release: 'manual', state: 'paid' },
    { ...stage, id: '2', label: 'Launch', percent: 50, amount: 500_000, release: 'card', card_title: 'Go live', state: 'planned' },
  ],
};

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the payment plan in German', { timeout: 20_000 }, () => {
  it("shows each stage's release and state in German, and the editor's sum problem in German", async () => {
    server.use(
      http.get('/api/projects/3/payment-plan', () => HttpResponse.json({ plan })),
      http.get('/api/projects/3/board', () => HttpResponse.json({ columns: [] })),
    );
    const { user } = renderScreen(<PaymentPlanSection projectId="3" editable />);
    const stages = await screen.findAllByTestId('plan-stage');
    expect(stages[0]).toHaveTextContent('Abgerechnet durch die Agentur');
    expect(within(stages[0]!).getByText('Bezahlt')).toBeInTheDocument();
    expect(stages[1]).toHaveTextContent('Abgerechnet, wenn „Go live“ erledigt ist');
    expect(within(stages[1]!).getByRole('button', { name: 'Jetzt abrechnen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Plan bearbeiten' }));
    const editor = await screen.findByTestId('plan-editor');
    expect(editor).toHaveTextContent('(das Budget) und müssen zusammen 100 % ergeben');
    expect(within(editor).getByTestId('plan-sum')).toHaveTextContent('Die Etappen ergeben 100 %.');
    const launch = within(within(editor).getAllByTestId('plan-stage-row')[1]!).getByLabelText('%');
    await user.clear(launch);
    await user.type(launch, '40');
    expect(within(editor).getByTestId('plan-sum')).toHaveTextContent('Die Etappen ergeben 90 % der Summe; sie müssen 100 % ergeben');
    await user.click(within(editor).getByRole('button', { name: 'Plan speichern' }));
    expect(await within(editor).findByTestId('plan-error')).toHaveTextContent('sie müssen 100 % ergeben');
  });
});
