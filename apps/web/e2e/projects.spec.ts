// The project journeys: a client sends a project with a file, the super admin approves it with a team lead, the
// client sees the approval (timeline, notification, bell and tab title) and the team lead starts the work; a
// rejected project shows its reason; a tool request goes from requested to fulfilled.
// Each test makes its own accounts; only the bootstrap super admin is shared.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAdmin, createClient, createTeamlead, loginSuperadmin, storageStateFor, uniqueSuffix, type Auth } from './support/accounts';
import { watchConsole, type ConsoleWatch } from './support/console';
import { pngFile } from './support/messaging-api';
import { createProjectViaApi, getProjectViaApi, markAllReadViaApi, unreadCountViaApi } from './support/projects-api';

/** One notification poll (15 s) plus room for the request and the render. */
const WITHIN_A_POLL = { timeout: 22_000 };

type Session = { page: Page; console: ConsoleWatch; close: () => Promise<void> };

async function openSession(browser: Browser, auth: Auth, baseURL: string, path: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, storageState: storageStateFor(auth, baseURL) });
  const page = await context.newPage();
  const watch = watchConsole(page);
  await page.goto(path);
  return { page, console: watch, close: () => context.close() };
}

function projectIdFrom(page: Page): string {
  const id = new URL(page.url()).searchParams.get('id');
  if (!id) throw new Error(`no project id in ${page.url()}`);
  return id;
}

