import type { CompanyListItem, InvoiceListItem, ProjectListItem, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { invoiceFixture } from '../../test/invoice-fixtures';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { ClientsRoute } from './clients';
import { configHandler } from '../../test/config-fixture';

const ada: User = { id: '2', name: 'Ada Admin', email: 'ada@example.test', role: 'admin', company_id: null, company_role: null };

function company(id: string, name: string, overrides: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    id,
    name,
    billing_address: null,
    country: null,
    tax_number: null,
    billing_email: null,
    created_at: '2026-01-10T09:00:00.000Z',
    updated_at: '2026-01-10T09:00:00.000Z',
    people_count: 1,
    projects_count: 0,
    open_invoices_count: 0,
    open_invoices_total: [],
    last_activity_at: null,
    ...overrides,
  };
}

const northwind = company('3', 'Northwind Clinics', {
  billing_address: '1 High Street\nLeeds LS1 1AA',
  country: 'GB',
  tax_number: 'GB123456789',
  people_count: 3,
  projects_count: 2,
  open_invoices_count: 2,
  open_invoices_total: [
    { currency: 'GBP', amount: 450015 },
    { currency: 'EUR', amount: 12000 },
  ],
  last_activity_at: '2026-03-04T16:20:00.000Z',
});
const solo = company('4', 'Sam Solo');

function project(id: string, title: string, status: ProjectListItem['status']): ProjectListItem {
  return {
    id,
    title,
    description: 'A project',
    category: null,
    budget_minor: 1500000,
    currency: 'GBP',
    deadline: null,
    status,
    rejection_reason: null,
    client_id: '7',
    company_id: '70',
    client: { id: '7', name: 'Olga Owner' },
    team_lead: null,
    created_at: '2026-02-01T09:00:00.000Z',
    updated_at: '2026-02-02T09:00:00.000Z',
  };
}

function invoice(id: string, projectId: string, overrides: Partial<InvoiceListItem>): InvoiceListItem {
  const { lines: _lines, payments: _payments, pdf_url: _pdf, ...item } = invoiceFixture({ id, project_id: projectId, ...overrides });
  return item;
}

function serve() {
  const asked = { lists: [] as URLSearchParams[], exports: [] as URLSearchParams[], invoiceProjects: [] as string[], cardsOf: [] as string[] };
  server.use(
    configHandler({ contact_email: 'a@example.test' }),
    http.get('/api/companies', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.lists.push(query);
      const q = (query.get('q') ?? '').toLowerCase();
      return HttpResponse.json({ items: [northwind, solo].filter((c) => c.name.toLowerCase().includes(q)), next_cursor: null });
    }),
    http.get('/api/companies/export.csv', ({ request }) => {
      asked.exports.push(new URL(request.url).searchParams);
      return new HttpResponse('name\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="clients-2026-03-05.csv"' },
      });
    }),
    http.get('/api/companies/:id', ({ params }) => {
      if (params.id !== '3') return HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      const { people_count: _p, projects_count: _c, open_invoices_count: _o, open_invoices_total: _t, last_activity_at: _l, ...detail } = northwind;
      return HttpResponse.json({
        company: detail,
        members: [
          {
            id: '7',
            name: 'Olga Owner',
            email: 'olga@northwind.test',
            company_role: 'owner',
            status: 'active',
            created_at: '2026-01-10T09:00:00.000Z',
          },
          {
            id: '8',
            name: 'Bea Billing',
            email: 'bea@northwind.test',
            company_role: 'billing',
            status: 'active',
            created_at: '2026-02-10T09:00:00.000Z',
          },
          {
            id: '9',
            name: 'Mia Member',
            email: 'mia@northwind.test',
            company_role: 'member',
            status: 'disabled',
            created_at: '2026-02-11T09:00:00.000Z',
          },
        ],
        projects: [project('31', 'Booking site', 'in_progress'), project('32', 'Patient app', 'pending')],
      });
    }),
    http.get('/api/payment-methods', ({ request }) => {
      asked.cardsOf.push(new URL(request.url).searchParams.get('company_id') ?? '');
      return HttpResponse.json({
        items: [{ id: '5', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, is_default: true }],
        autopay: { paused: false, paused_at: null, reason: null },
      });
    }),
    http.get('/api/companies/:id/statement', () =>
      HttpResponse.json({
        company: { id: '3', name: 'Northwind Clinics' },
        from: '2026-01-01',
        to: '2026-03-31',
        currency: 'GBP',
        opening_balance: 0,
        lines: [],
        closing_balance: 0,
      }),
    ),
    http.get('/api/invoices', ({ request }) => {
      const projectId = new URL(request.url).searchParams.get('project_id') ?? '';
      asked.invoiceProjects.push(projectId);
      const items =
        projectId === '31'
          ? [
              invoice('61', '31', { invoice_no: 'INV-2026-0061', status: 'sent', created_at: '2026-03-01T10:00:00.000Z' }),
              invoice('62', '31', { invoice_no: 'INV-2026-0062', status: 'paid', amount_due: 0, created_at: '2026-03-03T10:00:00.000Z' }),
            ]
          : [];
      return HttpResponse.json({ items, next_cursor: null });
    }),
  );
  return asked;
}

