// Client companies (issue 30): an owner invites a billing colleague from the company screen; the colleague signs
// up from the e-mailed link on a phone and pays the company's invoice with the test card; a member colleague writes
// in the project's chat, the super admin answers and sees who read the answer; the member sees no amounts.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createColleague,
  createTeamlead,
  DEFAULT_PASSWORD,
  expectStatus,
  loginSuperadmin,
  pathnameIs,
  storageStateFor,
  SUPERADMIN,
  uniqueEmail,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { watchConsole, type ConsoleWatch } from './support/console';
import { linkPath, waitForMail } from './support/mailbox';

type ApiInvoice = { id: string; invoice_no: string; status: string; total: number; amount_due: number };
type Session = { page: Page; console: ConsoleWatch; close: () => Promise<void> };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };
const DESKTOP = { viewport: { width: 1280, height: 900 }, locale: 'en-GB' };
/** One poll interval (5 s) plus room for the request and the render. */
const WITHIN_A_POLL = { timeout: 9_000 };

async function openSession(browser: Browser, baseURL: string, options: typeof PHONE | typeof DESKTOP, auth?: Auth): Promise<Session> {
  const context = await browser.newContext({ ...options, baseURL, ...(auth && { storageState: storageStateFor(auth, baseURL) }) });
  const page = await context.newPage();
  return { page, console: watchConsole(page), close: () => context.close() };
}

