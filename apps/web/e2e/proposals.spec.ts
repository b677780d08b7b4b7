// Proposals: a client's request gets a priced proposal from the super admin (the editor on the approval screen, at
// 1280 px); on a phone (390 px) the client ticks the optional item, accepts, signs the contract that opens next,
// pays the deposit with 4242 on the local checkout and lands on the kickoff step with the project in progress, never
// passing through the dashboard. A second client declines with a reason.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  authHeaders,
  createClient,
  createTeamlead,
  expectStatus,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { watchConsole } from './support/console';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

async function requestProject(request: APIRequestContext, client: Auth) {
  const title = `Bakery shop ${uniqueSuffix()}`;
  const res = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title, description: 'An online shop for a bakery.', budget_minor: 90_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(res, 201, 'request project');
  return { id: project.id, title };
}

async function session(browser: Browser, auth: Auth, baseURL: string, phone: boolean) {
  const context = await browser.newContext({
    ...(phone ? PHONE : { viewport: { width: 1280, height: 900 }, locale: 'en-GB' }),
    baseURL,
    storageState: storageStateFor(auth, baseURL),
  });
  const page = await context.newPage();
  return { page, console: watchConsole(page), close: () => context.close() };
}

test.describe('proposals', () => {
  test('request -> proposal with an optional item -> tick, accept, sign, pay 4242 at 390 px -> in progress, no dashboard in between', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const client = await createClient(request, { name: `Pia Client ${uniqueSuffix()}` });
    const lead = await createTeamlead(request, { name: `Lou Lead ${uniqueSuffix()}` });
    const owner = await loginSuperadmin(request);
    const project = await requestProject(request, client);

    // The super admin answers the pending request with a proposal: one required item, one optional.
    const staff = await session(browser, owner, baseURL!, false);
    await staff.page.goto(`/project-approval?id=${project.id}`);
    await staff.page.getByTestId('send-proposal-button').click();
    const editor = staff.page.getByTestId('proposal-editor');
    await editor.getByTestId('proposal-intro').fill('Thank you for asking us. **Here is our offer.**');
    const rows = editor.getByTestId('proposal-item-row');
    await rows.nth(0).getByTestId('item-description').fill('Design and build');
    await rows.nth(0).getByTestId('item-price').fill('1000');
    await editor.getByTestId('add-item').click();
    await rows.nth(1).getByTestId('item-description').fill('Product photography');
    await rows.nth(1).getByTestId('item-price').fill('250');
    await rows.nth(1).getByTestId('item-optional').check();
    // Totals as you type: the optional item is not in the total until the client ticks it.
    await expect(editor.getByTestId('editor-total')).toContainText('Total £1,000.00');
    await editor.getByLabel('Team lead once accepted').click();
    await staff.page.getByRole('option', { name: lead.user.name }).click();
    // Kept as a template, it becomes a starting point the picker offers.
    await editor.getByTestId('proposal-save-template').click();
    await expect(editor.getByTestId('proposal-template')).toBeVisible();
    await editor.getByTestId('proposal-preview-tab').click();
    await expect(editor.getByTestId('proposal-view')).toContainText('Here is our offer.');
    await editor.getByTestId('proposal-send').click();
    await expect(staff.page).toHaveURL(/\/proposals\?id=\d+$/);
    await expect(staff.page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'sent');
    const proposalId = new URL(staff.page.url()).searchParams.get('id')!;
    expect(staff.console.problems()).toEqual([]);
    await staff.close();

    // The client, on a phone, from the proposal's link: never the dashboard until the work has started.
    const phone = await session(browser, client, baseURL!, true);
    const { page } = phone;
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`/proposal?id=${proposalId}`);
    const steps = page.getByTestId('journey-steps');
    await expect(steps).toHaveAttribute('data-step', 'Proposal');
    await expect(page.getByTestId('proposal-total')).toHaveText('£1,000.00');
    await page.getByTestId('proposal-option').tap();
    await expect(page.getByTestId('proposal-total')).toHaveText('£1,250.00');

    const accept = page.getByTestId('accept-panel');
    await accept.getByTestId('accept-name').fill(client.user.name);
    await accept.getByTestId('accept-agree').tap();
    await accept.getByTestId('accept-button').tap();

    // Step 2: the contract opens to sign on the signing screen, naming the accepted items and total.
    await expect(page).toHaveURL(new RegExp(`/sign-contract\\?id=\\d+&proposal=${proposalId}$`));
    await expect(steps).toHaveAttribute('data-step', 'Contract');
    await expect(page.getByTestId('contract-document')).toContainText('Product photography: 1 x £250.00 = £250.00');
    await expect(page.getByTestId('contract-document')).toContainText('The accepted total is £1,250.00');
    const sign = page.getByTestId('sign-panel');
    await sign.getByTestId('signature-name').fill(client.user.name);
    await sign.getByLabel('I agree to sign electronically', { exact: true }).tap();
    await sign.getByTestId('sign-button').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign' }).click();

    await page.getByTestId('continue-to-deposit').tap();

    // Step 3: the deposit, 30 % of the accepted total (not of the requested budget), raised in the background.
    await expect(steps).toHaveAttribute('data-step', 'Deposit', { timeout: 30_000 });
    const deposit = page.getByTestId('deposit-step');
    await expect(deposit).toContainText('£375.00');
    await deposit.getByTestId('pay-invoice').tap();
    await expect(page).toHaveURL(/\/api\/payments\/local\/checkout\/cs_local_/);
    const form = page.getByTestId('local-checkout-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await page.getByTestId('checkout-pay').tap();
    const result = page.getByTestId('payment-success');
    await expect(result).toHaveAttribute('data-state', 'received');

    // Step 4: back onto the same path, the work has started.
    await result.getByTestId('continue-journey').tap();
    await expect(steps).toHaveAttribute('data-step', 'Kickoff');
    await expect(page.getByTestId('kickoff-project-status')).toHaveAttribute('data-status', 'in_progress');
    await expect(page.getByTestId('kickoff-project-status')).toContainText('In progress');
    expect(visited.filter((path) => path === '/clientdashboardpage' || path === '/dashboard')).toEqual([]);
    expect(phone.console.problems()).toEqual([]);
    await phone.close();
  });

  test('a client declines with a reason; the proposal says so and cannot be accepted', async ({ browser, request, baseURL }) => {
    test.setTimeout(60_000);
    const client = await createClient(request, { name: `Dee Client ${uniqueSuffix()}` });
    const lead = await createTeamlead(request);
    const owner = await loginSuperadmin(request);
    const project = await requestProject(request, client);
    const created = await request.post('/api/proposals', {
      headers: authHeaders(owner),
      data: {
        project_id: project.id,
        title: 'Shop proposal',
        items: [{ description: 'Shop', quantity: 1, unit_price: 100_000 }],
        valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        team_lead_id: lead.user.id,
      },
    });
    const { proposal } = await expectStatus<{ proposal: { id: string } }>(created, 201, 'proposal');
    await expectStatus(await request.post(`/api/proposals/${proposal.id}/send`, { headers: authHeaders(owner) }), 200, 'send');

    const phone = await session(browser, client, baseURL!, true);
    const { page } = phone;
    await page.goto(`/proposal?id=${proposal.id}`);
    await page.getByTestId('decline-button').tap();
    await page.getByTestId('decline-confirm').tap();
    await expect(page.getByText('Tell us why in a few words')).toBeVisible();
    await page.getByTestId('decline-reason').fill('We chose to wait until spring');
    await page.getByTestId('decline-confirm').tap();
    await expect(page.getByTestId('proposal-status')).toHaveAttribute('data-status', 'declined');
    await expect(page.getByText('You declined this proposal: We chose to wait until spring')).toBeVisible();
    await expect(page.getByTestId('accept-panel')).toHaveCount(0);
    const res = await request.get(`/api/proposals/${proposal.id}`, { headers: authHeaders(client) });
    expect((await expectStatus<{ proposal: { status: string } }>(res, 200, 'proposal')).proposal.status).toBe('declined');
    expect(phone.console.problems()).toEqual([]);
    await phone.close();
  });

  test('the new screens fit a phone (390 px) and a desktop (1280 px) with no sideways scroll', async ({ browser, request, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const client = await createClient(request, { name: `Sam Client ${uniqueSuffix()}` });
    const lead = await createTeamlead(request);
    const owner = await loginSuperadmin(request);
    const project = await requestProject(request, client);
    const created = await request.post('/api/proposals', {
      headers: authHeaders(owner),
      data: {
        project_id: project.id,
        title: 'A website that takes orders',
        intro_markdown: 'Thank you for asking us. **Here is what we propose.**',
        sections: [
          { title: 'Scope', body_markdown: '- Design\n- Build\n- Launch' },
          { title: 'Timeline', body_markdown: 'Six weeks from the deposit.' },
        ],
        items: [
          {
            description: 'Design and build of a ten-page shop with a very long description that wraps',
            quantity: 1,
            unit_price: 450_000,
            tax_rate: 20,
          },
          { description: 'Hosting, first year', quantity: 12, unit_price: 2_500 },
          { description: 'Product photography', quantity: 1, unit_price: 60_000, optional: true, selected: false },
        ],
        valid_until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        team_lead_id: lead.user.id,
      },
    });
    const { proposal } = await expectStatus<{ proposal: { id: string } }>(created, 201, 'proposal');
    await expectStatus(await request.post(`/api/proposals/${proposal.id}/send`, { headers: authHeaders(owner) }), 200, 'send');

    const screens: { who: Auth; path: string; ready: string; name: string; open?: string }[] = [
      { who: client, path: `/proposal?id=${proposal.id}`, ready: 'accept-panel', name: 'client-proposal' },
      { who: owner, path: `/proposals?id=${proposal.id}`, ready: 'staff-proposal-detail', name: 'staff-proposal' },
      { who: owner, path: '/proposals', ready: 'proposals-table', name: 'staff-proposals' },
      { who: owner, path: `/project-approval?id=${project.id}`, ready: 'proposal-editor', name: 'proposal-editor', open: 'send-proposal-button' },
    ];
    for (const phone of [true, false]) {
      for (const screen of screens) {
        const s = await session(browser, screen.who, baseURL!, phone);
        await s.page.goto(screen.path);
        if (screen.open) await s.page.getByTestId(screen.open).click();
        await expect(s.page.getByTestId(screen.ready)).toBeVisible();
        // A dialog's screenshot once it has faded in.
        if (screen.open) await expect(s.page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
        const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${screen.name} at ${phone ? 390 : 1280} px`).toBeLessThanOrEqual(0);
        await s.page.screenshot({ path: testInfo.outputPath(`${screen.name}-${phone ? 390 : 1280}.png`), fullPage: true });
        expect(s.console.problems()).toEqual([]);
        await s.close();
      }
    }
  });
});
