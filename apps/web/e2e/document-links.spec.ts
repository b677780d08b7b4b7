// A client opens an invoice from its e-mail on a phone (390 px) and pays it with the test card, without a password:
// the one-tap link (/d/<token>) opens that invoice only. Another answers a proposal from its e-mail the same way:
// ticks the optional item, accepts with a drawn signature and the code e-mailed to them, then signs the contract
// from the link of the contract's own e-mail.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { authHeaders, createAdmin, createClient, createTeamlead, expectStatus, loginSuperadmin, uniqueSuffix, type Auth } from './support/accounts';
import { watchConsole } from './support/console';
import { readMailbox, waitForMail, type SentMail } from './support/mailbox';
import { drawByTouch } from './support/signature';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

/** The /d/<token> path a mail carries (quoted-printable soft line breaks joined). */
function documentLinkIn(mail: SentMail): string {
  const link = /https?:\/\/[^\s/]+(\/d\/[A-Za-z0-9_-]+)/.exec(mail.text.replace(/=\r?\n/g, ''));
  expect(link, mail.text).not.toBeNull();
  return link![1];
}

/** A signing code's subject (the sink keeps it as sent: MIME-encoded words, spaces as underscores). */
const SIGNING_CODE = /Your.signing.code/;

/** The newest signing code mailed to `to` after `after` codes (each request mails a fresh one). */
async function nextSigningCode(to: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const codes = readMailbox().filter((mail) => mail.to === to.toLowerCase() && SIGNING_CODE.test(mail.subject));
      code = codes.length > after ? /(\d{6})/.exec(codes.at(-1)!.subject)![1] : '';
      return code;
    })
    .not.toBe('');
  return code;
}

const codesTo = (to: string) => readMailbox().filter((mail) => mail.to === to.toLowerCase() && SIGNING_CODE.test(mail.subject)).length;

/** A pending project request of the client, answered by the super admin with a sent proposal with one optional item. */
async function sentProposal(request: APIRequestContext, client: Auth) {
  const owner = await loginSuperadmin(request);
  const lead = await createTeamlead(request, { name: `Lee Lead ${uniqueSuffix()}` });
  const created = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title: `Florist shop ${uniqueSuffix()}`, description: 'An online shop for a florist.', budget_minor: 500_000, currency: 'GBP' },
  });
  const { project } = await expectStatus<{ project: { id: string } }>(created, 201, 'request project');
  const drafted = await request.post('/api/proposals', {
    headers: authHeaders(owner),
    data: {
      project_id: project.id,
      title: 'Florist shop proposal',
      intro_markdown: 'Thank you for asking us. **Here is our offer.**',
      sections: [{ title: 'Scope', body_markdown: '- Design\n- Build\n- Launch' }],
      items: [
        { id: 'build', description: 'Design and build', quantity: 1, unit_price: 400_000, tax_rate: 20 },
        { id: 'photos', description: 'Product photography', quantity: 1, unit_price: 60_000, optional: true, selected: false },
      ],
      valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      deposit_percent: 40,
      team_lead_id: lead.user.id,
    },
  });
  const { proposal } = await expectStatus<{ proposal: { id: string; title: string } }>(drafted, 201, 'proposal');
  await expectStatus(await request.post(`/api/proposals/${proposal.id}/send`, { headers: authHeaders(owner) }), 200, 'send');
  return { projectId: project.id, proposal };
}

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

test('a client answers a proposal from its e-mail on a phone: ticks an option, accepts with the mailed code, signs the contract', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const client = await createClient(request, { name: `Flo ${uniqueSuffix()}` });
  const { projectId, proposal } = await sentProposal(request, client);
  const link = documentLinkIn(await waitForMail(client.user.email, /A.proposal.is.waiting.for.your.answer/));

  // A phone that has never signed in.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your proposal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Florist shop proposal' })).toBeVisible();
  const total = page.getByTestId('proposal-total');
  // Design and build £4,000 + 20 % tax; photography £600 once ticked.
  await expect(total).toHaveText('£4,800.00');
  await page.getByRole('checkbox', { name: 'Include Product photography' }).tap();
  await expect(total).toHaveText('£5,400.00');

  await page.getByTestId('accept-name').fill('Flo Client');
  // The pad in view, then drawn with a finger: its Clear button wakes once a stroke is on it.
  await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  await drawByTouch(page, '[data-testid="signature-pad"]');
  await expect(page.getByTestId('signature-clear')).toBeEnabled();
  await page.getByTestId('accept-agree').tap();
  const before = codesTo(client.user.email);
  await page.getByTestId('accept-code-request').tap();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.getByTestId('accept-code-input').fill(await nextSigningCode(client.user.email, before));
  await page.getByTestId('accept-button').tap();

  const next = page.getByTestId('linked-proposal-next');
  await expect(next.getByText('You accepted “Florist shop proposal” for £5,400.00', { exact: false })).toBeVisible();
  await expect(next.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByTestId('journey-steps')).toHaveAttribute('data-step', 'Contract');
  await page.screenshot({ path: testInfo.outputPath('linked-proposal-accepted-390.png'), fullPage: true });
  const answered = await request.get(`/api/proposals/${proposal.id}`, { headers: authHeaders(client) });
  const accepted = (
    await expectStatus<{ proposal: { status: string; total: number; acceptance: { has_image: boolean } } }>(answered, 200, 'proposal')
  ).proposal;
  expect(accepted).toMatchObject({ status: 'accepted', total: 540_000, acceptance: { has_image: true } });
  const project = await request.get(`/api/projects/${projectId}`, { headers: authHeaders(client) });
  expect((await expectStatus<{ project: { status: string } }>(project, 200, 'project')).project.status).toBe('approved');

  // The contract the acceptance sent comes with a link of its own: signed there, with a fresh code.
  await page.goto(documentLinkIn(await waitForMail(client.user.email, /A.contract.is.ready.to.sign/)));
  await expect(page.getByRole('heading', { level: 1, name: 'Your contract' })).toBeVisible();
  await page.getByRole('textbox', { name: /Your full name/ }).fill('Flo Client');
  await page.getByRole('checkbox', { name: /agree to sign/ }).tap();
  const beforeContract = codesTo(client.user.email);
  await page.getByRole('button', { name: 'E-mail me a code' }).tap();
  await page.getByRole('textbox', { name: /6-digit code/ }).fill(await nextSigningCode(client.user.email, beforeContract));
  await page.getByRole('button', { name: 'Sign the contract' }).tap();
  await expect(page.getByRole('status')).toContainText('Signed.');

  // No password was typed, and the links' sessions were never stored as a sign-in.
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(console.problems()).toEqual([]);
  await context.close();
});

test('the proposal opened from its e-mail fits a phone (390 px) and a desktop (1280 px) with no sideways scroll', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const client = await createClient(request, { name: `Wren ${uniqueSuffix()}` });
  await sentProposal(request, client);
  const mail = await waitForMail(client.user.email, /A.proposal.is.waiting.for.your.answer/);
  // One link, redeemed by each context: a link stays good until it expires or a new send replaces it.
  const link = documentLinkIn(mail);
  for (const phone of [true, false]) {
    const context = await browser.newContext(phone ? { ...PHONE, baseURL } : { viewport: { width: 1280, height: 900 }, locale: 'en-GB', baseURL });
    const page = await context.newPage();
    const console = watchConsole(page);
    await page.goto(link);
    await expect(page.getByTestId('accept-panel')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `at ${phone ? 390 : 1280} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`linked-proposal-${phone ? 390 : 1280}.png`), fullPage: true });
    expect(console.problems()).toEqual([]);
    await context.close();
  }
});