/** The owner's project with a budget, approved by the super admin, and its deposit invoice raised by staff. */
async function invoicedProject(request: APIRequestContext, owner: Auth) {
  const superadmin = await loginSuperadmin(request);
  const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
  const title = `Patient portal ${uniqueSuffix()}`;
  const created = await request.post('/api/projects', {
    headers: authHeaders(owner),
    data: { title, description: 'Appointments and letters online.', budget_minor: 1_200_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, { headers: authHeaders(superadmin), data: { team_lead_id: lead.user.id } }),
    200,
    'approve project',
  );
  const admin = await createAdmin(request);
  const raised = await request.post(`/api/projects/${project.id}/deposit-invoice`, { headers: authHeaders(admin) });
  const { invoice } = await expectStatus<{ invoice: ApiInvoice }>(raised, 201, 'deposit invoice');
  return { id: project.id, title, invoice };
}

async function invoiceViaApi(request: APIRequestContext, auth: Auth, id: string): Promise<ApiInvoice> {
  const res = await request.get(`/api/invoices/${id}`, { headers: authHeaders(auth) });
  return (await expectStatus<{ invoice: ApiInvoice }>(res, 200, `invoice ${id}`)).invoice;
}

test.describe('client companies', () => {
  test('an owner invites a billing colleague who signs up from the e-mail and pays; a member chats with the super admin and sees no amounts', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const companyName = `Northwind Clinics ${suffix}`;
    const owner = await createClient(request, { name: `Olga Owner ${suffix}`, company: companyName });
    const project = await invoicedProject(request, owner);

    // The owner invites a billing colleague from the company screen.
    const ownerSession = await openSession(browser, baseURL!, DESKTOP, owner);
    const ownerPage = ownerSession.page;
    await ownerPage.goto('/company');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
    await expect(ownerPage.getByTestId('member-row')).toHaveCount(1);
    await expect(ownerPage.getByTestId('member-row')).toContainText(owner.user.name);
    await expect(ownerPage.getByTestId('company-details').getByLabel('Company name')).toHaveValue(companyName);

    const billingEmail = uniqueEmail('billing');
    const billingName = `Bea Billing ${suffix}`;
    const form = ownerPage.getByTestId('invite-colleague-form');
    await form.getByTestId('invite-email').fill(billingEmail);
    await form.getByRole('radio', { name: /^Billing/ }).check();
    await form.getByTestId('invite-submit').click();
    const created = ownerPage.getByTestId('company-invitation-created');
    await expect(created).toContainText(`${billingEmail} is invited as Billing.`);
    const shownLink = await created.getByTestId('invitation-link').inputValue();
    await expect(ownerPage.getByTestId('company-invitation-row').filter({ hasText: billingEmail })).toContainText('Billing');

    // The colleague opens the e-mailed link on a phone, makes an account and lands on the client dashboard.
    const mail = await waitForMail(billingEmail, /invites you to/);
    expect(mail.text).toContain(companyName);
    const invitationPath = linkPath(mail, '/company-invitation');
    expect(shownLink.endsWith(invitationPath)).toBe(true);
    const billingSession = await openSession(browser, baseURL!, PHONE);
    const billingPage = billingSession.page;
    await billingPage.goto(invitationPath);
    await expect(billingPage.getByRole('heading', { level: 1, name: 'Join your company' })).toBeVisible();
    const signup = billingPage.getByTestId('company-invitation-form');
    await signup.locator('input[name="name"]').fill(billingName);
    await signup.locator('input[name="password"]').fill(DEFAULT_PASSWORD);
    await signup.locator('input[name="confirm_password"]').fill(DEFAULT_PASSWORD);
    await signup.getByTestId('company-invitation-submit').tap();
    await expect(billingPage).toHaveURL(pathnameIs('/clientdashboardpage'));
    await expect(billingPage.getByTestId('dashboard')).toBeVisible();

    // The company's invoice is theirs to pay: the deposit, with the test card.
    const toPay = billingPage.getByTestId('attention-invoices').locator(`[data-invoice-id="${project.invoice.id}"]`);
    await expect(toPay).toBeVisible();
    await billingPage.goto('/view-invoice');
    const row = billingPage.locator(`[data-testid="invoice-row"][data-invoice-no="${project.invoice.invoice_no}"]`);
    await expect(row.getByTestId('invoice-status')).toHaveText('Sent');
    await row.getByTestId('pay-invoice').tap();
    await expect(billingPage).toHaveURL(/\/api\/payments\/local\/checkout\/cs_local_/);
    const checkout = billingPage.getByTestId('local-checkout-form');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12 / 34');
    await checkout.getByLabel('CVC').fill('123');
    await billingPage.getByTestId('checkout-pay').tap();
    await expect(billingPage).toHaveURL(new RegExp(`/paymentsuccess/${project.invoice.invoice_no}$`));
    await expect(billingPage.getByTestId('payment-success')).toHaveAttribute('data-state', 'received');
    expect((await invoiceViaApi(request, owner, project.invoice.id)).status).toBe('paid');

    // The owner sees the new colleague with the role given, and the invitation is no longer pending.
    await ownerPage.reload();
    const billingRow = ownerPage.getByTestId('member-row').filter({ hasText: billingName });
    await expect(billingRow.getByRole('combobox', { name: `Role of ${billingName}` })).toHaveValue('billing');
    await expect(ownerPage.getByTestId('company-invitation-row')).toHaveCount(0);

    // A member colleague writes in the project's chat.
    const member = await createColleague(request, owner, 'member', { name: `Mia Member ${suffix}` });
    const memberSession = await openSession(browser, baseURL!, DESKTOP, member);
    const memberPage = memberSession.page;
    await memberPage.goto('/messages');
    await memberPage.getByRole('button', { name: `Open chat about ${project.title}` }).click();
    const memberChat = memberPage.getByTestId('chat-dialog');
    await expect(memberChat.getByText('Loading messages…')).toHaveCount(0);
    const question = `Can the letters go out by post too? (${suffix})`;
    await memberChat.getByPlaceholder('Type a message').fill(question);
    await memberChat.getByPlaceholder('Type a message').press('Enter');
    const asked = memberChat.getByTestId('chat-message').filter({ hasText: question });
    await expect(asked).toHaveAttribute('data-own', 'true', WITHIN_A_POLL);
    await expect(asked.getByTestId('message-sender')).toHaveText('You');

    // The super admin finds it in the project's one conversation, under the member's name, and answers.
    const superadmin = await loginSuperadmin(request);
    const adminSession = await openSession(browser, baseURL!, DESKTOP, superadmin);
    const adminPage = adminSession.page;
    await adminPage.goto('/superadmin-reply-message');
    const conversation = adminPage.getByTestId('conversation-row').filter({ hasText: `${project.id}:${owner.user.id}`, visible: true });
    await conversation.getByRole('button', { name: 'Reply' }).click();
    const adminChat = adminPage.getByTestId('chat-dialog');
    const received = adminChat.getByTestId('chat-message').filter({ hasText: question });
    await expect(received).toHaveAttribute('data-own', 'false');
    await expect(received.getByTestId('message-sender')).toHaveText(member.user.name);
    const answer = `Yes, by post as well (${uniqueSuffix()}).`;
    await adminChat.getByPlaceholder('Type a message').fill(answer);
    await adminChat.getByPlaceholder('Type a message').press('Enter');
    const sent = adminChat.getByTestId('chat-message').filter({ hasText: answer });
    await expect(sent).toHaveAttribute('data-own', 'true', WITHIN_A_POLL);

    // The member reads the answer under the super admin's name; the super admin sees who read it, and when.
    const answered = memberChat.getByTestId('chat-message').filter({ hasText: answer });
    await expect(answered).toBeVisible(WITHIN_A_POLL);
    await expect(answered.getByTestId('message-sender')).toHaveText(SUPERADMIN.name);
    await expect(sent.getByTestId('read')).toBeVisible(WITHIN_A_POLL);
    await sent.getByTestId('chat-bubble').hover();
    const tooltip = adminPage.getByRole('tooltip');
    await expect(tooltip).toContainText(/Read: \d{2} [A-Z][a-z]{2}, \d{2}:\d{2}/);
    await expect(tooltip.getByTestId('message-reader')).toHaveText([new RegExp(`^${member.user.name}, \\d{2} [A-Z][a-z]{2}, \\d{2}:\\d{2}$`)]);

    // The member sees no amounts: no Invoices in the navigation, no budget, and invoices are not theirs.
    await memberPage.keyboard.press('Escape');
    await memberPage.goto(`/view-project?id=${project.id}`);
    await expect(memberPage.getByTestId('project-title')).toHaveText(project.title);
    await expect(memberPage.getByTestId('dashboard-nav').getByRole('link', { name: 'Invoices' })).toHaveCount(0);
    await expect(memberPage.getByTestId('dashboard-nav').getByRole('link', { name: 'Company' })).toBeVisible();
    await expect(memberPage.getByTestId('project-detail').getByText('Budget', { exact: true })).toHaveCount(0);
    await expect(memberPage.getByTestId('project-detail')).not.toContainText('£');
    await memberPage.goto(`/view-invoice?id=${project.invoice.id}`);
    await expect(memberPage.getByTestId('invoices-forbidden')).toContainText('Invoices are for your company’s owners and billing people');
    await expect(memberPage.locator('main')).not.toContainText('£');
    // The server agrees: the invoice and the budget are not the member's to see.
    expect((await request.get(`/api/invoices/${project.invoice.id}`, { headers: authHeaders(member) })).status()).toBe(403);
    const memberProject = await expectStatus<{ project: { budget_minor: number | null } }>(
      await request.get(`/api/projects/${project.id}`, { headers: authHeaders(member) }),
      200,
      'project as member',
    );
    expect(memberProject.project.budget_minor).toBeNull();

    // The member reads the company's people and cannot change them.
    await memberPage.goto('/company');
    await expect(memberPage.getByTestId('member-row')).toHaveCount(3);
    await expect(memberPage.getByTestId('company-people').getByRole('combobox')).toHaveCount(0);
    await expect(memberPage.getByTestId('invite-colleague-form')).toHaveCount(0);

    for (const session of [ownerSession, billingSession, memberSession, adminSession]) {
      expect(session.console.problems()).toEqual([]);
      await session.close();
    }
  });
});
