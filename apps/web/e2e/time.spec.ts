// Time to money: a team member times a card with the app bar's timer (it survives a reload), puts the rest of the
// day in the week grid and submits the week; the team lead approves it; an admin sets the project's hourly rate,
// adds the approved time to an invoice draft and sends it; the client reads the billed hours and pays it by card (the
// local checkout, 4242) and, once staff share it, reads the project's time log;
// and the profitability report shows the project's margin: invoiced less the time at the member's cost rate.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
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
import { watchConsole } from './support/console';

type ApiInvoice = {
  id: string;
  invoice_no: string;
  status: string;
  total: number;
  lines: { description: string; quantity: number; amount: number }[];
};

async function session(browser: Browser, auth: Auth, baseURL: string, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 800 ? 844 : 900 },
    locale: 'en-GB',
    storageState: storageStateFor(auth, baseURL),
  });
  const page = await context.newPage();
  return { page, console: watchConsole(page), close: () => context.close() };
}

/** A running project with a lead, a member and one card, and the member's cost rate of £40 an hour. */
async function runningProject(request: APIRequestContext, suffix: string) {
  const owner = await loginSuperadmin(request);
  const admin = await createAdmin(request, { name: `Ada Admin ${suffix}` });
  const client = await createClient(request, { name: `Chloe Client ${suffix}` });
  const lead = await createTeamlead(request, { name: `Lee Lead ${suffix}` });
  const member = await createTeammember(request, { name: `Milo Member ${suffix}` });
  const title = `Clinic booking ${suffix}`;
  const { project } = await expectStatus<{ project: { id: string } }>(
    await request.post('/api/projects', {
      headers: authHeaders(client),
      data: { title, description: 'Online booking for a small clinic.', budget_minor: 100_000, currency: 'GBP' },
    }),
    201,
    'create project',
  );
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, {
      headers: authHeaders(owner),
      data: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
    }),
    200,
    'approve project',
  );
  await expectStatus(
    await request.post(`/api/projects/${project.id}/status`, { headers: authHeaders(lead), data: { status: 'in_progress' } }),
    200,
    'start project',
  );
  const board = await expectStatus<{ columns: { id: string }[] }>(
    await request.get(`/api/projects/${project.id}/board`, { headers: authHeaders(lead) }),
    200,
    'board',
  );
  const { card } = await expectStatus<{ card: { id: string } }>(
    await request.post(`/api/projects/${project.id}/board/cards`, {
      headers: authHeaders(lead),
      data: { column_id: board.columns[0].id, title: 'Booking form', assignee_ids: [member.user.id] },
    }),
    201,
    'card',
  );
  await expectStatus(
    await request.patch(`/api/users/${member.user.id}/rates`, { headers: authHeaders(admin), data: { cost_rate: 4000, currency: 'GBP' } }),
    200,
    'cost rate',
  );
  return { admin, client, lead, member, projectId: project.id, title, cardId: card.id };
}

