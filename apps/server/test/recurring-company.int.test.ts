// A recurring invoice for a client company without a project (issue 33): created by staff for the company, raised
// by the sweep with no project, and then read, paid, mailed and printed like any invoice of the company; and the
// wording of the mails (to the company's billing person) of recurring and payment-stage invoices, which name their period and stage.
import { formatDate, localDay, periodEndOf, type AuthResponse, type Invoice, type RecurringInvoice } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, recurringInvoices } from '../src/db/schema.js';
import { sweepRecurring } from '../src/modules/recurring-invoices/jobs.js';
import { call, createTestApp, deliveredMails, inviteColleague, signupClient, type TestApp } from './helpers.js';
import { approvedProject, getInvoice, mailsTo, makeWorld, pdfText, type World } from './invoice-helpers.js';

const RETAINER = { description: 'Support retainer', quantity: 1, unit_price: 120_000, tax_rate: 20 };

let t: TestApp;
let w: World;
let billing: AuthResponse;
let member: AuthResponse;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app);
  billing = await inviteColleague(t.app, w.client.token, 'billing');
  member = await inviteColleague(t.app, w.client.token, 'member');
  companyId = w.client.user.company_id!;
});
afterAll(async () => t.close());

const today = () => localDay(t.clock.now(), t.config.agencyTimeZone);
const sweep = () => sweepRecurring(t.app.services.recurringInvoices, t.app.services.paymentPlans);

function createRecurring(body: Record<string, unknown>) {
  return call(t.app, 'POST', '/recurring-invoices', {
    token: w.admin.token,
    body: { lines: [RETAINER], schedule: { frequency: 'monthly', start_date: today() }, auto_send: true, ...body },
  });
}

async function templateCount() {
  return (await t.app.ctx.db.select({ id: recurringInvoices.id }).from(recurringInvoices)).length;
}

async function raisedBy(template: RecurringInvoice) {
  const rows = await t.app.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.recurringInvoiceId, Number(template.id)));
  expect(rows).toHaveLength(1);
  return getInvoice(t.app, w.admin.token, String(rows[0]!.id));
}

async function pdfOf(path: string, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path.startsWith('/api/') ? path : `/api${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

describe('a recurring invoice for a company without a project', () => {
  let template: RecurringInvoice;
  let invoice: Invoice;

  beforeAll(async () => {
    const res = await createRecurring({ company_id: companyId, currency: 'EUR' });
    expect(res.status, res.text).toBe(201);
    template = res.body.recurring_invoice;
    await sweep();
    invoice = await raisedBy(template);
  });

  it('is created for the company named, in the currency asked, with no project', () => {
    expect(template).toMatchObject({ project_id: null, project_title: null, company: { id: companyId }, currency: 'EUR', status: 'active' });
  });

  it('raises its invoice addressed to the company, with no project, numbered and sent', () => {
    expect(invoice).toMatchObject({
      project_id: null,
      project_title: null,
      company: { id: companyId },
      currency: 'EUR',
      status: 'sent',
      total: 144_000,
      amount_due: 144_000,
      recurring_invoice_id: template.id,
    });
    expect(invoice.invoice_no).toMatch(/^INV-\d{4}-\d{4,}$/);
  });

  it("is the company's to read: owner and billing see it in their list, a member is refused, another company never sees it", async () => {
    for (const who of [w.client, billing]) {
      expect((await getInvoice(t.app, who.token, invoice.id)).project_id).toBeNull();
      const list = await call(t.app, 'GET', '/invoices', { token: who.token });
      expect(list.status, list.text).toBe(200);
      expect(list.body.items.map((i: Invoice) => i.id)).toContain(invoice.id);
    }
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}`, { token: w.otherClient.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`, { token: w.otherClient.token })).status).toBe(404);
    const others = await call(t.app, 'GET', '/invoices', { token: w.otherClient.token });
    expect(others.body.items.map((i: Invoice) => i.id)).not.toContain(invoice.id);
  });

  it('is mailed naming its period, and its PDF names the period and no project', async () => {
    const to = periodEndOf({ frequency: 'monthly', interval: 1, day: null, start_date: today(), end_date: null, count: null }, today());
    const period = `${formatDate(today())} to ${formatDate(to)}`;
    const mails = await mailsTo(t.app, billing.user.email, `Invoice ${invoice.invoice_no} for ${period}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).not.toMatch(/New invoice/);
    const text = await pdfOf(`/invoices/${invoice.id}/pdf`, w.client.token);
    expect(text).toContain(invoice.invoice_no);
    expect(text).toContain(`Period: ${period}`);
    expect(text).not.toContain('Project:');
  });

  it('is paid like any invoice: a recorded payment, its receipt, and the CSV export', async () => {
    const paid = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 44_000, date: today(), reference: 'BANK-RET' },
    });
    expect(paid.status, paid.text).toBe(201);
    const after = await getInvoice(t.app, billing.token, invoice.id);
    expect(after).toMatchObject({ status: 'partially_paid', amount_due: 100_000 });
    const receipt = await pdfOf(after.payments[0]!.receipt_url!, billing.token);
    expect(receipt).toContain('Still due');
    expect(receipt).toContain('1,000.00');
    expect(receipt).not.toContain('Project:');
    const checkout = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: billing.token });
    expect(checkout.status, checkout.text).toBe(200);
    const csv = await call(t.app, 'GET', '/invoices/export.csv', { token: w.admin.token });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(invoice.invoice_no);
  });

  it('takes no time or expenses: they belong to a project', async () => {
    const draftTemplate = await createRecurring({ company_id: companyId, auto_send: false });
    expect(draftTemplate.status, draftTemplate.text).toBe(201);
    await sweep();
    const draft = await raisedBy(draftTemplate.body.recurring_invoice);
    expect(draft.status).toBe('draft');
    const billed = await call(t.app, 'POST', `/invoices/${draft.id}/bill-time`, { token: w.admin.token, body: { group_by: 'card' } });
    expect(billed.status).toBe(422);
    expect(billed.body.error).toMatch(/no project/);
    const preview = await call(t.app, 'GET', `/invoices/${draft.id}/billable`, { token: w.admin.token, query: { group_by: 'card' } });
    expect(preview.status).toBe(422);
    expect((await getInvoice(t.app, w.admin.token, draft.id)).lines).toHaveLength(1);
  });

  it('lists by company', async () => {
    const res = await call(t.app, 'GET', '/recurring-invoices', { token: w.admin.token, query: { company_id: companyId } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(2);
    expect(res.body.items.every((r: RecurringInvoice) => r.company.id === companyId)).toBe(true);
    const fresh = await signupClient(t.app, { name: 'Nora None' });
    const none = await call(t.app, 'GET', '/recurring-invoices', { token: w.admin.token, query: { company_id: fresh.user.company_id! } });
    expect(none.body.items).toEqual([]);
  });
});

