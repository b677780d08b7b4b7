// A client opens an invoice from its e-mail on a phone (390 px) and pays it with the test card, without a password:
// the one-tap link (/d/<token>) opens that invoice only.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { authHeaders, createAdmin, createClient, createTeamlead, expectStatus, loginSuperadmin, uniqueSuffix, type Auth } from './support/accounts';
import { watchConsole } from './support/console';
import { waitForMail } from './support/mailbox';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

async function approvedProject(request: APIRequestContext, client: Auth) {
  const owner = await loginSuperadmin(request);
  const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title: `Bakery shop ${uniqueSuffix()}`, description: 'An online shop for a bakery.', budget_minor: 800_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'create project');
  const approved = await request.post(`/api/projects/${project.id}/approve`, { headers: authHeaders(owner), data: { team_lead_id: lead.user.id } });
  await expectStatus(approved, 200, 'approve project');
  return project.id;
}

test('a client opens an invoice from its e-mail on a phone and pays it without a password', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const client = await createClient(request, { name: `Dana ${uniqueSuffix()}` });
  const projectId = await approvedProject(request, client);
  const admin = await createAdmin(request);
  const raised = await request.post(`/api/projects/${projectId}/deposit-invoice`, { headers: authHeaders(admin) });
  const { invoice } = await expectStatus<{ invoice: { id: string; invoice_no: string } }>(raised, 201, 'deposit invoice');

  const mail = await waitForMail(client.user.email, new RegExp(invoice.invoice_no));
  // A mail with an attachment reaches the sink as its MIME source: join quoted-printable's soft line breaks.
  const link = /https?:\/\/[^\s/]+(\/d\/[A-Za-z0-9_-]+)/.exec(mail.text.replace(/=\r?\n/g, ''));
  expect(link, mail.text).not.toBeNull();

  // A phone that has never signed in.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto(link![1]);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoice' })).toBeVisible();
  await expect(page.getByTestId('linked-invoice')).toContainText(invoice.invoice_no);

  await page.getByRole('button', { name: /^Pay .* by card$/ }).tap();
  await expect(page).toHaveURL(/\/api\/payments\/local\/checkout\/cs_local_/);
  const form = page.getByTestId('local-checkout-form');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await page.getByTestId('checkout-pay').tap();
  await expect(page).toHaveURL(new RegExp(`/paymentsuccess/${invoice.invoice_no}$`));

  const paid = await request.get(`/api/invoices/${invoice.id}`, { headers: authHeaders(client) });
  expect((await expectStatus<{ invoice: { status: string } }>(paid, 200, 'invoice')).invoice.status).toBe('paid');
  // The link's session was never stored as a sign-in.
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(console.problems()).toEqual([]);
  await context.close();
});
