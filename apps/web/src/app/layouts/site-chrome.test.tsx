import type { PublicConfig, User } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../features/auth/components/auth-provider';
import { answerMediaQueries, restoreMediaQueries } from '../../test/media-queries';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { SiteChrome } from './site-chrome';
import { publicConfig } from '../../test/config-fixture';

const config: PublicConfig = publicConfig;
const lead: User = { id: '8', name: 'Lena Lead', email: 'lena@example.test', role: 'teamlead', company_id: null, company_role: null };

// A desktop-wide window, so the header shows its links inline.
beforeAll(() => answerMediaQueries(() => true));
afterAll(restoreMediaQueries);

function open() {
  server.use(http.get('/api/config', () => HttpResponse.json(config)));
  return renderScreen(
    <SiteChrome>
      <p>Page</p>
    </SiteChrome>,
    { path: '/home', wrap: (tree: ReactNode) => <AuthProvider>{tree}</AuthProvider> },
  );
}

describe('the public header', () => {
  it('shows a signed-in person their name and a link to their dashboard, beside the three links', async () => {
    localStorage.setItem('authToken', 'stored-token');
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: lead })));
    open();
    const header = screen.getByTestId('site-header');
    expect(await within(header).findByText('Lena Lead')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/employee/teamlead-dashboardpage');
    for (const name of ['Home', 'Sign Up', 'Login']) expect(within(header).getByRole('link', { name })).toBeInTheDocument();
  });

  it('shows no one when nobody is signed in', async () => {
    open();
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(screen.queryByTestId('header-account')).toBeNull();
    expect(screen.queryByTestId('header-dashboard-icon')).toBeNull();
  });
});
