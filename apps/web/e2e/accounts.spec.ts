// Accounts a person expects: a forgotten password, the profile page (name, password, sessions, notification
// preferences), two-factor sign-in for staff, deep links kept through the login, and the signed-in person in the
// public header and on the error screen.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import {
  authHeaders,
  createAdmin,
  createClient,
  DASHBOARD,
  fillLoginForm,
  loginThroughUi,
  pathnameIs,
  signInBrowser,
  STORAGE_KEY_TOKEN,
} from './support/accounts';
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
    // The page knows the link is used as it opens: no form, what happened and the way on.
    await expect(page.getByTestId('reset-link-dead')).toContainText('This link has already been used or has expired');
    await expect(page.getByTestId('reset-password-form')).toHaveCount(0);
    await expect(page.getByTestId('reset-ask-again')).toHaveAttribute('href', '/forgot-password');

    await page.goto('/loginpage');
    await fillLoginForm(page, client.user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await waitForMail(client.user.email, /password was changed$/);
  });
});

test.describe('the profile page', () => {
  test('a client changes their name and password, signs out everywhere else, and picks how they hear about messages', async ({
    browser,
    page,
    request,
  }) => {
    // Two browsers and five page loads: longer than one minute on a busy machine.
    test.slow();
    const client = await createClient(request);
    await signInBrowser(page, client);
    await page.getByTestId('current-user').click();
    await expect(page).toHaveURL(pathnameIs('/profile'));

    // The name: saved, shown in the bar at once, and still there after a reload.
    const newName = `Renamed ${client.user.name}`;
    const name = page.getByTestId('profile-details').getByRole('textbox', { name: 'Name' });
    await name.fill(newName);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name was saved')).toBeVisible();
    await expect(page.getByTestId('current-user-name')).toHaveText(newName);
    await page.reload();
    await expect(page.getByTestId('profile-details').getByRole('textbox', { name: 'Name' })).toHaveValue(newName);

    // The password, with the current one: this tab stays signed in, the old password stops working.
    const card = page.getByTestId('password-card');
    await card.getByLabel('Current password', { exact: true }).fill(client.password);
    await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    expect((await request.post('/api/auth/login', { data: { email: client.user.email, password: client.password } })).status()).toBe(401);

    // Another browser signs in with the new password on the login page...
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginThroughUi(otherPage, client.user.email, NEW_PASSWORD, 'client');
    const otherToken = await otherPage.evaluate((key) => localStorage.getItem(key), STORAGE_KEY_TOKEN);
    expect(otherToken).toBeTruthy();
    expect((await request.get('/api/auth/me', { headers: authHeaders(otherToken!) })).status()).toBe(200);

    // ...and is signed out from here: its session is refused from then on.
    await page.reload();
    const sessions = page.getByTestId('sessions-card');
    await expect(sessions.getByTestId('session-row')).toHaveCount(2);
    await page.getByTestId('revoke-others').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Signed out 1 other session')).toBeVisible();
    await expect(sessions.getByTestId('session-row')).toHaveCount(1);
    expect((await request.get('/api/auth/me', { headers: authHeaders(otherToken!) })).status()).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(pathnameIs('/loginpage'));
    await other.close();
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByTestId('current-user-name')).toHaveText(newName);

    // Messages in the app only: the choice is saved and is still there after a reload.
    const messages = page.getByTestId('preference-message');
    await expect(messages.getByRole('radio', { name: 'In the app and by e-mail' })).toBeChecked();
    // The radio follows the saved choice, so it turns on once the server has it: click, then wait for it.
    await messages.getByRole('radio', { name: 'In the app only' }).click();
    await expect(page.getByText('Messages received: in the app only')).toBeVisible();
    await expect(messages.getByRole('radio', { name: 'In the app only' })).toBeChecked();
    await page.reload();
    await expect(page.getByTestId('preference-message').getByRole('radio', { name: 'In the app only' })).toBeChecked();
    await expect(page.getByTestId('preference-project_status').getByRole('radio', { name: 'In the app and by e-mail' })).toBeChecked();
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
