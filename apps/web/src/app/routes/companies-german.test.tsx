import type { Company, CompanyListItem, CompanyMember, User } from '@agency/schema';
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
import { ClientsRoute } from './clients';
import { CompanyRoute } from './company';
import { CompanyInvitationRoute } from './company-invitation';

const olga: User = { id: '7', name: 'Olga Owner', email: 'olga@northwind.test', role: 'client', company_id: '3', company_role: 'owner' };
const ada: User = { id: '2', name: 'Ada Admin', email: 'ada@example.test', role: 'admin', company_id: null, company_role: null };

const northwind: Company = {
  id: '3',
  name: 'Northwind Clinics',
  billing_address: '1 High Street\nLeeds LS1 1AA',
  country: 'GB',
  tax_number: null,
  billing_email: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

const members: CompanyMember[] = [
  { id: '7', name: 'Olga Owner', email: 'olga@northwind.test', company_role: 'owner', status: 'active', created_at: '2026-01-10T09:00:00.000Z' },
  { id: '9', name: 'Mia Member', email: 'mia@northwind.test', company_role: 'member', status: 'active', created_at: '2026-01-12T09:00:00.000Z' },
];

const listed: CompanyListItem = {
  ...northwind,
  people_count: 2,
  projects_count: 1,
  open_invoices_count: 2,
  open_invoices_total: [{ currency: 'EUR', amount: 12000 }],
  last_activity_at: null,
};

function signedIn(user: User) {
  const auth: AuthContextValue = {
    isAuthenticated: true,
    isRestoring: false,
    user,
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
  return (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>;
}

beforeEach(async () => {
  await setLocale('de');
  server.use(configHandler());
});
afterEach(() => setLocale('en-GB'));

describe('the company screens in German', { timeout: 20_000 }, () => {
  it('shows an owner the people, roles, dialogs and details in German, the data as entered', async () => {
    server.use(
      http.get('/api/company', () => HttpResponse.json({ company: northwind })),
      http.get('/api/company/members', () => HttpResponse.json({ items: members })),
      http.get('/api/company/invitations', () => HttpResponse.json({ items: [] })),
    );
    const { user } = renderScreen(<CompanyRoute />, { path: paths.client.company, wrap: signedIn(olga) });

    expect(screen.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeInTheDocument();
    const people = await screen.findByRole('region', { name: 'Personen' });
    const rows = await within(people).findAllByTestId('member-row');
    expect(within(rows[0]).getByTestId('member-you')).toHaveTextContent('Sie');
    const mia = rows.find((row) => row.textContent?.includes('Mia Member'))!;
    const select = within(mia).getByRole('combobox', { name: 'Rolle von Mia Member' });
    expect(within(select).getByRole('option', { name: 'Buchhaltung' })).toBeInTheDocument();

    await user.selectOptions(select, 'billing');
    const dialog = await screen.findByRole('dialog', { name: 'Rolle ändern?' });
    expect(dialog).toHaveTextContent('Mia Member erhält die Rolle Buchhaltung: Rechnungen und Zahlungen, sieht die Projekte.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    expect(await screen.findByRole('region', { name: 'Offene Einladungen' })).toHaveTextContent('Keine offenen Einladungen');
    const invite = screen.getByRole('form', { name: 'Eine Kollegin oder einen Kollegen einladen' });
    expect(within(invite).getByText('Projekte, Chat und Tool-Anfragen, keine Beträge')).toBeInTheDocument();
    expect(within(invite).getByRole('button', { name: 'Einladung senden' })).toBeInTheDocument();

    const details = screen.getByRole('form', { name: 'Angaben zum Unternehmen' });
    expect(await within(details).findByRole('textbox', { name: 'Name des Unternehmens' })).toHaveValue('Northwind Clinics');
    // The country's name follows the reader's language too.
    expect(within(details).getByRole('combobox', { name: 'Land' })).toHaveDisplayValue('Vereinigtes Königreich');
    expect(within(details).getByRole('button', { name: 'Angaben speichern' })).toBeDisabled();
  });

  it('shows staff the clients list in German', async () => {
    server.use(http.get('/api/companies', () => HttpResponse.json({ items: [listed], next_cursor: null })));
    renderScreen(<ClientsRoute />, { path: paths.staff.clients, wrap: signedIn(ada) });

    expect(screen.getByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Unternehmen' });
    expect(within(list).getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
    expect(await within(list).findByTestId('company-open-invoices')).toHaveTextContent('2 offen');
    expect(within(list).getByRole('columnheader', { name: 'Letzte Aktivität' })).toBeInTheDocument();
  });

  it('shows the invitation page without a token in German', () => {
    renderScreen(<CompanyInvitationRoute />, { path: '/company-invitation', pattern: '/company-invitation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ihrem Unternehmen beitreten' })).toBeInTheDocument();
    expect(screen.getByTestId('invitation-error')).toHaveTextContent('Kein Einladungstoken');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeInTheDocument();
  });
});
