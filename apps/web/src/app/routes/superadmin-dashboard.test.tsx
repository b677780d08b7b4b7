import type { InvoiceSummary, ProjectSummary, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { setLocale } from '../../i18n';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { SuperadminDashboardRoute } from './superadmin-dashboard';
import { configHandler } from '../../test/config-fixture';

const owner: User = { id: '1', name: 'Olive Owner', email: 'olive@example.test', role: 'superadmin', company_id: null, company_role: null };

const signedIn: AuthContextValue = {
  isAuthenticated: true,
  isRestoring: false,
  user: owner,
  token: 't',
  mfaEnrolmentRequired: false,
  hasSignedOut: false,
  signIn: () => undefined,
  signOut: async () => undefined,
};

const projects: ProjectSummary = {
  counts: { pending: 0, approved: 0, rejected: 0, in_progress: 0, completed: 0, cancelled: 0 },
  total: 0,
  pending: 0,
  needs_attention: [],
  recent_activity: [],
};
const invoices: InvoiceSummary = { totals: [], revenue_by_month: [], needs_attention: 0 };

function openDashboard(unread: number) {
  server.use(
    http.get('/api/messages/unread-count', () => HttpResponse.json({ count: unread })),
    http.get('/api/projects/summary', () => HttpResponse.json(projects)),
    http.get('/api/invoices/summary', () => HttpResponse.json(invoices)),
    http.get('/api/recurring-invoices/forecast', () => HttpResponse.json({ mrr: [{ currency: 'GBP', amount: 450_000 }], next_30_days: [] })),
    // Four proposals reached clients (one accepted, one declined, two awaiting); a draft and a void one do not count.
    http.get('/api/proposals/summary', () =>
      HttpResponse.json({
        counts: { draft: 1, sent: 2, accepted: 1, declined: 1, expired: 0, void: 1 },
        conversion: { accepted: 1, sent: 4 },
        accepted_value: [{ currency: 'GBP', total: 100000 }],
      }),
    ),
    configHandler(),
  );
  return renderScreen(<SuperadminDashboardRoute />, {
    path: paths.superadmin.dashboard,
    routes: [{ path: paths.superadmin.replyMessage, element: <p>The inbox</p> }],
    wrap: (children: ReactNode) => <AuthContext.Provider value={signedIn}>{children}</AuthContext.Provider>,
  });
}

describe('the super admin’s dashboard', () => {
  it('has a Messages card with the unread count and a link to the inbox', async () => {
    const { user, location } = openDashboard(3);
    const card = await screen.findByTestId('dashboard-messages');
    expect(within(card).getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(await within(card).findByText('3 unread messages')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Open the inbox' });
    expect(link).toHaveAttribute('href', paths.superadmin.replyMessage);

    await user.click(link);
    expect(await screen.findByText('The inbox')).toBeInTheDocument();
    expect(location()).toBe('/superadmin-reply-message');
    // The whole dashboard renders in jsdom: slower than the default five seconds on a busy machine.
  }, 15_000);

  it('shows the proposals by status, their conversion and the accepted value', async () => {
    openDashboard(0);
    const card = await screen.findByTestId('dashboard-proposals');
    expect(await within(card).findByTestId('dashboard-proposal-conversion')).toHaveTextContent(
      'Conversion 25% (1 accepted / 4 sent) · accepted value £1,000.00',
    );
    expect(within(card).getByText('Awaiting answer: 2')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Proposals' })).toHaveAttribute('href', '/proposals');
  }, 15_000);

  it('shows the monthly recurring revenue, loaded after the rest', async () => {
    openDashboard(0);
    expect(await screen.findByTestId('mrr-GBP', {}, { timeout: 10_000 })).toHaveTextContent('£4,500.00');
  }, 15_000);

  it('says so when nothing is unread, and still links to the inbox', async () => {
    openDashboard(0);
    const card = await screen.findByTestId('dashboard-messages');
    expect(await within(card).findByTestId('dashboard-unread-messages')).toHaveTextContent('No unread messages');
    expect(within(card).getByRole('link', { name: 'Open the inbox' })).toHaveAttribute('href', '/superadmin-reply-message');
  }, 15_000);
});

describe('the super admin’s dashboard in German', () => {
  beforeEach(() => setLocale('de'));
  afterEach(() => setLocale('en-GB'));

  it('greets, counts and names the shortcuts in German', async () => {
    openDashboard(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen, Olive' })).toBeInTheDocument();
    const card = await screen.findByTestId('dashboard-messages');
    expect(within(card).getByRole('heading', { name: 'Nachrichten' })).toBeInTheDocument();
    expect(await within(card).findByText('1 ungelesene Nachricht')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Posteingang öffnen' })).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'Bildschirme des Super-Admins' });
    expect(within(shortcuts).getByRole('link', { name: /^Projektfreigabe/ })).toHaveAttribute('href', paths.superadmin.projectApproval);
    expect(screen.getByTestId('person-card')).toHaveTextContent('Ihr Konto');
    expect(screen.getByTestId('person-role')).toHaveTextContent('Super-Admin');
    expect(await screen.findByTestId('pending-approvals-link')).toHaveTextContent('0 Projekte warten auf Freigabe');
  }, 15_000);
});
