import type { User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ClientSignupForm } from './client-signup-form';
import { ConfirmSignupPanel } from './confirm-signup-panel';

const clara: User = { id: '21', name: 'Clara Client', email: 'clara@example.test', role: 'client', company_id: '3', company_role: 'owner' };

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

  it('asks for the account with trimmed values, then says where the link to finish went', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/signup/client', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'confirmation_sent', email: 'clara@example.test' }, { status: 202 });
      }),
    );
    const rendered = open();
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), '  Clara Client ');
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' clara@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('signup-sent')).toHaveTextContent('We sent a link to clara@example.test');
    expect(bodies).toEqual([{ name: 'Clara Client', email: 'clara@example.test', password: 'a-good-password' }]);
    expect(rendered.location()).toBe('/client-signup');
    expect(localStorage.getItem('authToken')).toBeNull();
    // Another address: the form comes back.
    await rendered.user.click(screen.getByTestId('signup-again'));
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
  });

  it('names the company, which defaults to the person’s name, and sends it trimmed when given', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/signup/client', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'confirmation_sent', email: 'clara@example.test' }, { status: 202 });
      }),
    );
    const rendered = open();
    const company = screen.getByRole('textbox', { name: 'Company name (optional)' });
    expect(company).toHaveAccessibleDescription('Defaults to your name when left empty.');
    expect(company).toHaveAttribute('autocomplete', 'organization');
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Clara Client');
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'clara@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.type(company, ' Northwind Clinics ');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('signup-sent')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Clara Client', email: 'clara@example.test', password: 'a-good-password', company: 'Northwind Clinics' }]);
  });

  it('finishes from the link: one press makes the account, keeps the session and goes to the client dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/signup/confirm', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'new-session', user: clara }, { status: 201 });
      }),
    );
    const rendered = renderScreen(<ConfirmSignupPanel token="tok-1" />, { path: '/confirm-signup?token=tok-1', pattern: '/confirm-signup' });
    expect(bodies).toEqual([]);
    await rendered.user.click(await screen.findByTestId('confirm-signup'));
    await waitFor(() => expect(rendered.location()).toBe('/clientdashboardpage'));
    expect(bodies).toEqual([{ token: 'tok-1' }]);
    expect(localStorage.getItem('authToken')).toBe('new-session');
    expect(localStorage.getItem('unique_id')).toBe('21');
  });

  it('says when the link is used or expired', async () => {
    server.use(
      http.post('/api/auth/signup/confirm', () =>
        HttpResponse.json({ error: 'This link is invalid or has expired', code: 'LINK_INVALID' }, { status: 404 }),
      ),
    );
    const rendered = renderScreen(<ConfirmSignupPanel token="old" />, { path: '/confirm-signup?token=old', pattern: '/confirm-signup' });
    await rendered.user.click(await screen.findByTestId('confirm-signup'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('This link is invalid, used or expired. Sign up again to get a new one.');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    server.use(
      http.post('/api/auth/signup/client', () =>
        HttpResponse.json({ error: 'Too many requests; try again in 60 s', code: 'RATE_LIMITED' }, { status: 429 }),
      ),
    );
    const rendered = open();
    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Clara');
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'clara@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests; try again in 60 s');
    expect(rendered.location()).toBe('/client-signup');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('clara@example.test');
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
