import type { ContractListItem, ContractStatus, ProjectListItem, Role, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { TeamleadDashboardRoute, TeammemberDashboardRoute } from './employee-dashboard';
import { configHandler } from '../../test/config-fixture';

const member: User = { id: '21', name: 'Mia Member', email: 'mia@example.test', role: 'teammember', company_id: null, company_role: null };
const lead: User = { id: '20', name: 'Lena Lead', email: 'lena@example.test', role: 'teamlead', company_id: null, company_role: null };

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
    configHandler({ contact_email: 'a@example.test' }),
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
    // Every contract on this list awaits a signature: no chip says so again.
    expect(within(rows[0]).queryByTestId('contract-status')).toBeNull();
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
    expect(status).toHaveTextContent('2 signed, 1 awaiting signature');
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

function projectItem(id: string, title: string, status: ProjectListItem['status']): ProjectListItem {
  return {
    id,
    title,
    description: 'A project of the test',
    category: null,
    budget_minor: 250000,
    currency: 'GBP',
    deadline: null,
    status,
    rejection_reason: null,
    client_id: '7',
    company_id: '70',
    client: { id: '7', name: 'Chloe Client' },
    team_lead: { id: lead.id, name: lead.name },
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
  };
}

/** A working day: a card due, a project ready to start, a contract to sign, training begun or not, a team. */
function stubBusyDashboard({ trainingDone }: { trainingDone: number }) {
  const ready = projectItem('5', 'Clinic app', 'approved');
  server.use(
    configHandler({ contact_email: 'a@example.test' }),
    http.get('/api/board/my-cards', () =>
      HttpResponse.json({
        items: [
          {
            id: '31',
            title: 'Booking form',
            project: { id: '3', title: 'Booking site' },
            column_name: 'In progress',
            due_date: '2026-03-02',
            labels: [],
            checklist_done: 0,
            checklist_total: 0,
          },
        ],
      }),
    ),
    http.get('/api/board/summaries', () =>
      HttpResponse.json({
        items: [
          {
            project: { id: '3', title: 'Booking site', status: 'in_progress' },
            columns: [{ id: '1', name: 'To do', count: 1, wip_limit: null }],
            total: 1,
            done: 0,
            overdue: 0,
            unassigned: 0,
          },
        ],
      }),
    ),
    http.get('/api/training/my', () =>
      HttpResponse.json({
        items: [{ id: '8', title: 'Security basics', description: '', due_date: null, completed: trainingDone, total: 4 }],
      }),
    ),
    http.get('/api/training/progress', () =>
      HttpResponse.json({
        modules: [{ id: '8', title: 'Security basics', roles: ['teamlead', 'teammember'], total: 4, due_date: null }],
        people: [
          { id: member.id, name: member.name, role: 'teammember', modules: [{ module_id: '8', completed: 2, total: 4 }], completed: 2, total: 4 },
          { id: lead.id, name: lead.name, role: 'teamlead', modules: [{ module_id: '8', completed: 0, total: 4 }], completed: 0, total: 4 },
        ],
      }),
    ),
    http.get('/api/projects', () => HttpResponse.json({ items: [projectItem('3', 'Booking site', 'in_progress'), ready], next_cursor: null })),
    http.get('/api/projects/summary', () =>
      HttpResponse.json({
        counts: { pending: 0, approved: 1, rejected: 0, in_progress: 1, completed: 0, cancelled: 0 },
        total: 2,
        pending: 0,
        needs_attention: [ready],
        recent_activity: [],
      }),
    ),
  );
}

/** The dashboard's cards, top to bottom (a table's own scroll region inside a card is not one). */
async function sectionsInOrder() {
  await screen.findByTestId('my-card');
  await screen.findAllByTestId('contract-row');
  await screen.findAllByTestId('project-row');
  return screen
    .getAllByRole('region')
    .filter((region) => region.tagName === 'SECTION')
    .map((region) => region.getAttribute('aria-label'));
}

describe('what the employee dashboards open on', { timeout: 20_000 }, () => {
  it("a team lead's opens on their cards and training, the projects ready to start and what to sign, then their projects, then the team", async () => {
    stubBusyDashboard({ trainingDone: 0 });
    stubContracts([contract('55', 'sent', { id: lead.id, name: lead.name, role: 'teamlead' })]);
    openDashboard(<TeamleadDashboardRoute />, lead, paths.employee.teamleadDashboard);

    await screen.findByRole('region', { name: 'Ready to start' });
    expect(await sectionsInOrder()).toEqual([
      'My cards',
      'My training',
      'Ready to start',
      'Team contracts to sign',
      'My projects',
      'Boards',
      'Team contracts',
      'Team training',
    ]);
    const ready = screen.getByRole('region', { name: 'Ready to start' });
    expect(within(ready).getByTestId('attention-row')).toHaveTextContent('Clinic app');
    expect(within(ready).getByTestId('status-action-in_progress')).toHaveTextContent('Start');
    // No training done yet: no empty ring, the module's own bar says it.
    const training = screen.getByRole('region', { name: 'My training' });
    expect(within(training).queryByRole('img')).toBeNull();
    expect(within(training).getByRole('progressbar', { name: 'Security basics: 0 of 4 done' })).toBeInTheDocument();
    // The team's training in a line a person, the furthest behind first.
    const team = screen.getByRole('region', { name: 'Team training' });
    const people = await within(team).findAllByTestId('team-training-person');
    expect(people.map((row) => row.textContent)).toEqual(['Lena Lead · Team lead0 %', 'Mia Member · Team member50 %']);
  });

  it("a team member's opens on their cards, what to sign and their training, then their projects, with no team panels", async () => {
    stubBusyDashboard({ trainingDone: 1 });
    stubContracts([contract('41', 'sent', member)]);
    openDashboard(<TeammemberDashboardRoute />, member, paths.employee.teammemberDashboard);

    expect(await sectionsInOrder()).toEqual(['My cards', 'Team contracts to sign', 'My training', 'My projects']);
    // Some training done: the ring shows how far.
    const training = screen.getByRole('region', { name: 'My training' });
    expect(within(training).getByRole('img', { name: '25% of your training done' })).toBeInTheDocument();
  });

  it("a team lead with nothing to start sees no empty 'Ready to start' card", async () => {
    stubEmptyDashboard();
    stubContracts([]);
    openDashboard(<TeamleadDashboardRoute />, lead, paths.employee.teamleadDashboard);
    await screen.findByRole('region', { name: 'Team contracts' });
    await screen.findByText('Nothing to sign');
    expect(screen.queryByRole('region', { name: 'Ready to start' })).toBeNull();
  });
});
