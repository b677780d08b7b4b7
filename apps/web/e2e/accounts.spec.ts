// Accounts a person expects: a forgotten password, two-factor sign-in for staff, deep links kept through the
// login, and the signed-in person in the public header and on the error screen.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { authHeaders, createAdmin, createClient, DASHBOARD, fillLoginForm, pathnameIs, signInBrowser } from './support/accounts';
import { linkPath, waitForMail } from './support/mailbox';
import { createProjectViaApi } from './support/projects-api';

const NEW_PASSWORD = 'Brand-new-e2e-pass-42';

test.describe('forgot password', () => {
  test('a client asks for a link on /loginpage, chooses a new password from the e-mail, and every old session ends', async ({ page, request }) => {
    const client = await createClient(request);

    await page.goto('/loginpage');
    await page.getByTestId('forgot-password-link').click();
    await expect(page).toHaveURL(pathnameIs('/forgot-password'));
    await page.getByTestId('forgot-password-form').locator('input[name="email"]').fill(client.user.email);
    await page.getByTestId('forgot-password-submit').click();
    await expect(page.getByTestId('reset-requested')).toContainText('If an account uses that address');

    const mail = await waitForMail(client.user.email, /^Reset your .* password$/);
    await page.goto(linkPath(mail, '/reset-password'));
    const form = page.getByTestId('reset-password-form');
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await form.locator('input[name="confirm_password"]').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toBeVisible();

    // The session the client had before is gone; the link works once.
    expect((await request.get('/api/auth/me', { headers: authHeaders(client) })).status()).toBe(401);
    await page.goto(linkPath(mail, '/reset-password'));
    await page.getByTestId('reset-password-form').locator('input[name="password"]').fill('Another-pass-123');
    await page.getByTestId('reset-password-form').locator('input[name="confirm_password"]').fill('Another-pass-123');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('form-error')).toContainText('invalid, used or expired');

    await page.goto('/loginpage');
    await fillLoginForm(page, client.user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await waitForMail(client.user.email, /password was changed$/);
  });
});

test.describe('two-factor authentication', () => {
  test('an admin turns it on from the profile page and then signs in with a code from the app', async ({ page, request }) => {
    const admin = await createAdmin(request);
    await signInBrowser(page, admin);
    await page.getByTestId('current-user').click();
    await expect(page).toHaveURL(pathnameIs('/profile'));

    await page.getByTestId('mfa-start').click();
    await expect(page.getByTestId('mfa-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    await page
      .getByTestId('totp-code-field')
      .locator('input')
      .fill(await generate({ secret }));
    await page.getByTestId('mfa-confirm').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await page.getByTestId('recovery-codes-saved').click();
    await expect(page.getByTestId('mfa-status')).toContainText('On since');

    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(pathnameIs('/loginpage'));
    await fillLoginForm(page, admin.user.email, admin.password);
    const codeField = page.getByTestId('mfa-code-field').locator('input');
    await expect(codeField).toBeVisible();
    // The code of the next 30-second step: the one used to confirm is never accepted again.
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByTestId('mfa-submit').click();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.admin));
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });
});

test.describe('deep links and the signed-in header', () => {
  test('a project link opened while signed out is opened again after login', async ({ page, request }) => {
    const client = await createClient(request);
    const project = await createProjectViaApi(request, client);

    await page.goto(`/view-project?id=${project.id}`);
    await expect(page).toHaveURL((url) => url.pathname === '/loginpage' && url.searchParams.get('next') === `/view-project?id=${project.id}`);
    await fillLoginForm(page, client.user.email, client.password);
    await expect(page).toHaveURL((url) => url.pathname === '/view-project' && url.searchParams.get('id') === project.id);
    await expect(page.getByText(project.title).first()).toBeVisible();
  });

  test('an unbuilt guarded path sends the signed out to /loginpage, never to "not found"', async ({ page }) => {
    await page.goto('/view-invoice');
    await expect(page).toHaveURL((url) => url.pathname === '/loginpage' && url.searchParams.get('next') === '/view-invoice');
    await page.goto('/employee/team-contract');
    await expect(page).toHaveURL((url) => url.pathname === '/loginpage' && url.searchParams.get('next') === '/employee/team-contract');
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('a signed-in person sees their name and their dashboard link in the public header and on the error screen', async ({ page, request }) => {
    const client = await createClient(request);
    await signInBrowser(page, client);

    await page.goto('/home');
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('header-account-name')).toHaveText(client.user.name);
    // SPEC's three links stay.
    for (const name of ['Home', 'Sign Up', 'Login']) await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    await header.getByTestId('header-dashboard-link').click();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));

    await page.goto('/no-such-page');
    await expect(page.getByTestId('error-screen')).toContainText('Unexpected Application Error!');
    await expect(page.getByTestId('site-header').getByTestId('header-account-name')).toHaveText(client.user.name);
    await page.getByTestId('error-dashboard-link').click();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));

    // On a phone the name sits in the menu, and the dashboard is one tap away beside it.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/home');
    await expect(page.getByTestId('header-dashboard-icon')).toHaveAttribute('href', DASHBOARD.client);
    await page.getByTestId('nav-toggle').click();
    await expect(page.getByTestId('header-account-name')).toHaveText(client.user.name);
  });
});
