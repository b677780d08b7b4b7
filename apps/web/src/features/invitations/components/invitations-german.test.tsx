import type { CreateInvitationResponse, Invitation } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { CreateInvitationForm } from './create-invitation-form';
import { PendingInvitations } from './pending-invitations';

const invitation: Invitation = {
  id: '21',
  email: 'tom@example.test',
  role: 'teamlead',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-03-08T10:00:00.000Z',
};

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('inviting people in German', () => {
  it('asks for the role and address in German and says what was sent', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/invitations', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ invitation, link: 'https://agency.example/protected/admin-signup?token=abc' } satisfies CreateInvitationResponse, {
          status: 201,
        });
      }),
    );
    const rendered = renderScreen(<CreateInvitationForm roles={['teammember', 'teamlead']} />, { path: '/employees' });

    const form = screen.getByRole('form', { name: 'Teammitglied einladen' });
    await rendered.user.click(within(form).getByRole('radio', { name: 'Teamleitung' }));
    expect(screen.getByRole('form', { name: 'Teamleitung einladen' })).toBeInTheDocument();
    expect(screen.getByText('Wir senden der neuen Teamleitung einen Registrierungslink per E-Mail.')).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }));
    await rendered.user.paste(invitation.email);
    await rendered.user.click(screen.getByRole('button', { name: 'Einladung senden' }));

    const created = await screen.findByTestId('invitation-created');
    expect(sent).toEqual([{ email: invitation.email, role: 'teamlead' }]);
    expect(created).toHaveTextContent('Einladung für tom@example.test erstellt.');
    expect(created).toHaveTextContent('Der Link wurde außerdem per E-Mail an tom@example.test gesendet.');
    expect(within(created).getByRole('button', { name: 'Weitere Teamleitung einladen' })).toBeInTheDocument();
  });

  it('lists the pending invitations with German headings and actions', async () => {
    server.use(http.get('/api/invitations', () => HttpResponse.json({ items: [invitation], next_cursor: null })));
    renderScreen(<PendingInvitations audience="employee" />, { path: '/employees' });

    const section = screen.getByRole('region', { name: 'Offene Einladungen' });
    expect(await within(section).findByRole('button', { name: 'Einladung an tom@example.test erneut senden' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Einladung an tom@example.test widerrufen' })).toBeInTheDocument();
    expect(within(section).getByText('Teamleitung')).toBeInTheDocument();
  });
});
