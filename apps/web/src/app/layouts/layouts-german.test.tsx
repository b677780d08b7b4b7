import type { User } from '@agency/schema';
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
import { ClientTemplate } from './client-template';

const owner: User = { id: '9', name: 'Olga Owner', email: 'olga@northwind.test', role: 'client', company_id: '3', company_role: 'owner' };

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

describe('the signed-in navigation in German', { timeout: 20_000 }, () => {
  it('names the client area, its screens and the unread badge in German', async () => {
    server.use(
      configHandler(),
      http.get('/api/notifications/unread-count', () => HttpResponse.json({ count: 0 })),
      http.get('/api/messages/unread-count', () => HttpResponse.json({ count: 3 })),
    );
    renderScreen(<ClientTemplate />, {
      path: paths.client.dashboard,
      wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
    });

    const nav = await screen.findByRole('navigation', { name: 'Kundenbereich' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent?.replace(/\d+$/, '')),
    ).toEqual([
      'Dashboard',
      'Neues Projekt',
      'Meine Projekte',
      'Verträge',
      'Rechnungen',
      'Tool-Anfragen',
      'Benachrichtigungen',
      'Nachrichten',
      'Abrechnung',
      'Firma',
      'Profil',
    ]);
    expect(await within(nav).findByLabelText('3 ungelesen')).toBeInTheDocument();
    expect(screen.getByTestId('skip-link')).toHaveTextContent('Zum Hauptinhalt springen');
  });
});
