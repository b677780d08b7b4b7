import type { Account } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { AdminAccounts } from './admin-accounts';

const lead: Account = {
  id: '12',
  name: 'Jonas Lead',
  email: 'jonas@example.test',
  role: 'teamlead',
  company_id: null,
  company_role: null,
  status: 'active',
  created_at: '2026-03-05T10:00:00.000Z',
};

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the accounts table', () => {
  it('reads in German: headings, role, status and the disable confirmation', async () => {
    server.use(http.get('/api/users', () => HttpResponse.json({ items: [lead], next_cursor: null })));
    await setLocale('de');
    const { user } = renderScreen(<AdminAccounts audience="employee" />);
    const table = await screen.findByRole('table', { name: 'Liste der Mitarbeitenden' });
    expect(within(table).getByRole('columnheader', { name: 'Beigetreten' })).toBeInTheDocument();
    expect(within(table).getByText('Teamleitung')).toBeInTheDocument();
    expect(within(table).getByText('Aktiv')).toBeInTheDocument();
    expect(within(table).getByText('05. März 2026')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Jonas Lead deaktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitarbeitende Person deaktivieren?' });
    expect(dialog).toHaveTextContent('Jonas Lead (jonas@example.test) wird abgemeldet');
  });

  it('keeps SPEC’s English by default', async () => {
    server.use(http.get('/api/users', () => HttpResponse.json({ items: [], next_cursor: null })));
    renderScreen(<AdminAccounts />);
    expect(await screen.findByText('No admins yet')).toBeInTheDocument();
    expect(screen.getByText('Admins appear here once they accept their invitation.')).toBeInTheDocument();
  });
});
