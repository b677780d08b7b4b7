// The dashboards open on work. A team lead with a running project (cards, a team contract to sign, training) and
// another ready to start sees their cards, the project to start and the contract to sign on the first screen at
// 1280 x 800, and the whole dashboard is at most two screens tall; the client of that project finds the contract
// to sign and the deposit invoice to pay at the top of "Needs your attention". The super admin's navigation fits the
// same window.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createTeamlead,
  createTeammember,
  expectStatus,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { seedWorkspace, settle, type Seed } from './support/a11y';
import { watchConsole } from './support/console';

const LAPTOP = { width: 1280, height: 800 };
/** Two screens of a 1280 x 800 laptop. */
const TWO_SCREENS = 2 * LAPTOP.height;

async function openAs(browser: Browser, baseURL: string, auth: Auth, path: string) {
  const context = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'en-GB', storageState: storageStateFor(auth, baseURL) });
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto(path);
  await settle(page);
  return { page, console, close: () => context.close() };
}

/** Where a card (named by its heading) starts on the page, in px from the top of the document. */
const topOf = (page: Page, name: string) =>
  page.locator(`section[aria-label="${name}"]`).evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

test.describe('the dashboards open on work', () => {
  let seed: Seed;
  let readyTitle: string;

  test.beforeAll(async ({ request }) => {
    const suffix = uniqueSuffix();
    const owner = await loginSuperadmin(request);
    const accounts = {
      owner,
      admin: await createAdmin(request, { name: `Ada Admin ${suffix}` }),
      client: await createClient(request, { name: `Cleo Client ${suffix}` }),
      lead: await createTeamlead(request, { name: `Lou Lead ${suffix}` }),
      member: await createTeammember(request, { name: `Max Member ${suffix}` }),
    };
    seed = await seedWorkspace(request, accounts, suffix);

    // A card of the lead's own, due soon, and a second project approved and waiting for the lead to start it.
    const board = await expectStatus<{ columns: { id: string }[] }>(
      await request.get(`/api/projects/${seed.projectId}/board`, { headers: authHeaders(seed.lead) }),
      200,
      'board',
    );
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await expectStatus(
      await request.post(`/api/projects/${seed.projectId}/board/cards`, {
        headers: authHeaders(seed.lead),
        data: { column_id: board.columns[1].id, title: 'Review the booking flow', assignee_ids: [seed.lead.user.id], due_date: due },
      }),
      201,
      'card',
    );
    // More training than the dashboard lists, as an agency has: it shows three and links to the rest.
    for (const topic of ['Accessibility essentials', 'Writing for the web', 'Estimating work']) {
      const created = await expectStatus<{ module: { id: string } }>(
        await request.post('/api/training/modules', {
          headers: authHeaders(accounts.admin),
          data: { title: `${topic} ${suffix}`, description: 'One material to read.' },
        }),
        201,
        `training ${topic}`,
      );
      const path = `/api/training/modules/${created.module.id}`;
      const admin = authHeaders(accounts.admin);
      await expectStatus(
        await request.post(`${path}/materials`, { headers: admin, data: { title: 'Read me', content: 'The gist.' } }),
        201,
        'material',
      );
      await expectStatus(await request.put(`${path}/assignment`, { headers: admin, data: { roles: ['teamlead', 'teammember'] } }), 200, 'assign');
      await expectStatus(await request.patch(path, { headers: admin, data: { status: 'published' } }), 200, 'publish');
    }
    readyTitle = `Clinic reminders ${suffix}`;
    const ready = await expectStatus<{ project: { id: string } }>(
      await request.post('/api/projects', {
        headers: authHeaders(seed.client),
        data: { title: readyTitle, description: 'Text reminders for appointments.', budget_minor: 150000, currency: 'GBP' },
      }),
      201,
      'project',
    );
    await expectStatus(
      await request.post(`/api/projects/${ready.project.id}/approve`, {
        headers: authHeaders(owner),
        data: { team_lead_id: seed.lead.user.id, member_ids: [seed.member.user.id] },
      }),
      200,
      'approve',
    );
  });

  test("the team lead's opens on their cards, the project to start and the contract to sign, and is at most two screens tall at 1280 x 800", async ({
    browser,
    baseURL,
  }) => {
    const session = await openAs(browser, baseURL!, seed.lead, '/employee/teamlead-dashboardpage');
    const { page } = session;
    await expect(page.getByTestId('my-card').filter({ hasText: 'Review the booking flow' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ready to start' }).getByTestId('attention-row')).toContainText(readyTitle);
    await expect(page.locator(`[data-testid="contracts-to-sign"] [data-contract-id="${seed.leadContractId}"]`)).toBeVisible();
    await expect(page.getByTestId('board-summary')).toHaveCount(2);
    await expect(page.getByTestId('team-training-person')).toHaveCount(2);
    await expect(page.getByTestId('training-todo')).toHaveCount(3);
    await expect(page.getByTestId('training-more')).toBeVisible();
    await settle(page);

    // What to do starts on the first screen, above the projects and the team's charts.
    for (const name of ['My cards', 'Ready to start', 'Team contracts to sign']) {
      expect(await topOf(page, name), name).toBeLessThan(LAPTOP.height);
    }
    expect(await topOf(page, 'My projects')).toBeGreaterThan(await topOf(page, 'Team contracts to sign'));
    expect(await topOf(page, 'Boards')).toBeGreaterThan(await topOf(page, 'My projects'));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`team lead dashboard at 1280 x 800: ${height} px`);
    expect(height).toBeLessThanOrEqual(TWO_SCREENS);

    expect(session.console.problems()).toEqual([]);
    await session.close();
  });

  test("the client's lists the contract to sign and the invoice to pay first", async ({ browser, baseURL }) => {
    const session = await openAs(browser, baseURL!, seed.client, '/clientdashboardpage');
    const attention = session.page.getByRole('region', { name: 'Needs your attention' });
    await expect(attention.getByRole('heading', { level: 3 })).toHaveText(['Contracts to sign', 'Invoices to pay']);
    await expect(attention.locator(`[data-testid="contract-row"][data-contract-id="${seed.clientContractId}"]`)).toBeVisible();
    const invoice = attention.locator(`[data-testid="invoice-to-pay"][data-invoice-id="${seed.invoiceId}"]`);
    await expect(invoice).toContainText(`Deposit invoice ${seed.invoiceNo}`);
    await expect(invoice.getByRole('button', { name: /^Pay / })).toBeVisible();
    expect(await topOf(session.page, 'Needs your attention')).toBeLessThan(await topOf(session.page, 'Projects by status'));

    expect(session.console.problems()).toEqual([]);
    await session.close();
  });

  test("the super admin's nineteen navigation items all show in a 1280 x 800 window, the last reached by Tab", async ({
    browser,
    baseURL,
    request,
  }) => {
    const session = await openAs(browser, baseURL!, await loginSuperadmin(request), '/superadmin-audit-log');
    const nav = session.page.getByTestId('dashboard-nav');
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(19);
    await expect(links.last()).toHaveText('Profile');
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    await links.nth(17).focus();
    await session.page.keyboard.press('Tab');
    await expect(links.last()).toBeFocused();
    expect(session.console.problems()).toEqual([]);
    await session.close();
  });
});
