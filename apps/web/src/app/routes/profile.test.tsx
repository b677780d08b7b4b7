import type { Profile } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { ProfileRoute } from './profile';

const profile: Profile = {
  id: '4',
  name: 'Ada Admin',
  email: 'ada@example.test',
  role: 'admin',
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
      http.get('/api/config', () =>
        HttpResponse.json({
          brand_name: 'Studio',
          contact_phone: '0',
          contact_email: 'a@example.test',
          superadmin_exists: true,
          test_payments: false,
        }),
      ),
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
