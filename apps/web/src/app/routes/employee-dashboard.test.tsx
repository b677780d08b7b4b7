import type { ContractListItem, ContractStatus, Role, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { TeamleadDashboardRoute, TeammemberDashboardRoute } from './employee-dashboard';

const member: User = { id: '21', name: 'Mia Member', email: 'mia@example.test', role: 'teammember' };
const lead: User = { id: '20', name: 'Lena Lead', email: 'lena@example.test', role: 'teamlead' };

function signedIn(user: User): AuthContextValue {
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

function contract(
  id: string,
  status: ContractStatus,
  signer: { id: string; name: string; role?: Role },
  project = { id: '3', title: 'Booking site' },
) {
  return {
    id,
    kind: 'team',
    project_id: project.id,
    project_title: project.title,
    client: { id: '7', name: 'Chloe Client' },
    title: `Team engagement: ${project.title}`,
    status,
    signer: { role: 'teammember', ...signer },
    template_id: '1',
    document_sha256: 'a'.repeat(64),
    sent_at: '2026-03-01T10:00:00.000Z',
    viewed_at: null,
    signed_at: status === 'signed' ? '2026-03-02T10:00:00.000Z' : null,
    expires_at: '2026-03-31T10:00:00.000Z',
    reminded_at: null,
    voided_at: status === 'void' ? '2026-03-02T10:00:00.000Z' : null,
    void_reason: status === 'void' ? 'Wrong person' : null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    pdf_url: null,
  } satisfies ContractListItem;
}

/** The rest of the dashboard, empty: these tests are about its contracts. */
function stubEmptyDashboard() {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ brand_name: 'Studio', contact_phone: '0', contact_email: 'a@example.test', superadmin_exists: true, test_payments: false }),
    ),
    http.get('/api/board/my-cards', () => HttpResponse.json({ items: [] })),
    http.get('/api/board/summaries', () => HttpResponse.json({ items: [] })),
    http.get('/api/training/my', () => HttpResponse.json({ items: [] })),
    http.get('/api/training/progress', () => HttpResponse.json({ modules: [], people: [] })),
    http.get('/api/projects', () => HttpResponse.json({ items: [], next_cursor: null })),
    http.get('/api/projects/summary', () =>
      HttpResponse.json({
        counts: { pending: 0, approved: 0, rejected: 0, in_progress: 0, completed: 0, cancelled: 0 },
        total: 0,
        pending: 0,
        needs_attention: [],
        recent_activity: [],
      }),
    ),
  );
}

/** GET /api/contracts answering from a fixed set, filtered as the server would; the queries it was asked are kept. */
function stubContracts(all: ContractListItem[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/contracts', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const items = all.filter(
        (c) =>
          (!query.get('kind') || c.kind === query.get('kind')) &&
          (!query.get('status') || c.status === query.get('status')) &&
          (!query.get('signer_id') || c.signer.id === query.get('signer_id')),
      );
      return HttpResponse.json({ items, next_cursor: null });
    }),
  );
  return asked;
}

function openDashboard(screenElement: ReactElement, user: User, path: string) {
  return renderScreen(screenElement, {
    path,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={signedIn(user)}>{tree}</AuthContext.Provider>,
  });
}

