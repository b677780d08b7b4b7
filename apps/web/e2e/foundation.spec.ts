// The foundation journeys: sign-up, login and logout, invitations, the guard, the public header and footer,
// and the error screen. Every test makes its own accounts; only the bootstrap super admin is shared.
import { expect, test, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createTeamlead,
  createTeammember,
  DASHBOARD,
  DEFAULT_PASSWORD,
  fillLoginForm,
  loginSuperadmin,
  loginThroughUi,
  pathnameIs,
  signInBrowser,
  SUPERADMIN,
  uniqueEmail,
  uniqueSuffix,
  type Auth,
  type InvitedRole,
} from './support/accounts';
import { watchConsole } from './support/console';
import { linkPath, waitForMail } from './support/mailbox';

const ROLE_LABEL: Record<InvitedRole, string> = { admin: 'Admin', teamlead: 'Team lead', teammember: 'Team member' };

/** The public pages load the site settings; the footer's copyright line shows once they arrived. */
async function expectPublicPageReady(page: Page): Promise<void> {
  await expect(page.getByTestId('site-footer').getByTestId('footer-copyright')).toBeVisible();
}

test.describe('client sign-up and session', () => {
  test('a client signs up through /client-signup and lands on the client dashboard showing their name', async ({ page }) => {
    const name = `Clara Client ${uniqueSuffix()}`;
    const email = uniqueEmail('signup');

    await page.goto('/client-signup');
    const form = page.getByTestId('client-signup-form');
    await expect(form).toBeVisible();
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(DEFAULT_PASSWORD);
    await form.locator('input[name="confirm_password"]').fill(DEFAULT_PASSWORD);
    await form.locator('input[name="company"]').fill('Acme Ltd');
    await form.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-sent')).toContainText(`We sent a link to ${email}`);

    // The link in the mail finishes the sign-up.
    const mail = await waitForMail(email, /finish signing up/);
    await page.goto(linkPath(mail, '/confirm-signup'));
    await page.getByTestId('confirm-signup').click();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await expect(page.getByTestId('welcome-card')).toContainText('Welcome, Clara');
    await expect(page.getByTestId('person-name')).toHaveText(name);
    await expect(page.getByTestId('person-email')).toHaveText(email);
    await expect(page.getByTestId('person-role')).toHaveText('Client');
    await expect(page.getByTestId('current-user-name')).toHaveText(name);

    // The session is kept under the SPEC's keys, and survives a reload (restored through /api/auth/me).
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('authToken'), id: localStorage.getItem('unique_id') }));
    expect(stored.token).toBeTruthy();
    expect(stored.id).toBeTruthy();
    await page.reload();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await expect(page.getByTestId('person-name')).toHaveText(name);
  });

  test('logout empties all browser storage, revokes the token, and guarded routes then redirect to /loginpage', async ({ page, request }) => {
    const client = await createClient(request);
    await signInBrowser(page, client);

    // Something beyond the session keys, so that "all browser storage" is really checked.
    await page.evaluate(() => {
      localStorage.setItem('e2e-extra', 'kept?');
      sessionStorage.setItem('e2e-session', 'kept?');
    });

    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(pathnameIs('/loginpage'));
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect.poll(() => page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({ local: 0, session: 0 });

    // The old token no longer works on the server.
    const me = await request.get('/api/auth/me', { headers: authHeaders(client) });
    expect(me.status()).toBe(401);

    await page.goto(DASHBOARD.client);
    await expect(page).toHaveURL(pathnameIs('/loginpage'));
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('dashboard')).toHaveCount(0);
    await expect(page.getByTestId('welcome-card')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-nav')).toHaveCount(0);
    await expect(page.getByTestId('logout-button')).toHaveCount(0);
    await expect(page.getByText(client.user.name)).toHaveCount(0);
  });
});