function openClients(path: string = paths.staff.clients) {
  const auth: AuthContextValue = {
    isAuthenticated: true,
    isRestoring: false,
    user: ada,
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
  return renderScreen(<ClientsRoute />, {
    path,
    pattern: paths.staff.clients,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

describe('clients, for staff', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // jsdom has no object URLs; the export saves through one.
    URL.createObjectURL = vi.fn(() => 'blob:clients');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists each company with its people, projects, open invoices per currency and last activity', async () => {
    serve();
    openClients();
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('company-row');
    expect(rows.map((row) => row.getAttribute('data-company-id'))).toEqual(['3', '4']);
    const cells = within(rows[0])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Northwind Clinics', '3', '2', '2 open£4,500.15 · €120.00', '04 Mar 2026']);
    expect(within(rows[1]).getByTestId('company-open-invoices')).toHaveTextContent('None');
    expect(within(rows[1]).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(within(rows[0]).getByRole('link', { name: 'Northwind Clinics' })).toHaveAttribute('href', '/clients?id=3');
  });

  it('searches by name and exports what the search selects as CSV', async () => {
    const asked = serve();
    const { user } = openClients();
    await screen.findAllByTestId('company-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'north');
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(1));
    expect(asked.lists.at(-1)?.get('q')).toBe('north');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked.exports).toHaveLength(1));
    expect(asked.exports[0].get('q')).toBe('north');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No matching companies')).toBeInTheDocument();
  });

  it('opens a company: its details, its people with their roles, its projects and their invoices', async () => {
    const asked = serve();
    const { user, location } = openClients('/clients?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Northwind Clinics' })).toBeInTheDocument();
    const details = screen.getByTestId('company-facts');
    expect(details).toHaveTextContent('Billing address1 High Street Leeds LS1 1AA');
    expect(details).toHaveTextContent('CountryUnited Kingdom');
    expect(details).toHaveTextContent('Tax or VAT numberGB123456789');

    const people = screen.getByRole('region', { name: 'People (3)' });
    const members = within(people).getAllByTestId('member-row');
    expect(members.map((row) => within(row).getByTestId('company-role').textContent)).toEqual(['Owner', 'Billing', 'Member']);
    expect(members[2]).toHaveTextContent('Removed');

    const projects = screen.getByRole('region', { name: 'Projects (2)' });
    expect(
      within(projects)
        .getAllByTestId('project-row')
        .map((row) => row.getAttribute('data-project-id')),
    ).toEqual(['31', '32']);
    expect(within(projects).getByRole('link', { name: 'Booking site' })).toHaveAttribute('href', '/all-projects?id=31');

    const invoices = screen.getByRole('region', { name: 'Invoices' });
    const invoiceRows = await within(invoices).findAllByTestId('invoice-row');
    // Newest first, from every project of the company.
    expect(invoiceRows.map((row) => row.getAttribute('data-invoice-no'))).toEqual(['INV-2026-0062', 'INV-2026-0061']);
    expect(asked.invoiceProjects.sort()).toEqual(['31', '32']);
    expect(within(invoiceRows[1]).getByRole('link', { name: 'INV-2026-0061' })).toHaveAttribute('href', '/admindashboard/invoice?id=61');

    // The company's statement, and its saved cards as staff see them: brand, last four and expiry, no buttons.
    expect(await screen.findByTestId('closing-balance')).toHaveTextContent('£0.00');
    const cards = await screen.findAllByTestId('saved-card');
    expect(cards[0]).toHaveTextContent('Visa ending 4242Expires 04/31');
    expect(within(screen.getByTestId('saved-cards')).queryByRole('button')).toBeNull();
    expect(asked.cardsOf).toContain('3');

    await user.click(screen.getByRole('link', { name: 'All clients' }));
    expect(location()).toBe('/clients');
  });

  it('says so when the company is not there', async () => {
    serve();
    openClients('/clients?id=999');
    expect(await screen.findByTestId('company-missing')).toHaveTextContent('This company does not exist.');
  });
});
