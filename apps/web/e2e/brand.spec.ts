// The brand: the super admin picks a colour and uploads a logo on /settings/brand, and the app bar, the buttons and
// the public pages follow; a colour white text cannot be read on is refused with its ratio. The brand is put back
// afterwards (other journeys run beside this one), and the agency name is left alone for them.
import { expect, test } from '@playwright/test';
import { authHeaders, createClient, loginSuperadmin, signInBrowser, uniqueEmail } from './support/accounts';
import { axeFindings, settle } from './support/a11y';
import { waitForMail } from './support/mailbox';

/** A 3x2 PNG: the kind of logo mail and documents carry (they draw no SVG). */
const PNG_LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAFklEQVR4nGPgjpX7D8MM////BzNAAACRcQ4NRtpWtgAAAABJRU5ErkJggg==',
  'base64',
);
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#0b5d1e"/></svg>';

test.describe('the brand', () => {
  test.afterEach(async ({ request }) => {
    const owner = await loginSuperadmin(request);
    await request.patch('/api/settings/brand', { headers: authHeaders(owner), data: { primary_color: '' } });
    await request.delete('/api/settings/brand/logo', { headers: authHeaders(owner) });
  });

  test('the super admin sets the colour and logo, and every screen follows', async ({ page, request }, testInfo) => {
    const owner = await loginSuperadmin(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInBrowser(page, owner, '/superadmin-audit-log');
    await page.getByTestId('dashboard-nav').getByRole('link', { name: 'Brand' }).click();
    await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('brand-1280-before.png'), fullPage: true });

    const colour = page.getByTestId('brand-primary_color').getByRole('textbox');
    await colour.fill('#ffeb3b');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('Contrast with white text: 1.22:1 (needs 4.5:1: choose a darker colour)');
    await page.getByTestId('brand-save').click();
    await expect(page.getByTestId('brand-save-error')).toHaveText(
      'White text on #ffeb3b has a contrast of 1.22:1; it needs at least 4.5:1. Choose a darker colour.',
    );

    await colour.fill('#0b5d1e');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('Contrast with white text: 8.08:1 (at least 4.5:1: readable)');
    await page.getByTestId('brand-save').click();
    await expect(page.getByText('Saved: every screen, e-mail and document now uses it.')).toBeVisible();
    // The theme follows at once: the save button is drawn in the new colour (once no longer hovered or focused).
    await page.mouse.move(0, 0);
    await page.getByTestId('brand-save').evaluate((button: HTMLElement) => button.blur());
    await expect(page.getByTestId('brand-save')).toHaveCSS('background-color', 'rgb(11, 93, 30)');

    await page.getByTestId('logo-input').setInputFiles({ name: 'mark.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
    await expect(page.getByTestId('logo-preview')).toHaveCount(2);
    const appBarLogo = page.getByTestId('app-bar-logo');
    await expect(appBarLogo).toHaveAttribute('src', /^\/api\/brand\/logo\?v=[0-9a-f]{12}$/);
    // The picture loads (served as an image under its own policy), not only its address.
    await expect.poll(() => appBarLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await settle(page);
    // The screen itself (the app bar is swept with every screen in the a11y-*.spec.ts files).
    expect(await axeFindings(page, '/settings/brand', 1280, 'main')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('brand-1280.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeFindings(page, '/settings/brand', 390, 'main')).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('brand-390.png'), fullPage: true });

    // The public pages: the logo in the header and the colour on their buttons.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', /^\/api\/brand\/logo\?v=/);
    await expect(page.locator('.pub')).toHaveCSS('--brand', '#0b5d1e');
    await page.screenshot({ path: testInfo.outputPath('login-1280.png') });

    await page.goto('/settings/brand');
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByRole('dialog', { name: 'Remove the logo?' }).getByRole('button', { name: 'Remove logo' }).click();
    await expect(page.getByTestId('logo-preview')).toHaveCount(0);
    await expect(page.getByTestId('app-bar-logo')).not.toHaveAttribute('src', /\/api\/brand\/logo/);
  });

  test('a client’s screen and the next e-mail follow a new colour and PNG logo', async ({ page, request, browser }, testInfo) => {
    const owner = await loginSuperadmin(request);
    const client = await createClient(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInBrowser(page, owner, '/settings/brand');
    await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();
    await page.getByTestId('brand-primary_color').getByRole('textbox').fill('#7b1fa2');
    await page.getByTestId('brand-save').click();
    await expect(page.getByText('Saved: every screen, e-mail and document now uses it.')).toBeVisible();
    await page.getByTestId('logo-input').setInputFiles({ name: 'mark.png', mimeType: 'image/png', buffer: PNG_LOGO });
    await expect(page.getByTestId('logo-preview')).toHaveCount(2);
    // The app bar follows once the public config has been read again after the upload.
    await expect(page.getByTestId('app-bar-logo')).toHaveAttribute('src', /^\/api\/brand\/logo\?v=[0-9a-f]{12}$/);
    const logoSrc = await page.getByTestId('app-bar-logo').getAttribute('src');

    // The client's own screen: the logo in the app bar and the colour on the main button.
    const clientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const clientPage = await clientContext.newPage();
    await signInBrowser(clientPage, client, '/create-project');
    const clientLogo = clientPage.getByTestId('app-bar-logo');
    await expect(clientLogo).toHaveAttribute('src', logoSrc!);
    await expect.poll(() => clientLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 3)).toBe(true);
    await expect(clientPage.getByTestId('create-project-submit')).toHaveCSS('background-color', 'rgb(123, 31, 162)');
    await clientPage.screenshot({ path: testInfo.outputPath('client-create-project-1280.png') });
    await clientContext.close();

    // A public page.
    await page.goto('/login');
    await expect(page.getByTestId('brand-logo')).toHaveAttribute('src', logoSrc!);
    await expect(page.locator('.pub')).toHaveCSS('--brand', '#7b1fa2');

    // An e-mail sent afterwards: the HTML part in the new colour with the logo attached inline, and the text part.
    const email = uniqueEmail('branded');
    const invited = await request.post('/api/invitations', { headers: authHeaders(owner), data: { email, role: 'teammember' } });
    expect(invited.status()).toBe(201);
    const mail = await waitForMail(email, /^You are invited to join /);
    expect(mail.text).toContain('Create your account here: ');
    expect(mail.html).toContain('border-top:6px solid #7b1fa2');
    expect(mail.html).toMatch(/background:#7b1fa2;color:#ffffff/);
    expect(mail.html).toContain('<img src="cid:brand-logo@mail"');
    expect(mail.inline).toEqual([{ cid: 'brand-logo@mail', contentType: 'image/png', size: PNG_LOGO.length }]);
  });

  test('nobody but the super admin opens the brand settings', async ({ request }) => {
    const res = await request.get('/api/settings/brand');
    expect(res.status()).toBe(401);
  });
});