test.describe('time, approval, billing and profitability', () => {
  test('a member times a card and submits the week, the lead approves, an admin bills it, the client pays, the report shows the margin', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const seed = await runningProject(request, suffix);

    // The member starts a timer from the card's Time tab; the app bar shows it, on every screen and after a reload.
    const member = await session(browser, seed.member, baseURL!);
    let page = member.page;
    await page.goto(`/kanban-board?project=${seed.projectId}&card=${seed.cardId}`);
    const dialog = page.getByTestId('card-dialog');
    await dialog.getByTestId('card-tab-time').click();
    await dialog.getByRole('button', { name: 'Start a timer' }).click();
    const timer = page.getByTestId('running-timer');
    await expect(timer).toBeVisible();
    await expect(timer.getByTestId('timer-target')).toHaveText('Booking form');
    await page.reload();
    await expect(page.getByTestId('running-timer')).toBeVisible();
    await page.goto('/employee/training');
    await page.getByTestId('stop-timer').click();
    await expect(page.getByTestId('running-timer')).toHaveCount(0);

    // The week grid holds the timer's minute on the card's row today; the member types the day's hour and a half.
    await page.goto('/employee/timesheet');
    const row = page.locator(`[data-testid="week-row"][data-row="${seed.projectId}:${seed.cardId}"]`);
    await expect(row.getByTestId('row-total')).toHaveText(/^0:0[1-2]$/);
    // Today is the last day of the week that takes time (the days after it are closed).
    const cellId = await row.locator('input[data-testid="duration-cell"]:not([disabled])').last().getAttribute('data-cell');
    const today = row.locator(`input[data-cell="${cellId}"]`);
    await today.fill('1.5');
    await today.press('Tab');
    await expect(row.getByTestId('row-total')).toHaveText('1:30');
    await expect(page.getByTestId('week-total')).toHaveText('1:30');
    await page.getByTestId('submit-week').click();
    await expect(page.getByTestId('week-status')).toHaveText('Submitted');
    await expect(today).toBeDisabled();
    expect(member.console.problems()).toEqual([]);
    await member.close();

    // The lead sees the member's week with its hour and a half, and approves it.
    const lead = await session(browser, seed.lead, baseURL!);
    page = lead.page;
    await page.goto('/time-approvals');
    const week = page.locator(`[data-testid="approval-row"][data-user="${seed.member.user.id}"]`);
    await expect(week).toContainText('1h 30m');
    await week.getByTestId('approval-toggle').click();
    await expect(week.getByTestId('approval-entries')).toContainText(`${seed.title}: Booking form`);
    await week.getByTestId('approve-week').click();
    await expect(page.getByText('No week is waiting for you')).toBeVisible();
    expect(lead.console.problems()).toEqual([]);
    await lead.close();

    // The admin sets the project's hourly rate (£90) on its page, then adds the approved time to an invoice draft.
    const admin = await session(browser, seed.admin, baseURL!);
    page = admin.page;
    await page.goto(`/all-projects?id=${seed.projectId}`);
    const profitability = page.getByTestId('project-profitability');
    await profitability.getByTestId('hourly-rate').fill('90');
    await profitability.getByTestId('save-hourly-rate').click();
    await expect(profitability.getByTestId('save-hourly-rate')).toBeDisabled();
    await expect(profitability.getByTestId('figure-cost')).toHaveText('£60.00');
    // The client's owners may read the project's time log once staff share it.
    await profitability.getByRole('switch', { name: 'Share the time log with the client' }).click();
    await expect(profitability.getByRole('switch', { name: 'Share the time log with the client' })).toBeChecked();

    const { invoice: draft } = await expectStatus<{ invoice: ApiInvoice }>(
      await request.post('/api/invoices', {
        headers: authHeaders(seed.admin),
        data: { project_id: seed.projectId, lines: [{ description: 'Discovery workshop', quantity: 1, unit_price: 10_000, tax_rate: 0 }] },
      }),
      201,
      'invoice draft',
    );
    await page.goto(`/admindashboard/invoice?id=${draft.id}`);
    await page.getByTestId('bill-time').click();
    const bill = page.getByTestId('bill-time-dialog');
    await expect(bill.getByTestId('bill-line')).toHaveCount(1);
    await expect(bill.getByTestId('bill-line')).toContainText('Time: Booking form (1h 30m)');
    await expect(bill.getByTestId('bill-line')).toContainText('£135.00');
    await bill.getByTestId('confirm-bill-time').click();
    await expect(bill).toHaveCount(0);
    await expect(page.getByTestId('invoice-detail')).toContainText('Time: Booking form (1h 30m)');
    await page.getByTestId('invoice-send').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-status', 'sent');
    const sent = (
      await expectStatus<{ invoice: ApiInvoice }>(
        await request.get(`/api/invoices/${draft.id}`, { headers: authHeaders(seed.admin) }),
        200,
        'invoice',
      )
    ).invoice;
    expect(sent.total).toBe(23_500);

    // The client sees the billed hours on the invoice and pays it with the test card.
    const client = await session(browser, seed.client, baseURL!, 390);
    await client.page.goto(`/view-invoice?id=${draft.id}`);
    await expect(client.page.getByTestId('invoice-detail')).toContainText('Time: Booking form (1h 30m)');
    await expect(client.page.getByTestId('invoice-time-total')).toHaveText('1h 30m in all');
    await expect(client.page.getByTestId('invoice-time-item')).toContainText(`Booking form · ${seed.member.user.name}`);
    await client.page.getByTestId('pay-invoice').click();
    await expect(client.page).toHaveURL(/\/api\/payments\/local\/checkout\/cs_local_/);
    const form = client.page.getByTestId('local-checkout-form');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await client.page.getByTestId('checkout-pay').click();
    await expect(client.page.getByTestId('payment-success')).toHaveAttribute('data-state', 'received');
    await client.page.goto(`/view-project?id=${seed.projectId}`);
    await expect(client.page.getByTestId('time-log-item')).toContainText('Booking form');
    await expect(client.page.getByTestId('time-log-item')).toContainText('billed');
    expect(client.console.problems()).toEqual([]);
    await client.close();

    // The report: £235.00 invoiced and paid, £60.00 of time at cost, a margin of £175.00.
    await page.goto('/reports/profitability');
    const projectRow = page.locator(`[data-testid="profitability-row"][data-key="${seed.projectId}"]`).first();
    await expect(projectRow.getByTestId('row-margin')).toHaveText('£175.00');
    await expect(projectRow).toContainText('£235.00');
    await expect(projectRow).toContainText('£60.00');
    await page.goto(`/all-projects?id=${seed.projectId}`);
    await expect(profitability.getByTestId('figure-paid')).toHaveText('£235.00');
    await expect(profitability.getByTestId('figure-margin')).toHaveText('£175.00');
    expect(admin.console.problems()).toEqual([]);
    await admin.close();
  });
});