test.describe('projects', () => {
  test('a client sends a project with a file, the super admin approves it with a team lead, the client is told and the lead starts it', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const client = await createClient(request, { name: `Chloe ${uniqueSuffix()}` });
    const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
    const owner = await loginSuperadmin(request);
    const title = `Booking site ${uniqueSuffix()}`;

    // The client fills the form: budget in pounds and pence, one image attached.
    const clientSession = await openSession(browser, client, baseURL!, '/create-project');
    const clientPage = clientSession.page;
    const form = clientPage.getByTestId('create-project-form');
    await form.locator('input[name="title"]').fill(title);
    await form.getByTestId('create-project-submit').click();
    await expect(form.getByText('Description must be at least 10 characters')).toBeVisible();
    await form.locator('textarea[name="description"]').fill('Online booking for a small clinic, with reminders.');
    await form.locator('input[name="budget"]').fill('1,500.50');
    // The date is typed the British way, day first, whatever the browser's language.
    await form.getByRole('spinbutton', { name: 'Day' }).click();
    await clientPage.keyboard.type('30062099');
    await expect(form.locator('input[name="deadline"]')).toHaveValue('30/06/2099');
    await clientPage.getByTestId('attachment-input').setInputFiles([pngFile('wireframe.png')]);
    await expect(clientPage.getByTestId('staged-file')).toHaveCount(1);
    await expect(clientPage.getByTestId('staged-file')).toContainText('wireframe.png');
    await form.getByTestId('create-project-submit').click();

    const created = clientPage.getByTestId('project-created');
    await expect(created).toContainText(title);
    await expect(clientPage.getByTestId('upload-error')).toHaveCount(0);
    await created.getByTestId('open-created-project').click();
    await expect(clientPage).toHaveURL(/\/view-project\?id=\d+$/);
    const projectId = projectIdFrom(clientPage);

    const detail = clientPage.getByTestId('project-detail');
    await expect(detail.getByTestId('project-title')).toHaveText(title);
    await expect(detail.getByTestId('project-status').first()).toHaveText('Pending approval');
    await expect(detail).toContainText('£1,500.50');
    await expect(detail).toContainText('30 Jun 2099');
    const thumbnail = detail.getByTestId('attachment-thumbnail');
    await expect(thumbnail).toHaveCount(1);
    await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const stored = await getProjectViaApi(request, client, projectId);
    expect(stored).toMatchObject({ status: 'pending', budget_minor: 150050, currency: 'GBP' });
    expect(stored.attachments.map((file) => file.name)).toEqual(['wireframe.png']);
    await markAllReadViaApi(request, client);
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '0');

    // The super admin reviews the oldest-first queue and approves with the team lead.
    const ownerSession = await openSession(browser, owner, baseURL!, '/project-approval');
    const ownerPage = ownerSession.page;
    const queued = ownerPage.getByTestId('queue-item').filter({ hasText: title });
    await queued.click();
    const panel = ownerPage.getByTestId('approval-detail');
    await expect(panel).toHaveAttribute('data-project-id', projectId);
    await expect(panel).toContainText(client.user.name);
    await expect(panel.getByTestId('attachment-thumbnail')).toHaveCount(1);
    await panel.getByTestId('approve-button').click();
    const approveDialog = ownerPage.getByTestId('approve-dialog');
    await approveDialog.getByTestId('approve-confirm').click();
    await expect(approveDialog.getByText('Choose a team lead')).toBeVisible();
    await approveDialog.getByTestId('team-lead-select').click();
    await ownerPage.getByRole('option', { name: new RegExp(lead.user.name) }).click();
    await approveDialog.locator('textarea[name="note"]').fill('Lee runs this one.');
    await approveDialog.getByTestId('approve-confirm').click();
    await expect(ownerPage.getByText(`Approved: ${title}`)).toBeVisible();
    await expect(approveDialog).toBeHidden();
    await expect(ownerPage.getByTestId('queue-item').filter({ hasText: title })).toHaveCount(0);
    expect((await getProjectViaApi(request, owner, projectId)).team_lead?.id).toBe(lead.user.id);

    // The client's open page learns of it on the next poll: a toast, the bell count and the tab title.
    await expect(clientPage.locator('.Toastify').getByText('Project approved')).toBeVisible(WITHIN_A_POLL);
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '1');
    await expect(clientPage).toHaveTitle(/^\(1\) /);
    const timeline = detail.getByTestId('project-activity');
    await expect(timeline.locator('[data-testid="timeline-event"][data-to-status="approved"]')).toContainText('Lee runs this one.');
    await expect(detail.getByTestId('project-team-lead')).toHaveText(lead.user.name);

    // The notification, opened from the bell, leads to the project and is then read.
    await clientPage.getByTestId('notification-bell').click();
    const popover = clientPage.getByTestId('notification-popover');
    const item = popover.getByTestId('notification-item').filter({ hasText: title }).first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item.getByTestId('notification-title')).toContainText('Project approved');
    await item.getByRole('button').first().click();
    await expect(clientPage).toHaveURL(new RegExp(`/view-project\\?id=${projectId}$`));
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '0');
    await expect(clientPage).not.toHaveTitle(/^\(\d+\) /);
    expect(await unreadCountViaApi(request, client)).toBe(0);

    // The team lead finds the project on their dashboard and starts it.
    const leadSession = await openSession(browser, lead, baseURL!, '/employee/teamlead-dashboardpage');
    const leadPage = leadSession.page;
    const row = leadPage.getByTestId('employee-projects').getByTestId('project-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('project-status')).toHaveText('Approved');
    await row.getByTestId('status-action-in_progress').click();
    const confirm = leadPage.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Start' }).click();
    await expect(leadPage.getByText(`Project started: ${title}`)).toBeVisible();
    await expect(row.getByTestId('project-status')).toHaveText('In progress');
    await expect.poll(async () => (await getProjectViaApi(request, client, projectId)).status).toBe('in_progress');

    for (const session of [clientSession, ownerSession, leadSession]) expect(session.console.problems()).toEqual([]);
    await Promise.all([clientSession.close(), ownerSession.close(), leadSession.close()]);
  });

  test('a rejected project shows its reason to the client', async ({ browser, request, baseURL }) => {
    const client = await createClient(request);
    const owner = await loginSuperadmin(request);
    const project = await createProjectViaApi(request, client, { title: `Crypto exchange ${uniqueSuffix()}` });
    const reason = `Outside what we build (${uniqueSuffix()}).`;

    const ownerSession = await openSession(browser, owner, baseURL!, `/project-approval?id=${project.id}`);
    const ownerPage = ownerSession.page;
    await ownerPage.getByTestId('reject-button').click();
    const dialog = ownerPage.getByTestId('reject-dialog');
    await dialog.getByTestId('reject-confirm').click();
    await expect(dialog.getByText('A reason is required (at least 3 characters)')).toBeVisible();
    await dialog.getByTestId('reject-reason').fill(reason);
    await dialog.getByTestId('reject-confirm').click();
    await expect(ownerPage.getByText(`Rejected: ${project.title}`)).toBeVisible();

    const clientSession = await openSession(browser, client, baseURL!, '/view-project');
    const clientPage = clientSession.page;
    const row = clientPage.getByTestId('project-row').filter({ hasText: project.title });
    await expect(row.getByTestId('project-status')).toHaveText('Rejected');
    await row.getByTestId('project-link').click();
    await expect(clientPage.getByTestId('rejection-reason')).toContainText(reason);
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '1');

    // The dashboard lists it under what needs the client's attention.
    await clientPage.goto('/dashboard');
    await expect(clientPage.getByTestId('needs-attention').getByTestId('attention-row').filter({ hasText: project.title })).toContainText(reason);

    for (const session of [ownerSession, clientSession]) expect(session.console.problems()).toEqual([]);
    await Promise.all([ownerSession.close(), clientSession.close()]);
  });

  test('a tool request goes from requested to approved to fulfilled', async ({ browser, request, baseURL }) => {
    const client = await createClient(request);
    const admin = await createAdmin(request);
    const tool = `Figma seat ${uniqueSuffix()}`;

    const clientSession = await openSession(browser, client, baseURL!, '/tools-req');
    const clientPage = clientSession.page;
    const form = clientPage.getByTestId('tool-request-form');
    await form.getByTestId('tool-request-submit').click();
    await expect(form.getByText('Choose a category')).toBeVisible();
    await form.locator('input[name="name"]').fill(tool);
    await form.getByTestId('tool-category').click();
    await clientPage.getByRole('option', { name: 'Software licence' }).click();
    await form.locator('textarea[name="reason"]').fill('To comment on the designs.');
    await form.locator('input[name="quantity"]').fill('2');
    await form.getByTestId('tool-request-submit').click();
    await expect(clientPage.getByText(`Request for ${tool} sent`)).toBeVisible();
    const clientRow = clientPage.getByTestId('tool-request-row').filter({ hasText: tool });
    await expect(clientRow.getByTestId('tool-request-status')).toHaveText('Requested');

    const adminSession = await openSession(browser, admin, baseURL!, '/tool-requests');
    const adminPage = adminSession.page;
    const adminRow = adminPage.getByTestId('tool-request-row').filter({ hasText: tool });
    await expect(adminRow).toContainText(client.user.name);
    await adminRow.getByRole('button', { name: `Approve ${tool}` }).click();
    await expect(adminRow.getByTestId('tool-request-status')).toHaveText('Approved');
    await adminRow.getByRole('button', { name: `Mark fulfilled: ${tool}` }).click();
    await expect(adminRow.getByTestId('tool-request-status')).toHaveText('Fulfilled');
    await expect(adminRow.getByRole('button')).toHaveCount(0);

    await clientPage.reload();
    await expect(clientRow.getByTestId('tool-request-status')).toHaveText('Fulfilled');
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '2');
    await clientPage.goto('/notifications');
    await expect(clientPage.getByTestId('notification-item').filter({ hasText: 'Tool request fulfilled' })).toContainText(tool);
    await clientPage.getByTestId('notifications').getByTestId('mark-all-read').click();
    await expect(clientPage.getByTestId('notification-count')).toHaveAttribute('data-count', '0');

    for (const session of [clientSession, adminSession]) expect(session.console.problems()).toEqual([]);
    await Promise.all([clientSession.close(), adminSession.close()]);
  });
});
