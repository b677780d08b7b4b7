import type { User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ClientSignupForm } from './client-signup-form';

const clara: User = { id: '21', name: 'Clara Client', email: 'clara@example.test', role: 'client' };

function open() {
  return renderScreen(<ClientSignupForm />, { path: '/client-signup' });
}

describe('client sign-up', () => {
  it('names every field that is wrong, sends nothing, and focuses the first', async () => {
    let calls = 0;
    server.use(http.post('/api/auth/signup/client', () => ((calls += 1), HttpResponse.json({}))));
    const rendered = open();
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'short');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);

    // A fixed field loses its message as it is typed.
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Clara');
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('creates the account with trimmed values, keeps the session and goes to the client dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/signup/client', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'new-session', user: clara }, { status: 201 });
      }),
    );
    const rendered = open();
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), '  Clara Client ');
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' clara@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(rendered.location()).toBe('/clientdashboardpage'));
    expect(bodies).toEqual([{ name: 'Clara Client', email: 'clara@example.test', password: 'a-good-password' }]);
    expect(localStorage.getItem('authToken')).toBe('new-session');
    expect(localStorage.getItem('unique_id')).toBe('21');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    server.use(
      http.post('/api/auth/signup/client', () =>
        HttpResponse.json({ error: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN' }, { status: 409 }),
      ),
    );
    const rendered = open();
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Clara');
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'clara@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists');
    expect(rendered.location()).toBe('/client-signup');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('clara@example.test');
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
