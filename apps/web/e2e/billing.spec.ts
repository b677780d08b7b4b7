// Saved cards and autopay (issue 33): a client's billing person saves a card on the phone, a retainer's invoice the job
// raises with auto_charge is paid without anyone of the company, and a card with insufficient funds reaches the
// billing person by e-mail. Each screen is photographed at 390 and 1280 px (.tmp/e2e-results-<port>/).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  authHeaders,
  createClient,
  createColleague,
  createTeamlead,
  expectStatus,
  loginSuperadmin,
  signInBrowser,
  uniqueSuffix,
  type Auth,
} from './support/accounts';
import { watchConsole } from './support/console';
import { waitForMail } from './support/mailbox';

type ApiInvoice = { id: string; invoice_no: string; status: string; total: number; auto_charge: boolean; recurring_invoice_id: string | null };

async function approvedProject(request: APIRequestContext, client: Auth) {
  const owner = await loginSuperadmin(request);
  const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title: `Retainer ${uniqueSuffix()}`, description: 'Monthly care of the website.', budget_minor: 500_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  await expectStatus(
    await request.post(`/api/projects/${project.id}/approve`, { headers: authHeaders(owner), data: { team_lead_id: lead.user.id } }),
    200,
    'approve',
  );
  return project.id;
}

/** Staff raise an invoice set to autopay and send it: nobody of the company takes part. */
async function sendAutoCharged(request: APIRequestContext, projectId: string): Promise<ApiInvoice> {
  const owner = await loginSuperadmin(request);
  const created = await request.post('/api/invoices', {
    headers: authHeaders(owner),
    data: {
      project_id: projectId,
      auto_charge: true,
      lines: [{ description: 'Website care, one month', quantity: 1, unit_price: 40_000, tax_rate: 20 }],
    },
  });
  const { invoice } = await expectStatus<{ invoice: ApiInvoice }>(created, 201, 'create invoice');
  expect(invoice.auto_charge).toBe(true);
  await expectStatus(await request.post(`/api/invoices/${invoice.id}/send`, { headers: authHeaders(owner) }), 200, 'send invoice');
  return invoice;
}

/** Staff set up a monthly retainer with autopay starting today: the job raises and sends its first invoice itself. */
async function retainerInvoice(request: APIRequestContext, projectId: string): Promise<ApiInvoice> {
  const owner = await loginSuperadmin(request);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const created = await request.post('/api/recurring-invoices', {
    headers: authHeaders(owner),
    data: {
      project_id: projectId,
      lines: [{ description: 'Website care, monthly', quantity: 1, unit_price: 40_000, tax_rate: 20 }],
      schedule: { frequency: 'monthly', start_date: today },
      auto_send: true,
      auto_charge: true,
    },
  });
  await expectStatus(created, 201, 'create retainer');
  let raised: ApiInvoice | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/invoices?project_id=${projectId}`, { headers: authHeaders(owner) });
        raised = (await expectStatus<{ items: ApiInvoice[] }>(res, 200, 'invoices')).items.find((i) => i.recurring_invoice_id !== null);
        return raised?.auto_charge;
      },
      // The first sweep runs within a minute of the server's start, then every RECURRING_SWEEP_SECONDS.
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return raised!;
}

async function invoiceStatus(request: APIRequestContext, auth: Auth, id: string) {
  const res = await request.get(`/api/invoices/${id}`, { headers: authHeaders(auth) });
  return (await expectStatus<{ invoice: ApiInvoice }>(res, 200, 'invoice')).invoice.status;
}

async function saveCardOnSetupPage(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add card' }).click();
  const form = page.getByTestId('local-setup-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('card-saved')).toBeVisible();
}

test.describe('saved cards and autopay', () => {
  test('a billing person saves a card at 390 px; an autopay invoice is paid without the client; a failed charge is e-mailed to them', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const owner = await createClient(request, { name: `Olive ${uniqueSuffix()}` });
    const billing = await createColleague(request, owner, 'billing', { name: `Bill ${uniqueSuffix()}` });
    const projectId = await approvedProject(request, owner);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    const page = await context.newPage();
    const console = watchConsole(page);
    await signInBrowser(page, billing, '/billing');
    await expect(page.getByTestId('no-cards')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('billing-empty-390.png'), fullPage: true });

    await page.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByTestId('local-setup-form')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('setup-page-390.png'), fullPage: true });
    await page.goBack();
    await saveCardOnSetupPage(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('saved-card')).toHaveText(/Visa ending 4242.*Expires 12\/34.*Default for autopay/);
    await page.screenshot({ path: testInfo.outputPath('billing-card-390.png'), fullPage: true });

    // Raised and sent by the job, charged to the saved card: nobody of the company, nor staff, does anything more.
    const paid = await retainerInvoice(request, projectId);
    await expect.poll(() => invoiceStatus(request, owner, paid.id), { timeout: 30_000 }).toBe('paid');

    // A card with insufficient funds becomes the default; the next autopay invoice fails and the billing person hears.
    await saveCardOnSetupPage(page, '4000 0000 0000 9995');
    await expect(page.getByTestId('saved-card').first()).toHaveText(/ending 9995.*Default for autopay/);
    const failing = await sendAutoCharged(request, projectId);
    // The capture keeps a subject MIME-encoded when it has a non-ASCII character (spaces then read as underscores).
    const mail = await waitForMail(billing.user.email, new RegExp(`Automatic.payment.for.${failing.invoice_no}.fail`));
    expect(mail.text).toContain('Your card has insufficient funds.');
    expect(mail.text).toContain('We will try again on');
    expect(await invoiceStatus(request, owner, failing.id)).toBe('sent');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByTestId('saved-card')).toHaveCount(2);
    await expect(page.getByTestId('statement-line').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('billing-1280.png'), fullPage: true });
    expect(console.problems()).toEqual([]);
    await context.close();
  });
});
