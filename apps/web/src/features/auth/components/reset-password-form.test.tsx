import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ResetPasswordForm } from './reset-password-form';

/** The link still works when its page opens, unless a test says otherwise. */
function linkStillWorks() {
  server.use(http.post('/api/auth/password-reset/check', () => new HttpResponse(null, { status: 204 })));
}

async function submitNewPassword() {
  linkStillWorks();
  const rendered = renderScreen(<ResetPasswordForm token="link-token" />, { path: paths.resetPassword });
  await rendered.user.type(screen.getByLabelText(/^Password/), 'A-new-pass-12345');
  await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'A-new-pass-12345');
  await rendered.user.click(screen.getByRole('button', { name: 'Set the new password' }));
  return rendered;
}

describe('the reset link page', () => {
  it('shows no form for a link already used: it says so when the page opens', async () => {
    server.use(
      http.post('/api/auth/password-reset/check', () =>
        HttpResponse.json({ error: 'This link is invalid or has expired', code: 'LINK_INVALID' }, { status: 404 }),
      ),
    );
    renderScreen(<ResetPasswordForm token="used-token" />, { path: paths.resetPassword });
    expect(await screen.findByText(/This link has already been used or has expired/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('replaces the form with what happened and a way to a new link when the link was used or has expired', async () => {
    server.use(
      http.post('/api/auth/password-reset/confirm', () =>
        HttpResponse.json({ error: 'This link is invalid or has expired', code: 'LINK_INVALID' }, { status: 404 }),
      ),
    );
    const { user, location } = await submitNewPassword();

    expect(await screen.findByText(/This link has already been used or has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(location()).toBe(paths.forgotPassword);
  });

  it('keeps the form, with the message, for any other failure', async () => {
    server.use(
      http.post('/api/auth/password-reset/confirm', () =>
        HttpResponse.json({ error: 'Too many attempts, try again later', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
    );
    await submitNewPassword();
    expect(await screen.findByTestId('form-error')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});
