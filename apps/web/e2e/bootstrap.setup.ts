// Super admin bootstrap: on the empty database the super-admin signup needs no setup key. Every other spec
// (project `chromium`) depends on this one and signs in as SUPERADMIN.
import { expect, test as setup } from '@playwright/test';
import { DASHBOARD, pathnameIs, SUPERADMIN } from './support/accounts';

setup('super admin bootstrap: the first super admin signs up through /protected/superadmin-signup', async ({ page, request }) => {
  const config = await request.get('/api/config');
  expect(config.ok()).toBe(true);
  expect((await config.json()).superadmin_exists, 'the e2e database must start empty').toBe(false);

  await page.goto('/protected/superadmin-signup');
  const form = page.getByTestId('superadmin-signup-form');
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super admin sign up' })).toBeVisible();
  // No super admin yet, so no setup key is asked for.
  await expect(form.locator('input[name="setup_key"]')).toHaveCount(0);

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
