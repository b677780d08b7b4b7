import type { RecurringInvoice } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { RevenueForecastCard } from './revenue-forecast-card';
import { RecurringInvoicesSection } from './recurring-invoices-section';

const retainer: RecurringInvoice = {
  id: '7',
  project_id: '3',
  project_title: 'Shop retainer',
  company: { id: '1', name: 'Acme Ltd' },
  currency: 'GBP',
  lines: [{ description: 'Retainer', quantity: 1, unit_price: 250_000, tax_rate: 20, amount: 250_000, discount: 0, tax: 50_000 }],
  discount: 0,
  subtotal: 250_000,
  tax_total: 50_000,
  total: 300_000,
  notes: null,
  schedule: { frequency: 'monthly', interval: 3, day: null, start_date: '2026-01-31', end_date: null, count: null },
  auto_send: false,
  auto_charge: false,
  status: 'paused',
  next_date: null,
  last_period_on: '2026-01-31',
  invoice_count: 2,
  created_at: '2026-01-20T10:00:00.000Z',
  updated_at: '2026-01-20T10:00:00.000Z',
};

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

function open() {
  return renderScreen(
    <RecurringInvoicesSection
      projects={[{ id: '3', title: 'Shop retainer', currency: 'GBP', company_id: '1' }]}
      companies={[{ id: '1', name: 'Acme Ltd' }]}
      onCompanySearch={() => undefined}
      today="2026-01-20"
    />,
  );
}

describe('recurring invoices in German', { timeout: 30_000 }, () => {
  it('lists one with its schedule, state and actions in German, and confirms in German', async () => {
    server.use(http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [retainer], next_cursor: null })));
    const { user } = open();
    expect(screen.getByRole('heading', { name: 'Wiederkehrende Rechnungen' })).toBeInTheDocument();
    const row = await screen.findByTestId('recurring-row');
    expect(row).toHaveTextContent(/Acme Ltd · Alle 3 Monate ab .+ · 2 erstellt · bleiben Entwürfe/);
    expect(within(row).getByText('Pausiert')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Fortsetzen' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Diese wiederkehrende Rechnung fortsetzen?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Ab dem nächsten Termin werden wieder Rechnungen erstellt.');
  });

  it("words the dialog, the schedule's problem and the server's refusal in German", async () => {
    server.use(
      http.get('/api/recurring-invoices', () => HttpResponse.json({ items: [], next_cursor: null })),
      http.post('/api/recurring-invoices', () =>
        HttpResponse.json({ error: 'The request is not valid', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    const { user } = open();
    expect(await screen.findByText('Noch keine wiederkehrenden Rechnungen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Neue wiederkehrende Rechnung' }));
    const dialog = await screen.findByTestId('recurring-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Neue wiederkehrende Rechnung' })).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('recurring-save'));
    expect(await within(dialog).findByTestId('recurring-error')).toHaveTextContent('Wählen Sie ein Kundenunternehmen');

    await user.click(within(dialog).getByLabelText('Kundenunternehmen'));
    await user.click(await screen.findByRole('option', { name: 'Acme Ltd' }));
    await user.type(within(dialog).getByLabelText('Beschreibung'), 'Retainer');
    await user.type(within(dialog).getByLabelText('Einzelpreis'), '2500');
    const interval = within(dialog).getByLabelText('Intervall');
    await user.clear(interval);
    await user.type(interval, '0');
    expect(within(dialog).getByTestId('recurring-preview')).toHaveTextContent('Der Zeitplan braucht ein Intervall von mindestens 1');
    await user.clear(interval);
    await user.type(interval, '1');
    expect(within(dialog).getByTestId('recurring-preview')).toHaveTextContent(/^Nächste Termine: /);
    await user.click(within(dialog).getByTestId('recurring-save'));
    expect(await within(dialog).findByTestId('recurring-error')).toHaveTextContent('Die Anfrage ist ungültig');
  });

  it('shows the money ahead in German', async () => {
    server.use(
      http.get('/api/recurring-invoices/forecast', () =>
        HttpResponse.json({ mrr: [{ currency: 'GBP', amount: 300_000 }], next_30_days: [{ date: '2026-01-31', currency: 'GBP', amount: 300_000 }] }),
      ),
    );
    renderScreen(<RevenueForecastCard today="2026-01-20" />);
    expect(await screen.findByText('Monatlich wiederkehrender Umsatz')).toBeInTheDocument();
    expect(screen.getByText('Erwartet in 30 Tagen')).toBeInTheDocument();
    expect(within(screen.getByTestId('revenue-forecast')).getByRole('table', { hidden: true })).toHaveTextContent(
      'Erwartete Einnahmen pro Tag in GBP',
    );
  });
});
