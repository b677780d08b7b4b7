import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { LoginForm } from '../features/auth/components/login-form';
import { setLocale } from '../i18n';
import { renderScreen } from '../test/render';
import { server } from '../test/server';

// The forms show the shared schemas' and the light field checks' messages, and the server's, in the reader's language
// (lib/validation-text.ts); the British English ones stay as the schemas and the server write them.
afterEach(async () => {
  await setLocale('en-GB');
});

const serverError = (error: string, code: string, status: number) => HttpResponse.json({ error, code }, { status });

function openForgotPassword() {
  return renderScreen(<ForgotPasswordForm />, { path: '/forgot-password' });
}

describe('validation and error messages on forms in the reader language', { timeout: 20_000 }, () => {
  it("shows a schema's required-field message and the server's generic error in German", async () => {
    await setLocale('de');
    server.use(http.post('/api/auth/password-reset', () => serverError('Something went wrong on our side', 'INTERNAL', 500)));
    const { user } = openForgotPassword();
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('E-Mail ist erforderlich')).toBeInTheDocument();
    expect(screen.queryByText('E-mail is required')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'x');
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('Geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), '@example.test');
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Bei uns ist etwas schiefgelaufen');
  });

  it('keeps the English messages exactly as the schema and the server write them', async () => {
    server.use(http.post('/api/auth/password-reset', () => serverError('Something went wrong on our side', 'INTERNAL', 500)));
    const { user } = openForgotPassword();
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ann@example.test');
    await user.click(screen.getByTestId('forgot-password-submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Something went wrong on our side');
  });

  it("shows the light sign-in form's field checks in German", async () => {
    await setLocale('de');
    const { user } = renderScreen(<LoginForm />, { path: '/loginpage', wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider> });
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich')).toBeInTheDocument();
  });
});
