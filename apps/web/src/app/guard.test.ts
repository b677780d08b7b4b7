import { ROLE_DASHBOARD, ROLES, type Role } from '@agency/schema';
import { waitFor } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../features/auth/hooks/use-auth';
import { isGuardedPath, paths } from '../lib/paths';
import { startSession } from '../lib/session';
import { renderScreen } from '../test/render';
import { Guard } from './guard';
import { LoginRoute } from './routes/login';
import { routes } from './route-table';

// Who is signed in, as the auth hook reports it (the guard reads it) and in the session record (the login screen
// reads that); both run here as plain functions, over the app's real route table.
const session = vi.hoisted(() => ({ current: null as null | Partial<AuthContextValue> }));
vi.mock('../features/auth/hooks/use-auth', () => ({ useAuth: () => session.current }));
// Where the guard is opened: it reads the location to send the signed out back here after login.
const where = vi.hoisted(() => ({ current: { pathname: '/', search: '', hash: '' } }));
// The route table module also creates the browser router, which needs a DOM; the table is all this test needs.
vi.mock(import('react-router'), async (importOriginal) => ({
  ...(await importOriginal()),
  createBrowserRouter: () => ({}) as never,
  useLocation: () => where.current as never,
}));

function signIn(role: Role, mfaEnrolmentRequired = false) {
  const user = {
    id: '7',
    name: 'Someone',
    email: 'someone@example.test',
    role,
    company_id: role === 'client' ? '3' : null,
    company_role: role === 'client' ? ('owner' as const) : null,
  };
  session.current = { isAuthenticated: true, isRestoring: false, mfaEnrolmentRequired, user };
  // The login page is a light page: it reads the session record, not the auth hook.
  startSession(`token-${role}`, { user });
}

/** Where an element sends the user: the path of a redirect, or null when it renders the page. */
function redirectOf(element: ReactElement): string | null {
  if (element.type === Navigate) return (element.props as { to: string }).to;
  if (element.type === Outlet) return null;
  throw new Error(`unexpected element ${String(element.type)}`);
}

/**
 * Opens `path` as the router would: each guard on the way, outermost first, either lets the user through or
 * redirects. Returns the first redirect, or null when the page renders.
 */
async function open(path: string): Promise<string | null> {
  const url = new URL(path, 'http://app.test');
  where.current = { pathname: url.pathname, search: url.search, hash: url.hash };
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf || leaf.path === '*') throw new Error(`no screen at ${path}`);
  for (const { route } of matches) {
    const lazy = route.lazy as unknown as (() => Promise<{ element?: ReactElement }>) | undefined;
    const loaded = (await lazy?.()) ?? {};
    if (loaded.element?.type !== Guard) continue;
    const redirect = redirectOf(Guard(loaded.element.props as Parameters<typeof Guard>[0]));
    if (redirect !== null) return redirect;
  }
  return null;
}

describe('after login each role lands on its own dashboard', () => {
  it.each(ROLES)('signing in as %s lands on a dashboard its guard lets through', async (role) => {
    signIn(role);
    const screen = renderScreen(createElement(LoginRoute), { path: paths.login });
    await waitFor(() => expect(screen.location()).toBe(ROLE_DASHBOARD[role]));
    screen.unmount();
    expect(await open(ROLE_DASHBOARD[role])).toBeNull();
  });

  it.each(ROLES)("as %s, another role's dashboard sends the user back to their own", async (role) => {
    signIn(role);
    for (const other of ROLES.filter((r) => r !== role)) {
      expect(await open(ROLE_DASHBOARD[other]), `${role} at ${ROLE_DASHBOARD[other]}`).toBe(ROLE_DASHBOARD[role]);
    }
  });

  it('sends the signed out to the login page from every dashboard, told to come back', async () => {
    session.current = { isAuthenticated: false, isRestoring: false, user: null };
    for (const role of ROLES) expect(await open(ROLE_DASHBOARD[role])).toBe(`${paths.login}?next=${encodeURIComponent(ROLE_DASHBOARD[role])}`);
  });
});

describe('deep links', () => {
  it('are not kept after a logout: the next person may be someone else', async () => {
    session.current = { isAuthenticated: false, isRestoring: false, user: null, hasSignedOut: true };
    expect(await open('/view-project?id=3')).toBe('/loginpage');
  });

  it('keep the query of a deep link opened while signed out', async () => {
    session.current = { isAuthenticated: false, isRestoring: false, user: null };
    expect(await open('/view-project?id=3')).toBe('/loginpage?next=%2Fview-project%3Fid%3D3');
    expect(await open('/project-approval?id=12#top')).toBe('/loginpage?next=%2Fproject-approval%3Fid%3D12%23top');
  });

  it('every guarded screen of the route table counts as a guarded path, and no public one does', async () => {
    const guardedScreens: string[] = [];
    const publicScreens: string[] = [];
    const walk = async (list: RouteObject[], underGuard: boolean) => {
      for (const route of list) {
        const lazy = route.children ? (route.lazy as unknown as (() => Promise<{ element?: ReactElement }>) | undefined) : undefined;
        const guard = underGuard || (await lazy?.())?.element?.type === Guard;
        if (route.path && route.path !== '*' && route.path !== '/') (guard ? guardedScreens : publicScreens).push(route.path);
        if (route.children) await walk(route.children, guard);
      }
    };
    await walk(routes, false);
    expect(guardedScreens).toContain(paths.profile);
    expect(guardedScreens.filter((p) => !isGuardedPath(p))).toEqual([]);
    expect(publicScreens.filter((p) => isGuardedPath(p) && !p.startsWith('/go/'))).toEqual([]);
  });
});

describe('staff who must turn on two-factor authentication', () => {
  it.each(['admin', 'superadmin'] as const)('as %s, every guarded screen but the profile sends them to enrol', async (role) => {
    signIn(role, true);
    expect(await open(ROLE_DASHBOARD[role])).toBe('/profile#two-factor');
    expect(await open('/all-projects')).toBe('/profile#two-factor');
    expect(await open('/profile')).toBeNull();
  });
});
