// What a client's company role changes in the client's own screens: a member sees no amounts (no budgets, no
// Invoices in the navigation, no invoices anywhere, and a plain statement where invoices would be); billing people
// see them and pay, but ask for no projects and add no files; owners do everything.
import type { CompanyRole, InvoiceListItem, Project, ProjectListItem, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { invoiceFixture } from '../../test/invoice-fixtures';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { ClientTemplate } from '../layouts/client-template';
import { ClientDashboardRoute } from './client-dashboard';
import { CreateProjectRoute } from './create-project';
import { SignContractRoute } from './sign-contract';
import { ViewInvoiceRoute } from './view-invoice';
import { ViewProjectRoute } from './view-project';
import { configHandler } from '../../test/config-fixture';

function clientWith(companyRole: CompanyRole): User {
  return { id: '9', name: 'Mia Colleague', email: 'mia@northwind.test', role: 'client', company_id: '3', company_role: companyRole };
}

function authFor(user: User): AuthContextValue {
  return {
    isAuthenticated: true,
    isRestoring: false,
    user,
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
}

function open(screenElement: ReactNode, user: User, path: string, pattern = path.split('?')[0]) {
  return renderScreen(<>{screenElement}</>, {
    path,
    pattern,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={authFor(user)}>{tree}</AuthContext.Provider>,
  });
}

const listItem: ProjectListItem = {
  id: '31',
  title: 'Booking site',
  description: 'Online booking',
  category: null,
  budget_minor: 1500000,
  currency: 'GBP',
  deadline: null,
  status: 'in_progress',
  rejection_reason: null,
  client_id: '7',
  company_id: '70',
  client: { id: '7', name: 'Olga Owner' },
  team_lead: { id: '40', name: 'Lee Lead' },
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-02T09:00:00.000Z',
};

/** Every request of the client's screens, answered as the server answers this role; invoice requests are kept. */
function serve(role: CompanyRole) {
  const invoiceRequests: string[] = [];
  const projectPosts: unknown[] = [];
  const budget = role === 'member' ? null : listItem.budget_minor;
  const project: Project = {
    ...listItem,
    budget_minor: budget,
    attachments: [],
    members: [],
  } as unknown as Project;
  const refuse = () => HttpResponse.json({ error: 'Invoices are not open to your role', code: 'FORBIDDEN' }, { status: 403 });
  const { lines: _l, payments: _p, pdf_url: _u, ...invoiceItem } = invoiceFixture({ id: '61', project_id: '31' });
  server.use(
    configHandler(),
    http.get('/api/notifications/unread-count', () => HttpResponse.json({ count: 0 })),
    http.get('/api/messages/unread-count', () => HttpResponse.json({ count: 0 })),
    http.get('/api/projects', () => HttpResponse.json({ items: [{ ...listItem, budget_minor: budget }], next_cursor: null })),
    http.get('/api/projects/summary', () =>
      HttpResponse.json({
        counts: { pending: 0, approved: 0, rejected: 0, in_progress: 1, completed: 0, cancelled: 0 },
        total: 1,
        pending: 0,
        needs_attention: [],
        recent_activity: [],
      }),
    ),
    http.get('/api/projects/31', () => HttpResponse.json({ project })),
    http.get('/api/projects/31/activity', () => HttpResponse.json({ items: [] })),
    http.get('/api/projects/31/progress', () => HttpResponse.json({ total: 0, done: 0, columns: [] })),
    http.get('/api/projects/31/payment-plan', () =>
      HttpResponse.json({ plan: { project_id: '31', currency: 'GBP', base: null, base_source: null, stages: [] } }),
    ),
    http.get('/api/contracts', () => HttpResponse.json({ items: [], next_cursor: null })),
    http.get('/api/invoices', ({ request }) => {
      invoiceRequests.push(request.url);
      return role === 'member' ? refuse() : HttpResponse.json({ items: [invoiceItem as InvoiceListItem], next_cursor: null });
    }),
    http.get('/api/invoices/:id', ({ request }) => {
      invoiceRequests.push(request.url);
      return role === 'member' ? refuse() : HttpResponse.json({ invoice: invoiceFixture({ id: '61' }) });
    }),
    http.post('/api/projects', async ({ request }) => {
      projectPosts.push(await request.json());
      return HttpResponse.json({ project }, { status: 201 });
    }),
    http.get('/api/projects/31/billing', () => HttpResponse.json({ auto_deposit: true, deposit_percent: 30, deposit_invoice_id: null })),
    // The company's statement, as the server answers each role (a member may not read it).
    http.get('/api/companies/:id/statement', () =>
      role === 'member'
        ? refuse()
        : HttpResponse.json({
            company: { id: '5', name: 'Chat Co' },
            currency: 'GBP',
            from: '2026-01-01',
            to: '2026-03-31',
            opening_balance: 0,
            lines: [],
            closing_balance: 0,
          }),
    ),
  );
  return { invoiceRequests, projectPosts };
}

describe('a company’s member', { timeout: 20_000 }, () => {
  it('has no Invoices in the navigation, and has Company', async () => {
    serve('member');
    open(<ClientTemplate />, clientWith('member'), paths.client.dashboard);
    const nav = await screen.findByRole('navigation', { name: 'Client area' });
    const items = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(items).toEqual([
      'Dashboard',
      'New project',
      'My projects',
      'Contracts',
      'Tool requests',
      'Notifications',
      'Messages',
      'Company',
      'Profile',
    ]);
  });

  it('is told plainly that invoices are for the owners and billing people, and nothing is asked for', async () => {
    const { invoiceRequests } = serve('member');
    const list = open(<ViewInvoiceRoute />, clientWith('member'), paths.client.invoices);
    expect(await screen.findByTestId('invoices-forbidden')).toHaveTextContent('Invoices are for your company’s owners and billing people');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(screen.getByTestId('invoices-forbidden')).getByRole('link', { name: 'My projects' })).toHaveAttribute(
      'href',
      paths.client.projects,
    );
    list.unmount();

    open(<ViewInvoiceRoute />, clientWith('member'), `${paths.client.invoices}?id=61`);
    expect(await screen.findByTestId('invoices-forbidden')).toBeInTheDocument();
    expect(screen.queryByText(/£/)).toBeNull();
    expect(invoiceRequests).toEqual([]);
  });

  it('sees projects without budgets and without their invoices', async () => {
    const { invoiceRequests } = serve('member');
    const list = open(<ViewProjectRoute />, clientWith('member'), paths.client.projects);
    const row = await screen.findByTestId('project-row');
    expect(row).toHaveTextContent('Booking site');
    expect(screen.queryByRole('columnheader', { name: 'Budget' })).toBeNull();
    expect(screen.queryByText('Not set')).toBeNull();
    list.unmount();

    open(<ViewProjectRoute />, clientWith('member'), `${paths.client.projects}?id=31`);
    const detail = await screen.findByTestId('project-detail');
    expect(within(detail).queryByText('Budget')).toBeNull();
    expect(within(detail).getByText('Deadline')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Invoices/ })).toBeNull();
    expect(invoiceRequests).toEqual([]);
  });

  it('asks for a project without a budget', async () => {
    const { projectPosts } = serve('member');
    const { user } = open(<CreateProjectRoute />, clientWith('member'), paths.client.createProject);
    const form = await screen.findByRole('form', { name: 'New project' });
    expect(within(form).queryByRole('textbox', { name: 'Budget' })).toBeNull();
    expect(within(form).queryByText('Currency')).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Text reminders');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Reminders by text message.');
    await user.click(within(form).getByRole('button', { name: 'Submit project' }));
    await waitFor(() => expect(projectPosts).toEqual([{ title: 'Text reminders', description: 'Reminders by text message.' }]));
  });

  it('gets a dashboard that asks nothing about invoices', async () => {
    const { invoiceRequests } = serve('member');
    open(<ClientDashboardRoute />, clientWith('member'), paths.client.dashboard);
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(attention).toHaveTextContent('Contracts to sign and projects that were not approved.');
    expect(await within(attention).findByText('Nothing needs your attention')).toBeInTheDocument();
    expect(within(attention).getByText('Contracts to sign appear here.')).toBeInTheDocument();
    expect(invoiceRequests).toEqual([]);
  });

  it('sees the plain statement, not an error, when the server refuses invoices to a role it has just been given', async () => {
    // Signed in as billing, then made a member elsewhere: the list's 403 is shown as the rule it is.
    serve('member');
    open(<ViewInvoiceRoute />, clientWith('billing'), paths.client.invoices);
    expect(await screen.findByTestId('invoices-forbidden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('a company’s billing person', { timeout: 20_000 }, () => {
  it('has Invoices and no New project in the navigation, and sees budgets and invoices', async () => {
    const { invoiceRequests } = serve('billing');
    const template = open(<ClientTemplate />, clientWith('billing'), paths.client.dashboard);
    const nav = await screen.findByRole('navigation', { name: 'Client area' });
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', paths.client.invoices);
    expect(within(nav).queryByRole('link', { name: 'New project' })).toBeNull();
    template.unmount();

    const list = open(<ViewProjectRoute />, clientWith('billing'), paths.client.projects);
    expect(await screen.findByTestId('project-row')).toHaveTextContent('£15,000.00');
    list.unmount();

    open(<ViewInvoiceRoute />, clientWith('billing'), paths.client.invoices);
    expect(await screen.findByTestId('invoice-row')).toHaveTextContent('INV-2026-0042');
    await waitFor(() => expect(invoiceRequests.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('invoices-forbidden')).toBeNull();
  });

  it('asks for no project and adds no files: the screens say whose that is', async () => {
    const { projectPosts } = serve('billing');
    const create = open(<CreateProjectRoute />, clientWith('billing'), paths.client.createProject);
    expect(await screen.findByTestId('new-project-closed')).toHaveTextContent('New projects are asked for by your company’s owners and members');
    expect(screen.queryByRole('form', { name: 'New project' })).toBeNull();
    create.unmount();

    const dashboard = open(<ClientDashboardRoute />, clientWith('billing'), paths.client.dashboard);
    await screen.findByRole('region', { name: 'Needs your attention' });
    expect(screen.queryByRole('link', { name: 'New project' })).toBeNull();
    dashboard.unmount();

    const list = open(<ViewProjectRoute />, clientWith('billing'), paths.client.projects);
    await screen.findByTestId('project-row');
    expect(screen.queryByRole('link', { name: 'New project' })).toBeNull();
    list.unmount();

    open(<ViewProjectRoute />, clientWith('billing'), `${paths.client.projects}?id=31`);
    await screen.findByTestId('project-detail');
    expect(screen.queryByTestId('upload-files')).toBeNull();
    expect(screen.queryByText(/Up to 10 files/)).toBeNull();
    expect(projectPosts).toEqual([]);
  });
});

describe('a company’s owner', { timeout: 20_000 }, () => {
  it('sees a contract a colleague signs under the signer’s name, to open rather than to sign', async () => {
    serve('owner');
    const contract = (id: string, signer: { id: string; name: string }) => ({
      id,
      kind: 'client',
      project_id: '31',
      project_title: 'Booking site',
      client: { id: '7', name: 'Olga Owner' },
      title: `Agreement ${id}`,
      status: 'sent',
      signer: { ...signer, role: 'client' },
      template_id: '1',
      document_sha256: null,
      sent_at: '2026-03-01T10:00:00.000Z',
      viewed_at: null,
      signed_at: null,
      expires_at: '2026-03-31T10:00:00.000Z',
      reminded_at: null,
      voided_at: null,
      void_reason: null,
      created_at: '2026-03-01T09:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      pdf_url: null,
    });
    server.use(
      http.get('/api/contracts', () =>
        HttpResponse.json({
          items: [contract('41', { id: '9', name: 'Mia Colleague' }), contract('42', { id: '8', name: 'Bea Billing' })],
          next_cursor: null,
        }),
      ),
    );
    open(<SignContractRoute />, clientWith('owner'), paths.client.signContract);
    const rows = await screen.findAllByTestId('contract-row');
    expect(within(rows[0]).getByTestId('contract-open')).toHaveTextContent('Review & sign');
    expect(rows[0]).not.toHaveTextContent('Mia Colleague');
    expect(within(rows[1]).getByTestId('contract-open')).toHaveTextContent('Open');
    expect(rows[1]).toHaveTextContent('Bea Billing · Booking site · Sign by 31 Mar 2026');
  });

  it('asks for projects with a budget and adds files', async () => {
    serve('owner');
    const create = open(<CreateProjectRoute />, clientWith('owner'), paths.client.createProject);
    const form = await screen.findByRole('form', { name: 'New project' });
    expect(within(form).getByRole('textbox', { name: 'Budget' })).toBeInTheDocument();
    create.unmount();

    open(<ViewProjectRoute />, clientWith('owner'), `${paths.client.projects}?id=31`);
    await screen.findByTestId('project-detail');
    expect(screen.getByText(/Up to 10 files/)).toBeInTheDocument();
  });
});
