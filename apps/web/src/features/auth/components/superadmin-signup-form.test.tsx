import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SuperadminSignupForm } from './superadmin-signup-form';

function captureSignup() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/auth/signup/superadmin', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        { error: 'Open the set-up link the server printed when it started: it carries the one-time set-up token', code: 'SETUP_TOKEN_REQUIRED' },
        { status: 403 },
      );
    }),
  );
  return bodies;
}

async function fillAccount(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Olivia Owner');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'owner@example.test');
  await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
  await user.type(screen.getByLabelText(/^Confirm password/), 'long-enough-password');
}

describe('the first owner sign-up', () => {
  it('sends the set-up token the link carried, without asking for it', async () => {
    const bodies = captureSignup();
    const { user } = renderScreen(<SuperadminSignupForm requiresSetupKey={false} setupToken="tok-from-link" />, {
      path: '/protected/superadmin-signup',
    });
    await fillAccount(user);
    expect(screen.queryByLabelText(/^Set-up token/)).toBeNull();
    await user.click(screen.getByTestId('signup-submit'));
    await expect.poll(() => bodies.length).toBe(1);
    expect(bodies[0]).toMatchObject({ email: 'owner@example.test', setup_token: 'tok-from-link' });
    expect(bodies[0]).not.toHaveProperty('setup_key');
  });

  it('asks for the token when the page was opened without the link, and shows why the server refused it', async () => {
    const bodies = captureSignup();
    const { user } = renderScreen(<SuperadminSignupForm requiresSetupKey={false} />, { path: '/protected/superadmin-signup' });
    await fillAccount(user);
    await user.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Set-up token is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Set-up token/), 'a-guess');
    await user.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Open the set-up link the server printed');
    expect(bodies[0]).toMatchObject({ setup_token: 'a-guess' });
  });
});
