// Keyboard only: a new client signs up and asks for a project, the super admin approves it with a team lead and
// answers the client in the chat, without a single click. Each step reaches its control with Tab alone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createTeamlead, DEFAULT_PASSWORD, loginSuperadmin, storageStateFor, uniqueSuffix } from './support/accounts';
import { linkPath, waitForMail } from './support/mailbox';

/** Presses Tab until `target` has the focus (at most 80 times); fails if it never does. */
async function tabTo(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('nothing to reach');
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await handle.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`${target} never took the focus`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

test.describe('keyboard only', () => {
  test('sign up, ask for a project, approve it with a team lead and answer in the chat', async ({ browser, request, baseURL }) => {
    test.setTimeout(150_000);
    const suffix = uniqueSuffix();
    const lead = await createTeamlead(request, { name: `Kit Keyboard ${suffix}` });
    const email = `keys-${suffix}@e2e.test`;
    const title = `Keyboard project ${suffix}`;

    // Sign up.
    const clientContext = await browser.newContext({ baseURL });
    const client = await clientContext.newPage();
    await client.goto('/client-signup');
    const signup = client.locator('form');
    await typeInto(client, signup.locator('input[name="name"]'), `Kay ${suffix}`);
    await typeInto(client, signup.locator('input[name="email"]'), email);
    await typeInto(client, signup.locator('input[name="password"]'), DEFAULT_PASSWORD);
    await typeInto(client, signup.locator('input[name="confirm_password"]'), DEFAULT_PASSWORD);
    await client.keyboard.press('Enter');
    await expect(client.getByTestId('signup-sent')).toBeVisible();
    await client.goto(linkPath(await waitForMail(email, /finish signing up/), '/confirm-signup'));
    await tabTo(client, client.getByTestId('confirm-signup'));
    await client.keyboard.press('Enter');
    await expect(client).toHaveURL(/\/clientdashboardpage$/);

    // Ask for a project.
    await client.goto('/create-project');
    const form = client.getByTestId('create-project-form');
    await typeInto(client, form.locator('input[name="title"]'), title);
    await typeInto(client, form.locator('textarea[name="description"]'), 'Typed from start to end without a mouse.');
    await tabTo(client, form.getByTestId('create-project-submit'));
    await client.keyboard.press('Enter');
    await expect(client.getByRole('alert').filter({ hasText: 'was sent for approval' })).toContainText(title);
    await tabTo(client, client.getByRole('link', { name: 'View project' }));
    await client.keyboard.press('Enter');
    await expect(client.getByTestId('project-detail')).toBeVisible();
    const projectId = new URL(client.url()).searchParams.get('id');
    expect(projectId).toMatch(/^\d+$/);

    // The super admin approves it with the team lead.
    const owner = await loginSuperadmin(request);
    const ownerContext = await browser.newContext({ baseURL, storageState: storageStateFor(owner, baseURL!) });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/project-approval?id=${projectId}`);
    const panel = ownerPage.getByTestId('approval-detail');
    await expect(panel).toHaveAttribute('data-project-id', projectId!);
    await tabTo(ownerPage, panel.getByTestId('approve-button'));
    await ownerPage.keyboard.press('Enter');
    const dialog = ownerPage.getByTestId('approve-dialog');
    await expect(dialog).toBeVisible();
    await tabTo(ownerPage, dialog.getByTestId('team-lead-select'));
    await ownerPage.keyboard.press('ArrowDown');
    const option = ownerPage.getByRole('option', { name: new RegExp(lead.user.name) });
    await expect(option).toBeVisible();
    for (let i = 0; i < 50 && !(await option.evaluate((el) => el === document.activeElement)); i++) await ownerPage.keyboard.press('ArrowDown');
    await ownerPage.keyboard.press('Enter');
    await expect(dialog.getByTestId('team-lead-select')).toContainText(lead.user.name);
    await tabTo(ownerPage, dialog.getByTestId('approve-confirm'));
    await ownerPage.keyboard.press('Enter');
    await expect(ownerPage.getByText(`Approved: ${title}`)).toBeVisible();

    // The client writes; the super admin answers from the inbox.
    const me = (await (await request.post('/api/auth/login', { data: { email, password: DEFAULT_PASSWORD } })).json()) as {
      token: string;
      user: { id: string };
    };
    const sent = await request.post('/api/client/send-message', {
      headers: { authorization: `Bearer ${me.token}` },
      data: {
        sender_id: me.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${projectId}:${me.user.id}`,
        message_content: 'Can we start soon?',
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await ownerPage.goto('/superadmin-reply-message');
    const row = ownerPage.getByTestId('conversation-row').filter({ hasText: `${projectId}:${me.user.id}` });
    await tabTo(ownerPage, row.getByRole('button', { name: /Reply/ }));
    await ownerPage.keyboard.press('Enter');
    const chat = ownerPage.getByTestId('chat-dialog');
    await expect(chat).toBeVisible();
    await typeInto(ownerPage, chat.getByTestId('chat-input'), 'Yes, Monday.');
    await ownerPage.keyboard.press('Enter');
    await expect(chat.getByTestId('chat-message').filter({ hasText: 'Yes, Monday.' })).toBeVisible({ timeout: 10_000 });

    await clientContext.close();
    await ownerContext.close();
  });
});
