// Super admin bootstrap: on the empty database the owner signs up through the link the server printed, which carries
// the one-time set-up token (written into its data folder too). Every other spec (project `chromium`) depends on this
// one and signs in as SUPERADMIN.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as setup } from '@playwright/test';
import { DASHBOARD, pathnameIs, SUPERADMIN } from './support/accounts';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp', `e2e-data${port === 3210 ? '' : `-${port}`}`);

setup('super admin bootstrap: the first super admin signs up through /protected/superadmin-signup', async ({ page, request }) => {
  const config = await request.get('/api/config');
  expect(config.ok()).toBe(true);
  expect((await config.json()).superadmin_exists, 'the e2e database must start empty').toBe(false);

  // Without the link's token the form asks for it, and the server refuses a made-up one.
  await page.goto('/protected/superadmin-signup');
  const form = page.getByTestId('superadmin-signup-form');
  await expect(form.locator('input[name="setup_token"]')).toBeVisible();
  await form.locator('input[name="name"]').fill('Somebody Else');
  await form.locator('input[name="email"]').fill('claimant@example.test');
  await form.locator('input[name="password"]').fill(SUPERADMIN.password);
  await form.locator('input[name="confirm_password"]').fill(SUPERADMIN.password);
  await form.locator('input[name="setup_token"]').fill('a-guess');
  await form.getByTestId('signup-submit').click();
  await expect(form.getByTestId('form-error')).toContainText('set-up link');

  const setupToken = fs.readFileSync(path.join(dataDir, 'owner-setup-token'), 'utf8').trim();
  await page.goto(`/protected/superadmin-signup?setup=${setupToken}`);
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super admin sign up' })).toBeVisible();
  // No super admin yet: no setup key is asked for, and the token comes with the link.
  await expect(form.locator('input[name="setup_key"]')).toHaveCount(0);
  await expect(form.locator('input[name="setup_token"]')).toHaveCount(0);

  await form.locator('input[name="name"]').fill(SUPERADMIN.name);
  await form.locator('input[name="email"]').fill(SUPERADMIN.email);
  await form.locator('input[name="password"]').fill(SUPERADMIN.password);
  await form.locator('input[name="confirm_password"]').fill(SUPERADMIN.password);
  await form.getByTestId('signup-submit').click();

  await expect(page).toHaveURL(pathnameIs(DASHBOARD.superadmin));
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('person-email')).toHaveText(SUPERADMIN.email);
  await expect(page.getByTestId('person-role')).toHaveText('Super admin');
  await expect(page.getByTestId('welcome-card')).toContainText('Welcome, Olivia');

  // The session is the one the app stores (SPEC section 3).
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('authToken'), id: localStorage.getItem('unique_id') }));
  expect(stored.token).toBeTruthy();
  expect(stored.id).toBeTruthy();

  // From now on the page asks for the setup key.
  const after = await request.get('/api/config');
  expect((await after.json()).superadmin_exists).toBe(true);
});
