import type { User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { AuthProvider } from './auth-provider';
import { LoginForm } from './login-form';

const admin: User = { id: '4', name: 'Ada Admin', email: 'ada@example.test', role: 'admin', company_id: null, company_role: null };

function open(returnTo: string | null = null) {
  return renderScreen(<LoginForm returnTo={returnTo} />, { path: '/loginpage', wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider> });
}

async function givePassword(rendered: ReturnType<typeof open>) {
  await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), admin.email);
  await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
  await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login with two-factor authentication', () => {
  it('asks for the code after the password, then signs in and goes where it was told', async () => {
    const secondSteps: unknown[] = [];
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'challenge-1' })),
      http.post('/api/auth/login/2fa', async ({ request }) => {
        secondSteps.push(await request.json());
        return HttpResponse.json({ token: 'session-token', user: admin });
      }),
    );
    const rendered = open('/all-projects?id=3');
    await givePassword(rendered);

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.getByText(/6-digit code for ada@example.test/)).toBeInTheDocument();
    // No session yet.
    expect(localStorage.getItem('authToken')).toBeNull();
    await rendered.user.type(code, '123 456');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify and log in' }));

    await waitFor(() => expect(rendered.location()).toBe('/all-projects?id=3'));
    expect(secondSteps).toEqual([{ mfa_token: 'challenge-1', code: '123456' }]);
    expect(localStorage.getItem('authToken')).toBe('session-token');
  });

  it('takes a recovery code instead, and shows a wrong code’s message', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'challenge-2' })),
      http.post('/api/auth/login/2fa', async ({ request }) => {
        attempts += 1;
        const body = (await request.json()) as { recovery_code?: string };
        if (attempts === 1)
          return HttpResponse.json({ error: 'That code is not valid; try the current one from your app', code: 'INVALID_MFA_CODE' }, { status: 401 });
        expect(body.recovery_code).toBe('abcd-efgh-ijkl-mnop');
        return HttpResponse.json({ token: 'session-token', user: admin });
      }),
    );
    const rendered = open();
    await givePassword(rendered);
    await rendered.user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    await rendered.user.type(field, 'wxyz-wxyz-wxyz-wxyz');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('That code is not valid');

    await rendered.user.clear(field);
    await rendered.user.type(field, 'abcd-efgh-ijkl-mnop');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(rendered.location()).toBe('/admindashboardpage'));
  });

  it('goes back to the password when the challenge has expired', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'challenge-3' })),
      http.post('/api/auth/login/2fa', () =>
        HttpResponse.json(
          { error: 'The sign-in took too long or was already used; enter your password again', code: 'MFA_CHALLENGE_INVALID' },
          { status: 401 },
        ),
      ),
    );
    const rendered = open();
    await givePassword(rendered);
    await rendered.user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '654321');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('took too long');
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it('sends staff who must enrol to the profile page’s two-factor section', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ token: 'session-token', user: admin, mfa_enrolment_required: true })));
    const rendered = open('/all-projects');
    await givePassword(rendered);
    await waitFor(() => expect(rendered.location()).toBe('/profile'));
    expect(rendered.router.state.location.hash).toBe('#two-factor');
  });
});
