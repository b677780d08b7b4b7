import { STORAGE_KEY_TOKEN, type PublicConfig, type Role, type User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../features/auth/components/auth-provider';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { GoRoute } from './go';
import { LoginRoute } from './login';
import { publicConfig } from '../../test/config-fixture';

function userWith(role: Role): User {
  return {
    id: '5',
    name: 'Reader',
    email: 'reader@example.test',
    role,
    company_id: role === 'client' ? '3' : null,
    company_role: role === 'client' ? ('owner' as const) : null,
  };
}

function signedIn(role: Role): AuthContextValue {
  return {
    isAuthenticated: true,
    isRestoring: false,
    user: userWith(role),
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
}

const signedOut: AuthContextValue = { ...signedIn('client'), isAuthenticated: false, user: null, token: null };

function openGo(path: string, auth: AuthContextValue) {
  return renderScreen(<GoRoute />, {
    path,
    pattern: paths.go,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

describe('/go/:type/:id', () => {
  it.each([
    ['client', '/go/project/12', '/view-project?id=12'],
    ['teammember', '/go/project/12', '/employee/team-memberdashboardpage?id=12'],
    ['superadmin', '/go/project_approval/12', '/project-approval?id=12'],
    ['admin', '/go/project_approval/12', '/all-projects?id=12'],
    ['admin', '/go/tool_request/3', '/tool-requests'],
    ['superadmin', '/go/conversation/12%3A7', '/superadmin-reply-message'],
  ] as const)('sends a signed-in %s from %s to %s, replacing the link in the history', async (role, from, to) => {
    const { location, router } = openGo(from, signedIn(role));
    await waitFor(() => expect(location()).toBe(to));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['teamlead', '/go/tool_request/3', '/employee/teamlead-dashboardpage'],
    ['admin', '/go/conversation/12%3A7', '/admindashboardpage'],
    ['teammember', '/go/invoice/3', '/employee/team-memberdashboardpage'],
  ] as const)('sends a %s to their dashboard from %s, which leads nowhere for them', async (role, from, to) => {
    const { location } = openGo(from, signedIn(role));
    await waitFor(() => expect(location()).toBe(to));
  });

  it('waits while a stored session is being checked', () => {
    const { location } = openGo('/go/project/12', { ...signedOut, isRestoring: true, token: 't' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(location()).toBe('/go/project/12');
  });

  it('sends a signed-out reader to the login page, which is told to come back', async () => {
    const { location } = openGo('/go/project/12', signedOut);
    await waitFor(() => expect(location()).toBe('/loginpage?next=%2Fgo%2Fproject%2F12'));
  });
});

describe('signing in from a /go link', () => {
  const config: PublicConfig = publicConfig;

  function stubLogin(role: Role) {
    server.use(
      http.get('/api/config', () => HttpResponse.json(config)),
      http.post('/api/auth/login', () => HttpResponse.json({ token: 'new-token', user: userWith(role) })),
    );
  }

  function openWithRealAuth(path: string) {
    return renderScreen(<GoRoute />, {
      path,
      pattern: paths.go,
      routes: [{ path: paths.login, element: <LoginRoute /> }],
      wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider>,
    });
  }

  async function logIn(rendered: ReturnType<typeof openWithRealAuth>) {
    await rendered.user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'reader@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('comes back to the link after login and opens the reader’s own screen', async () => {
    stubLogin('superadmin');
    const rendered = openWithRealAuth('/go/project_approval/12');
    await waitFor(() => expect(rendered.location()).toBe('/loginpage?next=%2Fgo%2Fproject_approval%2F12'));

    await logIn(rendered);

    await waitFor(() => expect(rendered.location()).toBe('/project-approval?id=12'));
    expect(localStorage.getItem(STORAGE_KEY_TOKEN)).toBe('new-token');
  });

  it('ignores a return path that would leave the site', async () => {
    stubLogin('client');
    const rendered = renderScreen(<LoginRoute />, {
      path: '/loginpage?next=//evil.example/go',
      wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider>,
    });

    await logIn(rendered);

    await waitFor(() => expect(rendered.location()).toBe('/clientdashboardpage'));
  });
});