// A whole dashboard (a dozen panels and their charts) renders in a few seconds of jsdom on a busy machine.
describe('team contracts on the employee dashboards', { timeout: 20_000 }, () => {
  it('shows a team member the team contract they have to sign, with a button that opens it for signing', async () => {
    stubEmptyDashboard();
    const asked = stubContracts([
      contract('41', 'sent', member),
      contract('40', 'signed', member, { id: '2', title: 'Old shop' }),
      contract('42', 'sent', { id: '22', name: 'Max Member' }),
    ]);
    const { user, location } = openDashboard(<TeammemberDashboardRoute />, member, paths.employee.teammemberDashboard);

    const card = await screen.findByRole('region', { name: 'Team contracts to sign' });
    const rows = await within(card).findAllByTestId('contract-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Team engagement: Booking site');
    expect(rows[0]).toHaveTextContent('Booking site · Sign by 31 Mar 2026');
    expect(within(rows[0]).getByTestId('contract-status')).toHaveTextContent('Awaiting signature');
    expect(asked.some((q) => q.get('kind') === 'team' && q.get('status') === 'sent' && q.get('signer_id') === member.id)).toBe(true);
    // A member has no team to follow.
    expect(screen.queryByTestId('team-contract-status')).toBeNull();

    await user.click(within(rows[0]).getByRole('link', { name: 'Review & sign' }));
    expect(location()).toBe(`${paths.employee.teamContract}?id=41`);
  });

  it('tells a team member when there is nothing to sign, and links to all their contracts', async () => {
    stubEmptyDashboard();
    stubContracts([contract('40', 'signed', member)]);
    const { user, location } = openDashboard(<TeammemberDashboardRoute />, member, paths.employee.teammemberDashboard);

    const card = await screen.findByRole('region', { name: 'Team contracts to sign' });
    expect(await within(card).findByText('Nothing to sign')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'All my contracts' }));
    expect(location()).toBe(paths.employee.teamContract);
  });

  it("shows a team lead, per project, how many of the team have signed and who has not, besides the lead's own to sign", async () => {
    stubEmptyDashboard();
    stubContracts([
      contract('51', 'sent', { id: '21', name: 'Mia Member' }),
      contract('52', 'signed', { id: '22', name: 'Max Member' }),
      contract('53', 'void', { id: '23', name: 'Withdrawn Person' }),
      contract('54', 'signed', { id: '21', name: 'Mia Member' }, { id: '4', title: 'Clinic app' }),
      contract('55', 'sent', { id: lead.id, name: lead.name, role: 'teamlead' }),
    ]);
    const { user, location } = openDashboard(<TeamleadDashboardRoute />, lead, paths.employee.teamleadDashboard);

    const status = await screen.findByRole('region', { name: 'Team contracts' });
    const projects = await within(status).findAllByTestId('team-contract-project');
    // The project with someone still to sign comes first; the void contract and the lead's own are not counted.
    expect(projects.map((p) => p.getAttribute('data-project-id'))).toEqual(['3', '4']);
    expect(within(projects[0]).getByText('Booking site')).toBeInTheDocument();
    expect(within(projects[0]).getByTestId('team-contract-signed')).toHaveTextContent('1 of 2 signed');
    expect(within(projects[0]).getByTestId('team-contract-awaiting')).toHaveTextContent('1 awaiting signature');
    expect(
      within(projects[0])
        .getAllByTestId('team-contract-person')
        .map((row) => `${row.textContent}`),
    ).toEqual(['Mia MemberAwaiting signature', 'Max MemberSigned']);
    expect(within(projects[1]).getByTestId('team-contract-signed')).toHaveTextContent('1 of 1 signed');
    expect(within(projects[1]).queryByTestId('team-contract-awaiting')).toBeNull();
    expect(status).toHaveTextContent('2 signed, 1 awaiting signature on the projects you lead');
    expect(within(status).queryByText('Withdrawn Person')).toBeNull();

    // The lead's own team contract is on their to-sign list.
    const toSign = screen.getByRole('region', { name: 'Team contracts to sign' });
    expect(await within(toSign).findAllByTestId('contract-row')).toHaveLength(1);
    expect(within(toSign).getByTestId('contract-row')).toHaveAttribute('data-contract-id', '55');

    await user.click(within(projects[0]).getByRole('link', { name: 'Mia Member' }));
    expect(location()).toBe(`${paths.employee.teamContract}?id=51`);
  });

  it('tells a team lead when no team contract has been sent yet', async () => {
    stubEmptyDashboard();
    stubContracts([]);
    openDashboard(<TeamleadDashboardRoute />, lead, paths.employee.teamleadDashboard);
    const status = await screen.findByRole('region', { name: 'Team contracts' });
    expect(await within(status).findByText('No team contract sent yet')).toBeInTheDocument();
  });
});
