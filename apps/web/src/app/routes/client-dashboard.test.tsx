import type { ContractListItem, InvoiceListItem, ProjectListItem, ProposalListItem, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { invoiceFixture } from '../../test/invoice-fixtures';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { ClientDashboardRoute } from './client-dashboard';
import { configHandler } from '../../test/config-fixture';

const client: User = { id: '7', name: 'Chloe Client', email: 'chloe@example.test', role: 'client', company_id: '3', company_role: 'owner' };

const signedIn: AuthContextValue = {
  isAuthenticated: true,
  isRestoring: false,
  user: client,
  token: 't',
  mfaEnrolmentRequired: false,
  hasSignedOut: false,
  signIn: () => undefined,
  signOut: async () => undefined,
};

function contractToSign(id: string, projectTitle: string): ContractListItem {
  return {
    id,
    kind: 'client',
    project_id: '3',
    project_title: projectTitle,
    client: { id: client.id, name: client.name },
    title: `Services agreement: ${projectTitle}`,
    status: 'sent',
    signer: { id: client.id, name: client.name, role: 'client' },
    template_id: '1',
    document_sha256: 'a'.repeat(64),
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
  };
}

function invoice(id: string, overrides: Partial<InvoiceListItem>): InvoiceListItem {
  const { lines: _lines, payments: _payments, pdf_url: _pdf, ...item } = invoiceFixture({ id, ...overrides });
  return item;
}

const rejectedProject: ProjectListItem = {
  id: '9',
  title: 'Crypto exchange',
  description: 'An exchange',
  category: null,
  budget_minor: null,
  currency: 'GBP',
  deadline: null,
  status: 'rejected',
  rejection_reason: 'Outside what we build.',
  client_id: client.id,
  company_id: '70',
  client: { id: client.id, name: client.name },
  team_lead: null,
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-02T09:00:00.000Z',
};

type Stub = { contracts?: ContractListItem[]; invoices?: InvoiceListItem[]; rejected?: ProjectListItem[]; proposals?: ProposalListItem[] };

/** A proposal sent to the client's company, waiting for its answer. */
function proposalToAnswer(id: string, title: string): ProposalListItem {
  return {
    id,
    project_id: '7',
    project_title: 'Shop relaunch',
    project_status: 'pending',
    company: { id: '1', name: 'Client Co' },
    version: 1,
    previous_id: null,
    revised_by_id: null,
    title,
    currency: 'GBP',
    valid_until: '2026-04-30',
    deposit_percent: 30,
    status: 'sent',
    subtotal: 125000,
    tax_total: 0,
    total: 125000,
    deposit_amount: 37500,
    team_lead_id: '3',
    member_ids: [],
    sent_at: '2026-03-01T09:00:00.000Z',
    viewed_at: null,
    accepted_at: null,
    declined_at: null,
    decline_reason: null,
    expired_at: null,
    voided_at: null,
    void_reason: null,
    document_sha256: null,
    acceptance: null,
    contract_id: null,
    deposit_invoice_id: null,
    pdf_url: `/api/proposals/${id}/pdf`,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
  };
}

/** The APIs the dashboard reads, answering as the server would for this client; the queries asked are kept. */
function stubDashboard({ contracts = [], invoices = [], rejected = [], proposals = [] }: Stub) {
  const asked = { contracts: [] as URLSearchParams[], invoices: [] as URLSearchParams[] };
  server.use(
    configHandler(),
    http.get('/api/contracts', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.contracts.push(query);
      const items = contracts.filter((c) => c.status === (query.get('status') ?? c.status) && c.kind === (query.get('kind') ?? c.kind));
      return HttpResponse.json({ items, next_cursor: null });
    }),
    http.get('/api/proposals', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json({ items: proposals.filter((p) => p.status === (status ?? p.status)), next_cursor: null });
    }),
    http.get('/api/invoices', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.invoices.push(query);
      return HttpResponse.json({ items: invoices.filter((i) => i.status === (query.get('status') ?? i.status)), next_cursor: null });
    }),
    http.get('/api/projects/summary', () =>
      HttpResponse.json({
        counts: { pending: 1, approved: 0, rejected: rejected.length, in_progress: 1, completed: 0, cancelled: 0 },
        total: 2 + rejected.length,
        pending: 1,
        needs_attention: rejected,
        recent_activity: [],
      }),
    ),
  );
  return asked;
}

function openDashboard() {
  return renderScreen(<ClientDashboardRoute />, {
    path: paths.client.dashboard,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={signedIn}>{tree}</AuthContext.Provider>,
  });
}

