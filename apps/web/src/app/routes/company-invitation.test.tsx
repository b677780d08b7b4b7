import type { User } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { CompanyInvitationRoute } from './company-invitation';
import { configHandler } from '../../test/config-fixture';

const bea: User = { id: '8', name: 'Bea Billing', email: 'bea@northwind.test', role: 'client', company_id: '3', company_role: 'billing' };

function openInvitation(token: string | null) {
  const path = token === null ? '/company-invitation' : `/company-invitation?token=${token}`;
  return renderScreen(<CompanyInvitationRoute />, { path, pattern: '/company-invitation' });
}

async function fillIn(rendered: ReturnType<typeof openInvitation>, name: string, password: string) {
  await rendered.user.type(screen.getByRole('textbox', { name: 'Full name' }), name);
  await rendered.user.type(screen.getByLabelText(/^Password/), password);
  await rendered.user.type(screen.getByLabelText(/^Confirm password/), password);
}

describe('accepting a company invitation', () => {
  beforeEach(() => {
    server.use(configHandler());
  });

  it('asks for a name and a password, then signs the colleague in on the client dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/company/invitations/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'bea-session', user: bea }, { status: 201 });
      }),
    );
    const rendered = openInvitation('tok-51');
    expect(screen.getByRole('heading', { level: 1, name: 'Join your company' })).toBeInTheDocument();

    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await fillIn(rendered, ' Bea Billing ', 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(rendered.location()).toBe('/clientdashboardpage'));
    expect(bodies).toEqual([{ invite_token: 'tok-51', name: 'Bea Billing', password: 'a-good-password' }]);
    expect(localStorage.getItem('authToken')).toBe('bea-session');
    expect(localStorage.getItem('unique_id')).toBe('8');
  });

  it('says when the link is used, revoked or expired, and keeps the colleague on the page', async () => {
    server.use(
      http.post('/api/company/invitations/accept', () =>
        HttpResponse.json({ error: 'This invitation is no longer valid.', code: 'INVITATION_INVALID' }, { status: 404 }),
      ),
    );
    const rendered = openInvitation('spent');
    await fillIn(rendered, 'Bea Billing', 'a-good-password');
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation is no longer valid. Ask the colleague who invited you to send a new invitation.',
    );
    expect(rendered.location()).toBe('/company-invitation?token=spent');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('needs the link’s token', () => {
    openInvitation(null);
    expect(screen.getByTestId('invitation-error')).toHaveTextContent('No invitation token');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/loginpage');
  });
});
