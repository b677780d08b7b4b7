import type { Statement, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { setLocale } from '../../i18n';
import { paths } from '../../lib/paths';
import { configHandler } from '../../test/config-fixture';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { BillingRoute } from './billing';

const owner: User = { id: '7', name: 'Olga Owner', email: 'olga@northwind.test', role: 'client', company_id: '3', company_role: 'owner' };

const statement: Statement = {
  company: { id: '3', name: 'Northwind Clinics' },
  from: '2026-01-01',
  to: '2026-03-31',
  currency: 'GBP',
  opening_balance: 50_000,
  lines: [
    {
      date: '2026-02-01',
      kind: 'invoice',
      reference: 'INV-2026-0007',
      // The API writes a line's description in British English; the screen reads it in the reader's language.
      description: 'Invoice issued',
      invoice_id: '5',
      amount: 120_000,
      balance: 170_000,
    },
    {
      date: '2026-02-10',
      kind: 'payment',
      reference: 'INV-2026-0007',
      description: 'Bank transfer (NW-0207)',
      invoice_id: '5',
      amount: -120_000,
      balance: 50_000,
    },
  ],
  closing_balance: 50_000,
};

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

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the billing screen in German', { timeout: 20_000 }, () => {
  it('names the cards, autopay and the statement in German', async () => {
    server.use(
      configHandler(),
      http.get('/api/payment-methods', () =>
        HttpResponse.json({
          items: [
            { id: '21', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, is_default: true },
            { id: '22', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030, is_default: false },
          ],
          autopay: { paused: false, paused_at: null, reason: null },
        }),
      ),
      http.get('/api/companies/3/statement', () => HttpResponse.json(statement)),
    );
    const { user } = renderScreen(<BillingRoute />, {
      path: `${paths.client.billing}?card=saved`,
      wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
    });

    expect(screen.getByRole('heading', { name: 'Abrechnung' })).toBeInTheDocument();
    expect(screen.getByTestId('card-saved')).toHaveTextContent('Ihre Karte wurde gespeichert.');
    const rows = await screen.findAllByTestId('saved-card');
    // The card brand is a name: it stays as it is, the words around it are German.
    expect(rows[0]).toHaveTextContent('Visa mit Endziffern 4242Gültig bis 04/31Standard für automatische Zahlung');
    expect(within(rows[1]).getByRole('button', { name: 'Mastercard mit Endziffern 4444 für automatische Zahlung verwenden' })).toBeInTheDocument();

    const statementCard = screen.getByRole('region', { name: 'Kontoauszug' });
    expect(await within(statementCard).findByText('Anfangssaldo')).toBeInTheDocument();
    const [line, payment] = within(statementCard).getAllByTestId('statement-line');
    expect(line).toHaveTextContent('Rechnung INV-2026-0007');
    expect(line).toHaveTextContent('Rechnung gestellt');
    expect(line).toHaveTextContent(/Saldo 1\.700,00/);
    expect(payment).toHaveTextContent('Banküberweisung (NW-0207)');
    expect(within(statementCard).getByText('Endsaldo')).toBeInTheDocument();

    await user.click(within(rows[0]).getByRole('button', { name: 'Visa mit Endziffern 4242 entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diese Karte entfernen?' });
    expect(dialog).toHaveTextContent('Visa mit Endziffern 4242 bezahlt Ihre Rechnungen automatisch');
  });
});
