// Invoices and card payments on the local provider: the client signs its contract on a phone, the deposit invoice
// appears, the client pays it with the test card 4242 at 390 px, sees the success page, and the project starts on
// its own; a declined card and a cancelled checkout leave the invoice unpaid; staff raise, send and settle an
// invoice and see the totals.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  authHeaders,
  createAdmin,
  createClient,
  createTeamlead,
  expectStatus,
  loginSuperadmin,
  storageStateFor,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { watchConsole } from './support/console';

type ApiInvoice = { id: string; invoice_no: string; status: string; kind: string; total: number; amount_due: number };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

/** A client's project with a budget, approved by the super admin with a team lead. */
async function approvedProject(request: APIRequestContext, client: Auth, budget: number) {
  const owner = await loginSuperadmin(request);
  const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
  const title = `Clinic booking ${uniqueSuffix()}`;
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title, description: 'Online booking for a small clinic.', budget_minor: budget, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  const approved = await request.post(`/api/projects/${project.id}/approve`, { headers: authHeaders(owner), data: { team_lead_id: lead.user.id } });
  await expectStatus(approved, 200, 'approve project');
  return { id: project.id, title };
}

/** Staff raise the deposit invoice by hand ("Raise deposit now"), as when a contract was signed on paper. */
async function depositRaisedByStaff(request: APIRequestContext, projectId: string): Promise<ApiInvoice> {
  const admin = await createAdmin(request);
  const res = await request.post(`/api/projects/${projectId}/deposit-invoice`, { headers: authHeaders(admin) });
  return (await expectStatus<{ invoice: ApiInvoice }>(res, 201, 'deposit invoice')).invoice;
}

type ApiContract = { id: string; kind: string; status: string };

/** The project's client contract (drafted when the project was approved), sent to the client by the super admin. */
async function sendClientContract(request: APIRequestContext, projectId: string): Promise<string> {
  const owner = await loginSuperadmin(request);
  const list = async () => {
    const res = await request.get('/api/contracts', { headers: authHeaders(owner), params: { project_id: projectId } });
    return (await expectStatus<{ items: ApiContract[] }>(res, 200, 'contracts')).items;
  };
  await expect.poll(async () => (await list()).some((c) => c.kind === 'client' && c.status === 'draft')).toBe(true);
  const contract = (await list()).find((c) => c.kind === 'client')!;
  await expectStatus(await request.post(`/api/contracts/${contract.id}/send`, { headers: authHeaders(owner), data: {} }), 200, 'send contract');
  return contract.id;
}

async function depositOf(request: APIRequestContext, client: Auth, projectId: string): Promise<ApiInvoice | undefined> {
  const res = await request.get('/api/invoices', { headers: authHeaders(client), params: { project_id: projectId } });
  return (await expectStatus<{ items: ApiInvoice[] }>(res, 200, 'invoices')).items.find((i) => i.kind === 'deposit');
}

async function invoiceViaApi(request: APIRequestContext, auth: Auth, id: string): Promise<ApiInvoice> {
  const res = await request.get(`/api/invoices/${id}`, { headers: authHeaders(auth) });
  return (await expectStatus<{ invoice: ApiInvoice }>(res, 200, `invoice ${id}`)).invoice;
}

async function phoneSession(browser: Browser, auth: Auth, baseURL: string) {
  const context = await browser.newContext({ ...PHONE, baseURL, storageState: storageStateFor(auth, baseURL) });
  const page = await context.newPage();
  return { page, console: watchConsole(page), close: () => context.close() };
}

async function desktopSession(browser: Browser, auth: Auth, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    storageState: storageStateFor(auth, baseURL),
  });
  const page = await context.newPage();
  return { page, console: watchConsole(page), close: () => context.close() };
}

async function fillCard(page: Page, number: string) {
  const form = page.getByTestId('local-checkout-form');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
}