test.describe('admin invitation', () => {
  test('the super admin invites an admin, the admin signs up from the link and appears on /admin-list', async ({ page, browser }) => {
    await loginThroughUi(page, SUPERADMIN.email, SUPERADMIN.password, 'superadmin');

    await page.goto('/create-admin');
    const adminEmail = uniqueEmail('admin');
    const adminName = `Adam Admin ${uniqueSuffix()}`;
    const form = page.getByTestId('create-invitation-form');
    await form.locator('input[name="email"]').fill(adminEmail);
    await form.getByTestId('create-invitation-submit').click();

    const created = page.getByTestId('invitation-created');
    await expect(created).toContainText(adminEmail);
    const linkField = page.getByTestId('invitation-link');
    await expect(linkField).toHaveValue(/\/protected\/admin-signup\?token=./);
    const link = await linkField.inputValue();
    expect(new URL(link).pathname).toBe('/protected/admin-signup');

    // The invited admin, in a browser of their own.
    const adminContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      await adminPage.goto(link);
      const signup = adminPage.getByTestId('invite-signup-form');
      await expect(signup).toBeVisible();
      await expect(adminPage.getByTestId('invited-email')).toHaveValue(adminEmail);
      await expect(adminPage.getByTestId('invitation-role')).toHaveText('Admin');
      await signup.locator('input[name="name"]').fill(adminName);
      await signup.locator('input[name="password"]').fill(DEFAULT_PASSWORD);
      await signup.locator('input[name="confirm_password"]').fill(DEFAULT_PASSWORD);
      await signup.getByTestId('signup-submit').click();

      await expect(adminPage).toHaveURL(pathnameIs(DASHBOARD.admin));
      await expect(adminPage.getByTestId('person-name')).toHaveText(adminName);
      await expect(adminPage.getByTestId('person-email')).toHaveText(adminEmail);
      await expect(adminPage.getByTestId('person-role')).toHaveText('Admin');
    } finally {
      await adminContext.close();
    }

    await page.goto('/admin-list');
    const row = page.getByTestId('admin-row').filter({ hasText: adminEmail });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(adminName);
    await expect(row.getByTestId('status-chip')).toHaveText('Active');
    // The invitation was used, so it no longer waits among the pending ones.
    await expect(page.getByTestId('pending-invitations')).toBeVisible();
    await expect(page.getByTestId('invitation-row').filter({ hasText: adminEmail })).toHaveCount(0);
  });

  test('an invitation link works only once', async ({ page, request }) => {
    const superadmin = await loginSuperadmin(request);
    const email = uniqueEmail('once');
    const invited = await request.post('/api/invitations', { data: { email, role: 'admin' }, headers: authHeaders(superadmin) });
    expect(invited.status()).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    const token = new URL(link).searchParams.get('token');
    const first = await request.post('/api/auth/signup/admin', { data: { invite_token: token, name: 'Once Admin', password: DEFAULT_PASSWORD } });
    expect(first.status()).toBe(201);

    await page.goto(link);
    await expect(page.getByTestId('invitation-error')).toContainText('Invitation not valid');
    await expect(page.getByTestId('invite-signup-form')).toHaveCount(0);
  });
});

test.describe('error screen', () => {
  test('an unknown route shows "Unexpected Application Error!" followed by the status text', async ({ page }) => {
    await page.goto('/no-such-page');
    const screen = page.getByTestId('error-screen');
    await expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(screen.getByTestId('error-detail')).toHaveText(/Not Found/);
    // The heading comes first, then the status text.
    await expect(screen).toContainText(/Unexpected Application Error!\s*404 Not Found/);
  });

  test('the way back is a readable button: its text stands out from its fill, signed out and signed in', async ({ page, request }) => {
    /** The button's text and fill colours and their contrast ratio (WCAG's relative luminance). */
    const colours = (name: string) =>
      page
        .getByTestId('error-screen')
        .getByRole('link', { name })
        .evaluate((el) => {
          const style = getComputedStyle(el);
          const luminance = (css: string) => {
            const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
              const c = Number(v) / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const [text, fill] = [luminance(style.color), luminance(style.backgroundColor)];
          return { color: style.color, background: style.backgroundColor, contrast: (Math.max(text, fill) + 0.05) / (Math.min(text, fill) + 0.05) };
        });

    await page.goto('/no-such-page');
    const signedOut = await colours('Go to the home page');
    expect(signedOut.contrast, JSON.stringify(signedOut)).toBeGreaterThanOrEqual(4.5);

    await signInBrowser(page, await createClient(request));
    await page.goto('/no-such-page');
    const signedIn = await colours('Go to your dashboard');
    expect(signedIn.contrast, JSON.stringify(signedIn)).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('site header and footer', () => {
  test('the header collapses into a toggle below 992 px and shows its links inline from 992 px', async ({ page }) => {
    await page.setViewportSize({ width: 991, height: 800 });
    await page.goto('/home');
    await expectPublicPageReady(page);
    const header = page.getByTestId('site-header');
    const toggle = header.getByTestId('nav-toggle');
    const home = header.getByRole('link', { name: 'Home', exact: true });
    const signup = header.getByRole('link', { name: 'Sign Up', exact: true });
    const login = header.getByRole('link', { name: 'Login', exact: true });

    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const link of [home, signup, login]) await expect(link).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const link of [home, signup, login]) await expect(link).toBeVisible();
    await expect(home).toHaveAttribute('href', '/');
    await expect(signup).toHaveAttribute('href', '/signup');
    await expect(login).toHaveAttribute('href', '/loginpage');

    await toggle.click();
    for (const link of [home, signup, login]) await expect(link).toBeHidden();

    await page.setViewportSize({ width: 992, height: 800 });
    await expect(toggle).toHaveCount(0);
    for (const link of [home, signup, login]) await expect(link).toBeVisible();

    // The same at 992 px on a fresh load.
    await page.reload();
    await expectPublicPageReady(page);
    await expect(toggle).toHaveCount(0);
    await expect(home).toBeVisible();
    await expect(home).toHaveAttribute('href', '/');
    await expect(signup).toHaveAttribute('href', '/signup');
    await expect(login).toHaveAttribute('href', '/loginpage');

    // The brand also leads home; the links lead where they say.
    await expect(header.getByTestId('brand-link')).toHaveAttribute('href', '/');
    await signup.click();
    await expect(page).toHaveURL(pathnameIs('/signup'));
    await login.click();
    await expect(page).toHaveURL(pathnameIs('/loginpage'));
  });

  test('the footer shows the 2023 copyright, a phone line, an e-mail line and the three social links', async ({ page, request }) => {
    const config = (await (await request.get('/api/config')).json()) as { contact_phone: string; contact_email: string };
    await page.goto('/home');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByTestId('footer-copyright')).toContainText('2023');
    await expect(footer.getByTestId('footer-phone')).toContainText(`Phone: ${config.contact_phone}`);
    await expect(footer.getByTestId('footer-email')).toContainText(`E-mail: ${config.contact_email}`);
    for (const [name, href] of [
      ['Facebook', '#facebook'],
      ['LinkedIn', '#linkedin'],
      ['WhatsApp', '#whatsapp'],
    ] as const) {
      const link = footer.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }
  });

  test('header and footer are shown on /home but hidden on / and on dashboards', async ({ page, request }) => {
    await page.goto('/home');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(page.getByTestId('landing-brand')).not.toBeEmpty();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);

    const client = await createClient(request);
    await signInBrowser(page, client);
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);

    const superadmin = await loginSuperadmin(request);
    await signInBrowser(page, superadmin);
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    await page.goto('/admin-list');
    await expect(page.getByRole('heading', { name: 'Admin list' })).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
  });
});