describe('choosing whom a recurring invoice bills', () => {
  it('asks for a company when no project is named, and refuses an unknown company, changing nothing', async () => {
    const before = await templateCount();
    const neither = await createRecurring({});
    expect(neither.status).toBe(400);
    expect(neither.body.error).toMatch(/Choose a client company/);
    const unknown = await createRecurring({ company_id: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/Client company not found/);
    expect(await templateCount()).toBe(before);
  });

  it("refuses another company's project beside the company named, and takes the project's company with a project", async () => {
    const project = await approvedProject(t.app, w, { budget: 1_000_000, client: w.otherClient });
    const before = await templateCount();
    const crossed = await createRecurring({ company_id: companyId, project_id: project });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toMatch(/another client company's/);
    expect(await templateCount()).toBe(before);
    const ok = await createRecurring({ project_id: project });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.recurring_invoice).toMatchObject({ project_id: project, company: { id: w.otherClient.user.company_id } });
  });

  it('is staff only', async () => {
    for (const who of [w.client, billing, w.lead]) {
      expect((await call(t.app, 'POST', '/recurring-invoices', { token: who.token, body: { company_id: companyId } })).status).toBe(403);
    }
  });
});

describe('the wording of raised invoices', () => {
  it("names a project's recurring period with the project in the mail", async () => {
    const project = await approvedProject(t.app, w, { budget: 1_000_000 });
    const res = await createRecurring({ project_id: project, schedule: { frequency: 'weekly', start_date: today() } });
    expect(res.status, res.text).toBe(201);
    await sweep();
    const invoice = await raisedBy(res.body.recurring_invoice);
    const to = formatDate(periodEndOf({ frequency: 'weekly', interval: 1, day: null, start_date: today(), end_date: null, count: null }, today()));
    const [mail] = await mailsTo(t.app, billing.user.email, `Invoice ${invoice.invoice_no} for ${formatDate(today())} to ${to}`);
    expect(mail).toBeDefined();
    const text = await pdfOf(`/invoices/${invoice.id}/pdf`, w.admin.token);
    expect(text).toContain(`Project: ${invoice.project_title}`);
  });

  it("names a payment stage in the mail's subject and text, and on the PDF", async () => {
    const project = await approvedProject(t.app, w, { budget: 1_000_000 });
    const plan = await call(t.app, 'PUT', `/projects/${project}/payment-plan`, {
      token: w.admin.token,
      body: { stages: [{ label: 'Design sign-off', percent: 100, release: 'manual' }] },
    });
    expect(plan.status, plan.text).toBe(200);
    const released = await call(t.app, 'POST', `/projects/${project}/payment-plan/stages/${plan.body.plan.stages[0].id}/release`, {
      token: w.admin.token,
    });
    expect(released.status, released.text).toBe(200);
    const invoice = released.body.invoice as Invoice;
    const [mail] = await mailsTo(t.app, billing.user.email, `Stage invoice ${invoice.invoice_no}: Design sign-off`);
    expect(mail).toBeDefined();
    const [delivered] = await deliveredMails(t, billing.user.email, 1, (m) => m.subject.startsWith(`Stage invoice ${invoice.invoice_no}`));
    expect(delivered!.text).toContain(
      `Your invoice ${invoice.invoice_no} for the stage "Design sign-off" of "${invoice.project_title}" is attached.`,
    );
    const text = await pdfOf(`/invoices/${invoice.id}/pdf`, w.admin.token);
    expect(text).toContain('Stage: Design sign-off');
  });
});