test.describe('invoices and card payments', () => {
  test('contract signed -> deposit invoice -> the client pays with 4242 at 390 px in three taps -> payment received -> the project is in progress', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const client = await createClient(request, { name: `Chloe ${uniqueSuffix()}` });
    const project = await approvedProject(request, client, 1_500_050);
    const contractId = await sendClientContract(request, project.id);

    // The client signs the contract on the phone.
    const session = await phoneSession(browser, client, baseURL!);
    const { page } = session;
    await page.goto('/sign-contract');
    await page
      .getByTestId('my-contracts')
      .locator(`[data-testid="contract-row"][data-contract-id="${contractId}"]`)
      .getByTestId('contract-open')
      .click();
    const panel = page.getByTestId('sign-panel');
    await panel.getByTestId('signature-name').fill(client.user.name);
    // The typed name is the signature here (drawing on the pad by touch is the contracts journey's part); then the
    // consent box, tapped as on a phone.
    const consent = panel.getByLabel('I agree to sign electronically', { exact: true });
    await consent.tap();
    await expect(consent).toBeChecked();
    await panel.getByTestId('sign-button').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign' }).click();
    await expect(page.getByTestId('signed-state')).toContainText(`Signed by ${client.user.name}`);

    // The signature raises the deposit invoice (a background job) and sends it.
    let found: ApiInvoice | undefined;
    await expect.poll(async () => (found = await depositOf(request, client, project.id)) ?? null, { timeout: 20_000 }).not.toBeNull();
    const deposit = found!;
    expect(deposit).toMatchObject({ kind: 'deposit', status: 'sent', total: 450_015 });

    await page.goto('/view-invoice');
    const row = page.locator(`[data-testid="invoice-row"][data-invoice-no="${deposit.invoice_no}"]`);
    await expect(row).toContainText('Deposit');
    await expect(row.getByTestId('invoice-status')).toHaveText('Sent');
    await expect(row.getByTestId('invoice-amount-due')).toHaveText('£4,500.15');

    // Tap 1: Pay on the invoice's card. Tap 2: the card number. Tap 3: Pay on the checkout.
    await row.getByTestId('pay-invoice').tap();
    await expect(page).toHaveURL(/\/api\/payments\/local\/checkout\/cs_local_/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('£4,500.15');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByTestId('checkout-pay').tap();

    await expect(page).toHaveURL(new RegExp(`/paymentsuccess/${deposit.invoice_no}$`));
    const result = page.getByTestId('payment-success');
    await expect(result).toHaveAttribute('data-state', 'received');
    await expect(result.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    expect((await invoiceViaApi(request, client, deposit.id)).status).toBe('paid');

    await result.getByTestId('open-paid-invoice').tap();
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('invoice-due')).toHaveText('£0.00');
    await expect(page.getByTestId('pay-invoice')).toHaveCount(0);

    await page.goto(`/view-project?id=${project.id}`);
    await expect(page.getByTestId('project-status')).toHaveText('In progress');
    const kickoff = page.locator('[data-testid="timeline-event"][data-to-status="in_progress"]');
    await expect(kickoff).toContainText('Automatic');
    await expect(kickoff).toContainText(deposit.invoice_no);
    expect(session.console.problems()).toEqual([]);
    await session.close();
  });

  test('a declined card and a cancelled checkout leave the invoice unpaid', async ({ browser, request, baseURL }) => {
    test.setTimeout(90_000);
    const client = await createClient(request, { name: `Dana ${uniqueSuffix()}` });
    const project = await approvedProject(request, client, 100_000);
    const deposit = await depositRaisedByStaff(request, project.id);

    const session = await phoneSession(browser, client, baseURL!);
    const { page } = session;
    await page.goto(`/view-invoice?id=${deposit.id}`);
    await page.getByTestId('pay-invoice').tap();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByTestId('checkout-pay').tap();
    await expect(page.getByTestId('checkout-error')).toHaveText('Your card was declined.');
    expect((await invoiceViaApi(request, client, deposit.id)).status).toBe('sent');

    await page.getByTestId('checkout-cancel').tap();
    await expect(page).toHaveURL(/\/paymentcancel$/);
    await expect(page.getByTestId('payment-cancelled')).toContainText('Nothing was charged');
    await page.getByTestId('back-to-invoice').tap();
    await expect(page).toHaveURL(new RegExp(`/view-invoice\\?id=${deposit.id}$`));
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-status', 'sent');
    await expect(page.getByTestId('pay-invoice')).toBeVisible();
    expect(await invoiceViaApi(request, client, deposit.id)).toMatchObject({ status: 'sent', amount_due: deposit.total });
    expect(session.console.problems()).toEqual([]);
    await session.close();
  });

  test('staff raise an invoice with line items, send it and record a bank transfer; the super admin sees the totals', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const client = await createClient(request, { name: `Eve ${uniqueSuffix()}` });
    const project = await approvedProject(request, client, 200_000);
    const admin = await createAdmin(request);
    const staff = await desktopSession(browser, admin, baseURL!);
    const { page } = staff;
    await page.goto(`/all-projects?id=${project.id}`);
    await page.getByTestId('project-new-invoice').click();
    const editor = page.getByTestId('invoice-editor');
    await editor.getByTestId('line-description').fill('Design');
    await editor.getByTestId('line-unit-price').fill('10.05');
    await expect(editor.getByTestId('invoice-tax')).toHaveText('£2.01');
    await editor.getByTestId('add-line').click();
    await editor.getByTestId('line-description').nth(1).fill('Hosting');
    await editor.getByTestId('line-unit-price').nth(1).fill('0.13');
    await expect(editor.getByTestId('invoice-total')).toHaveText('£12.22');
    await editor.getByTestId('invoice-save').click();
    await expect(editor).toHaveCount(0);

    const row = page.getByTestId('project-invoice-list').getByTestId('invoice-row').first();
    await expect(row.getByTestId('invoice-status')).toHaveText('Draft');
    await row.getByTestId('invoice-link').click();
    await expect(page).toHaveURL(/\/admindashboard\/invoice\?id=/);
    await page.getByTestId('invoice-send').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-status', 'sent');

    await page.getByTestId('invoice-record-payment').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByTestId('payment-amount').fill('12.22');
    await dialog.getByTestId('payment-reference').fill('BACS 1001');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('invoice-payment')).toContainText('BACS 1001');
    await expect(page.getByTestId('invoice-state-note')).toContainText('Thank you: this invoice is paid in full.');
    // The payment's receipt opens in a tab of its own, fetched with the session's bearer header; its address alone
    // opens nothing (no link that anyone holding it could use).
    const received: { status: number; type: string }[] = [];
    page.on('response', (response) => {
      if (/\/api\/invoices\/\d+\/payments\/\d+\/receipt$/.test(new URL(response.url()).pathname))
        received.push({ status: response.status(), type: response.headers()['content-type'] ?? '' });
    });
    const receipt = page.getByTestId('invoice-payment').getByRole('button', { name: /^Receipt for the payment of/ });
    const [tab] = await Promise.all([page.waitForEvent('popup'), receipt.click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    expect(received).toEqual([{ status: 200, type: 'application/pdf' }]);
    await tab.close();
    const receiptPath = (
      await request
        .get(`/api/invoices/${(await page.getByTestId('invoice-detail').getAttribute('data-invoice-id'))!}`, {
          headers: authHeaders(admin),
        })
        .then((r) => r.json())
    ).invoice.payments[0].receipt_url as string;
    expect((await request.get(receiptPath)).status()).toBe(401);
    await expect(page.getByTestId('invoice-void')).toHaveCount(0);
    expect(staff.console.problems()).toEqual([]);
    await staff.close();

    const owner = await desktopSession(browser, await loginSuperadmin(request), baseURL!);
    const ownerPage = owner.page;
    await ownerPage.goto('/view-superadmin-invoice');
    await expect(ownerPage.getByTestId('invoice-totals').getByTestId('total-paid').first()).not.toHaveText(/£0\.00/);
    await expect(ownerPage.getByTestId('revenue-chart')).toBeVisible();
    await expect(ownerPage.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    const download = ownerPage.waitForEvent('download');
    await ownerPage.getByTestId('export-invoices').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(owner.console.problems()).toEqual([]);
    await owner.close();
  });
});
