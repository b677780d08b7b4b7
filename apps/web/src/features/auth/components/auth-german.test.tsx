import type { User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { AuthProvider } from './auth-provider';
import { LoginForm } from './login-form';
import { SignupChooser } from './signup-chooser';

const client: User = { id: '7', name: 'Chloe Client', email: 'chloe@example.test', role: 'client', company_id: '3', company_role: 'owner' };

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('signing in and up in German', () => {
  it('labels the login form in German and asks for the second step in German', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'challenge-1' })));
    const rendered = renderScreen(<LoginForm />, { path: '/loginpage', wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider> });

    expect(screen.getByRole('form', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeInTheDocument();
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-Mail' }), client.email);
    await rendered.user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    await rendered.user.type(screen.getByRole('textbox', { name: 'Passwort' }), 'a-good-password');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('textbox', { name: 'Authentifizierungscode' })).toBeInTheDocument();
    expect(screen.getByText('Öffnen Sie Ihre Authenticator-App und geben Sie den 6-stelligen Code für chloe@example.test ein.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' })).toBeInTheDocument();
  });

  it('offers the choice of account in German, with the signed-in notice and its link', async () => {
    localStorage.setItem('authToken', 'chooser-token');
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: client })));
    renderScreen(<SignupChooser />, { path: '/signup' });

    expect(screen.getByRole('heading', { name: 'Konto erstellen' })).toBeInTheDocument();
    const notice = await screen.findByTestId('signed-in-notice');
    expect(notice).toHaveTextContent('Sie sind als Chloe Client angemeldet. Zu Ihrem Dashboard – oder melden Sie sich dort ab');
    expect(within(notice).getByText('Chloe Client').tagName).toBe('STRONG');
    expect(within(notice).getByRole('link', { name: 'Zu Ihrem Dashboard' })).toHaveAttribute('href', '/clientdashboardpage');
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/loginpage');
  });
});
