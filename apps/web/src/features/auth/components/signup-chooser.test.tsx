import type { User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SignupChooser } from './signup-chooser';

const client: User = { id: '7', name: 'Chloe Client', email: 'chloe@example.test', role: 'client', company_id: '3', company_role: 'owner' };

describe('the sign-up chooser', () => {
  it('tells someone already signed in who they are and leads them to their dashboard', async () => {
    localStorage.setItem('authToken', 'chooser-token');
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: client })));
    renderScreen(<SignupChooser />, { path: '/signup' });
    const notice = await screen.findByTestId('signed-in-notice');
    expect(notice).toHaveTextContent('You are signed in as Chloe Client.');
    expect(within(notice).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/clientdashboardpage');
  });

  it('shows the choice alone to someone signed out', async () => {
    renderScreen(<SignupChooser />, { path: '/signup' });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByTestId('signed-in-notice')).toBeNull();
  });
});