test.describe('login and the guard', () => {
  test('a wrong password shows the server message and stays on /loginpage', async ({ page, request }) => {
    const client = await createClient(request);
    const consoleWatch = watchConsole(page);
    consoleWatch.ignoreFailedResource(401);

    await page.goto('/loginpage');
    await fillLoginForm(page, client.user.email, `${client.password}-wrong`);
    await expect(page.getByTestId('form-error')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(pathnameIs('/loginpage'));
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // The right password still works afterwards.
    await page.getByTestId('login-form').locator('input[name="password"]').fill(client.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await expect(page.getByTestId('person-email')).toHaveText(client.user.email);
    expect(consoleWatch.problems()).toEqual([]);
  });

  test("a signed-in client opening another role's route is sent to the client dashboard", async ({ page, request }) => {
    const client = await createClient(request);
    await signInBrowser(page, client, '/admin-list');
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await expect(page.getByTestId('person-email')).toHaveText(client.user.email);
    await expect(page.getByRole('heading', { name: 'Admin list' })).toHaveCount(0);

    await page.goto(DASHBOARD.admin);
    await expect(page).toHaveURL(pathnameIs(DASHBOARD.client));
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });

  test('a signed-out visitor opening a guarded route is sent to /loginpage', async ({ page }) => {
    for (const path of [DASHBOARD.client, '/admin-list', DASHBOARD.teamlead]) {
      await page.goto(path);
      await expect(page).toHaveURL(pathnameIs('/loginpage'));
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page.getByTestId('dashboard')).toHaveCount(0);
    }
  });

  const createByRole: Record<InvitedRole, (request: Parameters<typeof createAdmin>[0]) => Promise<Auth>> = {
    admin: createAdmin,
    teamlead: createTeamlead,
    teammember: createTeammember,
  };

  for (const role of ['admin', 'teamlead', 'teammember'] as const) {
    test(`${role === 'admin' ? 'an' : 'a'} ${role} lands on ${DASHBOARD[role]} after logging in through /loginpage`, async ({ page, request }) => {
      const account = await createByRole[role](request);
      await loginThroughUi(page, account.user.email, account.password, role);
      // The app bar says who is signed in, on every dashboard (the employees' open on their work, with no account card).
      await expect(page.getByTestId('current-user-name')).toHaveText(account.user.name);
      await expect(page.getByTestId('current-user-role')).toHaveText(ROLE_LABEL[role]);
    });
  }
});

test.describe('console', () => {
  test('the public pages log no console errors', async ({ page }) => {
    const consoleWatch = watchConsole(page);
    const pages: Array<[string, string]> = [
      ['/', 'landing-page'],
      ['/home', 'home-page'],
      ['/signup', 'choose-client'],
      ['/loginpage', 'login-form'],
      ['/client-signup', 'client-signup-form'],
    ];
    for (const [path, testId] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      if (path === '/') await expect(page.getByTestId('landing-brand')).not.toBeEmpty();
      else await expectPublicPageReady(page);
      await page.waitForLoadState('networkidle');
      expect(consoleWatch.problems(), `console errors on ${path}`).toEqual([]);
    }
  });
});
