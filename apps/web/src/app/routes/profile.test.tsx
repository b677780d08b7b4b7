import type { ApiToken, Profile } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { ProfileRoute } from './profile';
import { configHandler } from '../../test/config-fixture';
import { setLocale } from '../../i18n';

const profile: Profile = {
  id: '4',
  name: 'Ada Admin',
  email: 'ada@example.test',
  role: 'admin',
  locale: null,
  created_at: '2025-03-05T14:07:00.000Z',
  pending_email: null,
  mfa: { available: true, enabled: false, enabled_at: null, recovery_codes_left: 0, required: true },
};
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-dd${String(i).padStart(2, '2')}`);

describe('two-factor set-up on the profile page', () => {
  it('shows the QR code and the key, confirms with a first code and shows the ten recovery codes until they are saved', async () => {
    const confirmed: unknown[] = [];
    server.use(
      http.post('/api/account/2fa/setup', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,AAAA' }),
      ),
      http.post('/api/account/2fa/confirm', async ({ request }) => {
        confirmed.push(await request.json());
        return HttpResponse.json({ recovery_codes: CODES });
      }),
      // The server's profile says "on" as soon as it is; the page must still show the codes until they are saved.
      http.get('/api/account', () =>
        HttpResponse.json({ profile: confirmed.length ? { ...profile, mfa: { ...profile.mfa, enabled: true, required: false } } : profile }),
      ),
      http.get('/api/auth/me', () => HttpResponse.json({ user: { id: '4', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' } })),
      http.get('/api/account/sessions', () => HttpResponse.json({ items: [] })),
      http.get('/api/account/tokens', () => HttpResponse.json({ items: [], available_scopes: ['projects:read'] })),
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/account/notification-preferences', () => HttpResponse.json({ preferences: [] })),
    );
    const { user } = renderScreen(<ProfileRoute />, { path: '/profile' });
    await screen.findByTestId('profile-page');
    expect(screen.getByTestId('mfa-required')).toHaveTextContent('requires two-factor authentication');

    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByRole('textbox', { name: '6-digit code from the app' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(confirmed).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: '6-digit code from the app' }), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByTestId('recovery-code')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(confirmed).toEqual([{ code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByTestId('mfa-status')).toHaveTextContent('On since');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  }, 20_000);
});

describe('API tokens on the profile page', () => {
  it('offers the scopes the role may give, shows a new token once, and revokes one', async () => {
    const created: unknown[] = [];
    const revoked: string[] = [];
    let items: ApiToken[] = [
      {
        id: '7',
        name: 'Nightly export',
        scopes: ['invoices:read'],
        created_at: '2026-01-05T10:00:00.000Z',
        expires_at: null,
        last_used_at: '2026-01-06T09:30:00.000Z',
      },
    ];
    server.use(
      http.get('/api/account', () => HttpResponse.json({ profile: { ...profile, mfa: { ...profile.mfa, required: false } } })),
      http.get('/api/auth/me', () => HttpResponse.json({ user: { id: '4', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' } })),
      http.get('/api/account/sessions', () => HttpResponse.json({ items: [] })),
      http.get('/api/account/notification-preferences', () => HttpResponse.json({ preferences: [] })),
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/account/tokens', () => HttpResponse.json({ items, available_scopes: ['projects:read', 'invoices:read', 'webhooks:write'] })),
      http.post('/api/account/tokens', async ({ request }) => {
        const body = (await request.json()) as { name: string; scopes: ApiToken['scopes'] };
        created.push(body);
        const apiToken = {
          id: '8',
          name: body.name,
          scopes: body.scopes,
          created_at: '2026-01-07T10:00:00.000Z',
          expires_at: null,
          last_used_at: null,
        };
        items = [apiToken, ...items];
        return HttpResponse.json({ token: 'agt_secretvalue', api_token: apiToken }, { status: 201 });
      }),
      http.delete('/api/account/tokens/:id', ({ params }) => {
        revoked.push(String(params.id));
        items = items.filter((i) => i.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderScreen(<ProfileRoute />, { path: '/profile' });
    const card = await screen.findByTestId('api-tokens-card');
    expect(await within(card).findByText('Nightly export')).toBeInTheDocument();
    // Staff reach the webhooks (and everyone's tokens) from here: the super admin's navigation has no room for them.
    expect(within(card).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
    expect(
      within(card)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['projects:read', 'invoices:read', 'webhooks:write']);

    await user.type(within(card).getByRole('textbox', { name: 'Token name' }), 'Zapier');
    await user.click(within(card).getByRole('checkbox', { name: 'webhooks:write' }));
    await user.click(within(card).getByTestId('create-api-token'));
    expect(await within(card).findByTestId('new-api-token')).toHaveValue('agt_secretvalue');
    expect(within(card).getByText('Copy the token now: it is not shown again.')).toBeInTheDocument();
    expect(created).toEqual([{ name: 'Zapier', scopes: ['webhooks:write'] }]);
    expect(await within(card).findByText('Zapier')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Revoke Nightly export' }));
    await expect.poll(() => revoked).toEqual(['7']);
    expect(await within(card).findAllByTestId('api-token-row')).toHaveLength(1);
  }, 20_000);
});

describe('the language on the profile page', () => {
  function profileHandlers(saved: unknown[]) {
    let current: Profile = { ...profile, mfa: { ...profile.mfa, required: false } };
    return [
      http.get('/api/account', () => HttpResponse.json({ profile: current })),
      http.patch('/api/account', async ({ request }) => {
        const body = (await request.json()) as { locale: Profile['locale'] };
        saved.push(body);
        current = { ...current, locale: body.locale };
        return HttpResponse.json({ profile: current });
      }),
      http.get('/api/auth/me', () => HttpResponse.json({ user: { id: '4', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' } })),
      http.get('/api/account/sessions', () => HttpResponse.json({ items: [] })),
      http.get('/api/account/tokens', () => HttpResponse.json({ items: [], available_scopes: ['projects:read'] })),
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/account/notification-preferences', () => HttpResponse.json({ preferences: [] })),
    ];
  }

  afterEach(async () => {
    await setLocale('en-GB');
  });

  it('saves the picked language and shows the page in it at once', async () => {
    const saved: unknown[] = [];
    server.use(...profileHandlers(saved));
    const { user } = renderScreen(<ProfileRoute />, { path: '/profile' });
    await screen.findByTestId('profile-page');
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Ihr Profil' })).toBeInTheDocument();
    expect(saved).toEqual([{ locale: 'de' }]);
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('button', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(await screen.findByText('Sie haben keine API-Token.')).toBeInTheDocument();
    expect(localStorage.getItem('agency.locale')).toBe('de');

    await user.click(screen.getByRole('combobox', { name: 'Sprache' }));
    await user.click(await screen.findByRole('option', { name: 'Wie mein Browser' }));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(saved).toEqual([{ locale: 'de' }, { locale: null }]);
    expect(localStorage.getItem('agency.locale')).toBeNull();
  }, 20_000);

  it('reads every card in Arabic, right to left', async () => {
    server.use(...profileHandlers([]));
    await setLocale('ar');
    renderScreen(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'ملفك الشخصي' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText('ليس لديك أي رموز للواجهة البرمجية.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' })).toBeInTheDocument();
  }, 20_000);
});