describe('the client dashboard', { timeout: 20_000 }, () => {
  it('shows proposals awaiting an answer first, each opening its own path', async () => {
    stubDashboard({ contracts: [contractToSign('41', 'Booking site')], proposals: [proposalToAnswer('5', 'Shop relaunch proposal')] });
    openDashboard();
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    const group = await within(attention).findByTestId('attention-proposals');
    expect(
      within(attention)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Proposals awaiting your answer', 'Contracts to sign']);
    expect(group).toHaveTextContent('Shop relaunch · £1,250.00 · valid until 30 Apr 2026');
    expect(within(group).getByRole('link', { name: 'Shop relaunch proposal' })).toHaveAttribute('href', '/proposal?id=5');
  });

  it('opens on what the client has to do: contracts to sign, then invoices to pay (overdue first), then projects not approved', async () => {
    const asked = stubDashboard({
      contracts: [contractToSign('41', 'Booking site')],
      invoices: [
        invoice('11', { invoice_no: 'INV-2026-0011', status: 'sent', due_date: '2026-03-10', kind: 'deposit', amount_due: 96000 }),
        invoice('12', { invoice_no: 'INV-2026-0012', status: 'overdue', due_date: '2026-03-20', amount_due: 50000 }),
        invoice('13', { invoice_no: 'INV-2026-0013', status: 'paid', amount_due: 0 }),
      ],
      rejected: [rejectedProject],
    });
    const { user, location } = openDashboard();

    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    await within(attention).findByTestId('attention-contracts');
    expect(
      within(attention)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Contracts to sign', 'Invoices to pay', 'Projects not approved']);

    const contract = within(within(attention).getByTestId('attention-contracts')).getByTestId('contract-row');
    expect(contract).toHaveTextContent('Services agreement: Booking site');
    expect(contract).toHaveTextContent('Sign by 31 Mar 2026');

    const invoices = within(attention).getAllByTestId('invoice-to-pay');
    expect(invoices.map((row) => row.getAttribute('data-invoice-id'))).toEqual(['12', '11']);
    expect(invoices[0]).toHaveTextContent('Invoice INV-2026-0012');
    expect(invoices[0]).toHaveTextContent('Overdue since 20 Mar 2026');
    expect(within(invoices[0]).getByRole('button', { name: 'Pay £500.00' })).toBeInTheDocument();
    expect(invoices[1]).toHaveTextContent('Deposit invoice INV-2026-0011');
    expect(invoices[1]).toHaveTextContent('Due 10 Mar 2026');
    expect(within(invoices[1]).getByRole('button', { name: 'Pay £960.00' })).toBeInTheDocument();

    expect(within(attention).getByTestId('attention-row')).toHaveTextContent('Reason: Outside what we build.');

    // It comes before the counts, and it asked only for what is still to sign and to pay.
    const counts = screen.getByRole('region', { name: 'Projects by status' });
    expect(attention.compareDocumentPosition(counts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(asked.contracts.every((q) => q.get('kind') === 'client' && q.get('status') === 'sent')).toBe(true);
    expect(asked.invoices.map((q) => q.get('status')).sort()).toEqual(['overdue', 'partially_paid', 'sent']);

    await user.click(within(contract).getByRole('link', { name: 'Review & sign' }));
    expect(location()).toBe(`${paths.client.signContract}?id=41`);
  });

  it('opens an invoice to pay from its number', async () => {
    stubDashboard({ invoices: [invoice('11', { invoice_no: 'INV-2026-0011', status: 'partially_paid', amount_paid: 20000, amount_due: 100000 })] });
    const { user, location } = openDashboard();
    const row = await screen.findByTestId('invoice-to-pay');
    expect(screen.queryByTestId('attention-contracts')).toBeNull();
    await user.click(within(row).getByRole('link', { name: 'Invoice INV-2026-0011' }));
    expect(location()).toBe(`${paths.client.invoices}?id=11`);
  });

  it('lists only the contracts the client signs, not those a colleague of the company signs', async () => {
    const colleagues = { ...contractToSign('42', 'Patient app'), signer: { id: '8', name: 'Bea Colleague', role: 'client' as const } };
    stubDashboard({ contracts: [contractToSign('41', 'Booking site'), colleagues] });
    openDashboard();
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    const rows = await within(attention).findAllByTestId('contract-row');
    expect(rows.map((row) => row.getAttribute('data-contract-id'))).toEqual(['41']);
  });

  it('says so when nothing needs the client', async () => {
    stubDashboard({ invoices: [invoice('13', { status: 'paid', amount_due: 0 })] });
    openDashboard();
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(await within(attention).findByText('Nothing needs your attention')).toBeInTheDocument();
    expect(within(attention).queryByRole('heading', { level: 3 })).toBeNull();
  });
});
