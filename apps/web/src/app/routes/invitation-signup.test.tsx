import type { User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { AdminSignupRoute } from './admin-signup';
import { SuperadminSignupRoute } from './superadmin-signup';
import { configHandler } from '../../test/config-fixture';

const lena: User = { id: '31', name: 'Lena Lead', email: 'lena@example.test', role: 'teamlead', company_id: null, company_role: null };

function openInvitation(token: string | null) {
  const path = token === null ? '/protected/admin-signup' : `/protected/admin-signup?token=${token}`;
  return renderScreen(<AdminSignupRoute />, { path, pattern: '/protected/admin-signup' });
}

describe('accepting an invitation', () => {
  it('shows who was invited, signs the new team lead in and opens their dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/invitations/preview', ({ request }) =>
        new URL(request.url).searchParams.get('token') === 'tok-1'
          ? HttpResponse.json({ email: 'lena@example.test', role: 'teamlead', expires_at: '2026-12-01T10:00:00.000Z' })
          : HttpResponse.json({ error: 'Unknown token', code: 'INVITATION_INVALID' }, { status: 404 }),
      ),
      http.post('/api/auth/signup/employee', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'lead-session', user: lena }, { status: 201 });
      }),
    );
    const rendered = openInvitation('tok-1');
    expect(await screen.findByRole('heading', { name: 'Join as team lead' })).toBeInTheDocument();
    expect(screen.getByTestId('invited-email')).toHaveValue('lena@example.test');
    expect(screen.getByTestId('invited-email')).toHaveAttribute('readonly');
    expect(screen.getByText('Invitation valid until 01 Dec, 10:00')).toBeInTheDocument();

    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Lena Lead');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(rendered.location()).toBe('/employee/teamlead-dashboardpage'));
    expect(bodies).toEqual([{ invite_token: 'tok-1', name: 'Lena Lead', password: 'a-good-password' }]);
    expect(localStorage.getItem('authToken')).toBe('lead-session');
  });

  it('says so when the invitation is unknown or used, and when the link has no token', async () => {
    server.use(
      http.get('/api/invitations/preview', () =>
        HttpResponse.json({ error: 'This invitation is no longer valid.', code: 'INVITATION_INVALID' }, { status: 404 }),
      ),
    );
    const first = openInvitation('used');
    expect(await screen.findByTestId('invitation-error')).toHaveTextContent(
      'Invitation not validThis invitation is no longer valid. Ask the person who invited you to send a new invitation.',
    );
    first.unmount();
    openInvitation(null);
    expect(screen.getByTestId('invitation-error')).toHaveTextContent('No invitation token');
  });
});

describe('super admin sign-up', () => {
  it('asks for the setup key once a super admin exists, and sends it', async () => {
    const bodies: unknown[] = [];
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.post('/api/auth/signup/superadmin', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: 'The setup key is wrong', code: 'FORBIDDEN' }, { status: 403 });
      }),
    );
    const rendered = renderScreen(<SuperadminSignupRoute />, { path: '/protected/superadmin-signup' });
    await rendered.user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Sam Owner');
    // The public page names nothing of the server's configuration.
    expect(document.body).not.toHaveTextContent(/SUPERADMIN_SETUP_KEY|configuration/);
    await rendered.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'sam@example.test');
    await rendered.user.type(screen.getByLabelText(/^Password/), 'a-good-password');
    await rendered.user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create super admin account' }));
    expect(screen.getByText('Setup key is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await rendered.user.type(screen.getByLabelText(/^Setup key/), ' the-key ');
    await rendered.user.click(screen.getByRole('button', { name: 'Create super admin account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The setup key is wrong');
    expect(bodies).toEqual([{ name: 'Sam Owner', email: 'sam@example.test', password: 'a-good-password', setup_key: 'the-key' }]);
  });
});
