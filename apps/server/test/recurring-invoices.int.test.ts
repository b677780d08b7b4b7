import { localDay, shiftDay, type RecurringInvoice } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, recurringInvoices } from '../src/db/schema.js';
import { createRecurringInvoiceService } from '../src/modules/recurring-invoices/service.js';
import { sweepRecurring } from '../src/modules/recurring-invoices/jobs.js';
import { call, createTestApp, type TestApp } from './helpers.js';
import { approvedProject, makeWorld, type World } from './invoice-helpers.js';

const DAY = 86_400_000;
const RETAINER = { description: 'Monthly retainer', quantity: 1, unit_price: 250_000, tax_rate: 20 };

let t: TestApp;
let world: World;
let projectId: string;

/** The clock moves on by weeks here: sessions outlive it. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: String(60 * 24 * 3650), SESSION_ABSOLUTE_DAYS: '3650' };

beforeAll(async () => {
  t = await createTestApp(LONG_SESSIONS);
  world = await makeWorld(t.app);
  projectId = await approvedProject(t.app, world, { budget: 5_000_000 });
});
afterAll(async () => t.close());

const today = () => localDay(t.clock.now(), t.config.agencyTimeZone);
const sweep = () => sweepRecurring(t.app.services.recurringInvoices, t.app.services.paymentPlans);

async function createRecurring(body: Record<string, unknown> = {}, schedule: Record<string, unknown> = {}): Promise<RecurringInvoice> {
  const res = await call(t.app, 'POST', '/recurring-invoices', {
    token: world.admin.token,
    body: {
      project_id: projectId,
      lines: [RETAINER],
      schedule: { frequency: 'monthly', start_date: today(), ...schedule },
      auto_send: true,
      auto_charge: false,
      ...body,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.recurring_invoice;
}

async function raisedBy(id: string) {
  return t.app.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.recurringInvoiceId, Number(id)))
    .orderBy(invoices.id);
}

async function getRecurring(id: string): Promise<RecurringInvoice> {
  const res = await call(t.app, 'GET', `/recurring-invoices/${id}`, { token: world.owner.token });
  expect(res.status, res.text).toBe(200);
  return res.body.recurring_invoice;
}

describe('recurring invoices', () => {
  it('raises the invoice of a period starting today on the next sweep: numbered, sent, linked to its template', async () => {
    const created = await createRecurring();
    expect(created).toMatchObject({ status: 'active', next_date: today(), total: 300_000, auto_send: true, invoice_count: 0 });
    await sweep();
    const raised = await raisedBy(created.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ status: 'sent', issueDate: today(), total: 300_000, recurringPeriodOn: today(), autoCharge: false });
    expect(raised[0]!.invoiceNo).toMatch(/^INV-\d{4}-\d{4,}$/);
    const answer = await call(t.app, 'GET', `/invoices/${raised[0]!.id}`, { token: world.client.token });
    expect(answer.body.invoice).toMatchObject({ recurring_invoice_id: created.id, status: 'sent' });
    const after = await getRecurring(created.id);
    expect(after).toMatchObject({ invoice_count: 1, last_period_on: today() });
    expect(after.next_date! > today()).toBe(true);
  });

  it('raises exactly one invoice per period when two sweeps race, and after a restart that finds a stale template', async () => {
    const created = await createRecurring({}, { frequency: 'weekly' });
    await Promise.all([sweep(), sweep(), t.app.services.recurringInvoices.raiseDue(Number(created.id))]);
    expect(await raisedBy(created.id)).toHaveLength(1);

    // A node that started again and reads the template as it was before the period was raised: the invoices'
    // unique key on (template, period) refuses the second invoice and the template moves on.
    await t.app.ctx.db
      .update(recurringInvoices)
      .set({ nextRunOn: today(), lastPeriodOn: null })
      .where(eq(recurringInvoices.id, Number(created.id)));
    const restarted = createRecurringInvoiceService(t.app.ctx, t.app.services.invoices, t.app.services.paymentPlans);
    await Promise.all([restarted.raiseDue(Number(created.id)), sweep()]);
    expect(await raisedBy(created.id)).toHaveLength(1);
    expect((await getRecurring(created.id)).next_date).toBe(shiftDay(today(), 7));

    // A week later: the next period, once, whoever sweeps.
    t.clock.advance(7 * DAY);
    await Promise.all([sweep(), sweep()]);
    const raised = await raisedBy(created.id);
    expect(raised.map((r) => r.recurringPeriodOn)).toEqual([shiftDay(today(), -7), today()]);
    expect(new Set(raised.map((r) => r.invoiceNo)).size).toBe(2);
  });

  it('changes future invoices only when edited', async () => {
    const created = await createRecurring({}, { frequency: 'weekly' });
    await sweep();
    const [first] = await raisedBy(created.id);
    const patched = await call(t.app, 'PATCH', `/recurring-invoices/${created.id}`, {
      token: world.admin.token,
      body: { lines: [{ ...RETAINER, unit_price: 400_000 }], auto_send: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.recurring_invoice).toMatchObject({ total: 480_000, auto_send: false });
    const [unchanged] = await raisedBy(created.id);
    expect(unchanged).toMatchObject({ id: first!.id, total: 300_000, status: 'sent' });

    t.clock.advance(7 * DAY);
    await sweep();
    const raised = await raisedBy(created.id);
    expect(raised).toHaveLength(2);
    expect(raised[1]).toMatchObject({ total: 480_000, status: 'draft' });
  });

  it('pauses, resumes from the next date without the periods missed, and ends', async () => {
    const created = await createRecurring({}, { frequency: 'weekly', start_date: shiftDay(today(), 1) });
    const paused = await call(t.app, 'POST', `/recurring-invoices/${created.id}/pause`, { token: world.admin.token });
    expect(paused.body.recurring_invoice.status).toBe('paused');
    expect((await call(t.app, 'POST', `/recurring-invoices/${created.id}/pause`, { token: world.admin.token })).body.code).toBe('INVALID_TRANSITION');

    t.clock.advance(10 * DAY);
    await sweep();
    expect(await raisedBy(created.id)).toHaveLength(0);

    const resumed = await call(t.app, 'POST', `/recurring-invoices/${created.id}/resume`, { token: world.admin.token });
    expect(resumed.status, resumed.text).toBe(200);
    // Weekly from the day after the first "today" (now ten days ago): the next dates are 15, 22 and 29 days after it.
    expect(resumed.body.recurring_invoice).toMatchObject({ status: 'active', next_date: shiftDay(today(), 5) });
    const upcoming = await call(t.app, 'GET', `/recurring-invoices/${created.id}/upcoming?count=3`, { token: world.admin.token });
    expect(upcoming.body.dates).toEqual([shiftDay(today(), 5), shiftDay(today(), 12), shiftDay(today(), 19)]);
    await sweep();
    expect(await raisedBy(created.id)).toHaveLength(0);

    const ended = await call(t.app, 'POST', `/recurring-invoices/${created.id}/end`, { token: world.admin.token });
    expect(ended.body.recurring_invoice).toMatchObject({ status: 'ended', next_date: null });
    expect((await call(t.app, 'POST', `/recurring-invoices/${created.id}/resume`, { token: world.admin.token })).status).toBe(409);
    expect((await call(t.app, 'PATCH', `/recurring-invoices/${created.id}`, { token: world.admin.token, body: { auto_send: true } })).status).toBe(
      409,
    );
    expect((await call(t.app, 'GET', `/recurring-invoices/${created.id}/upcoming`, { token: world.admin.token })).body.dates).toEqual([]);
    t.clock.advance(7 * DAY);
    await sweep();
    expect(await raisedBy(created.id)).toHaveLength(0);
  });

  it('ends by itself after its count, and keeps auto_charge on the invoices it raises', async () => {
    const created = await createRecurring({ auto_charge: true }, { frequency: 'weekly', count: 2 });
    await sweep();
    t.clock.advance(7 * DAY);
    await sweep();
    t.clock.advance(7 * DAY);
    await sweep();
    const raised = await raisedBy(created.id);
    expect(raised.map((r) => r.autoCharge)).toEqual([true, true]);
    expect(await getRecurring(created.id)).toMatchObject({ status: 'ended', next_date: null, invoice_count: 2 });
  });

  it('lists with a cursor and filters by status', async () => {
    await createRecurring();
    await createRecurring();
    const ending = await createRecurring();
    expect((await call(t.app, 'POST', `/recurring-invoices/${ending.id}/end`, { token: world.admin.token })).status).toBe(200);
    const first = await call(t.app, 'GET', '/recurring-invoices?limit=2', { token: world.admin.token });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const next = await call(t.app, 'GET', `/recurring-invoices?limit=2&cursor=${first.body.next_cursor}`, { token: world.admin.token });
    expect(next.body.items[0].id).not.toBe(first.body.items[1].id);
    const ended = await call(t.app, 'GET', '/recurring-invoices?status=ended', { token: world.admin.token });
    expect(ended.body.items.length).toBeGreaterThan(0);
    expect(ended.body.items.every((i: RecurringInvoice) => i.status === 'ended')).toBe(true);
  });

  it('refuses a zero interval, a past start and bad lines with a clear message, and changes nothing', async () => {
    const before = (await t.app.ctx.db.select().from(recurringInvoices)).length;
    const post = (schedule: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call(t.app, 'POST', '/recurring-invoices', {
        token: world.admin.token,
        body: { project_id: projectId, lines: [RETAINER], schedule: { frequency: 'monthly', start_date: today(), ...schedule }, ...extra },
      });
    const zero = await post({ interval: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/interval of at least 1/) });
    const past = await post({ start_date: shiftDay(today(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/cannot be before today/);
    expect((await post({}, { lines: [] })).body.error).toMatch(/at least one line/);
    expect((await post({}, { project_id: '999999' })).status).toBe(404);
    expect((await t.app.ctx.db.select().from(recurringInvoices)).length).toBe(before);
  });
});

describe("schedules in the agency's time zone", () => {
  it('raises a period when its day has begun in AGENCY_TIME_ZONE, though it is still the day before in UTC', async () => {
    const zoned = await createTestApp({ ...LONG_SESSIONS, AGENCY_TIME_ZONE: 'Pacific/Kiritimati' });
    try {
      const people = await makeWorld(zoned.app);
      const project = await approvedProject(zoned.app, people, { budget: 100_000 });
      // 11:00 UTC: it is already tomorrow on Kiritimati (UTC+14).
      const now = zoned.clock.now();
      const eleven = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 11);
      zoned.clock.advance((eleven > now.getTime() ? eleven : eleven + DAY) - now.getTime());
      const utcDay = zoned.clock.now().toISOString().slice(0, 10);
      const localToday = localDay(zoned.clock.now(), 'Pacific/Kiritimati');
      expect(localToday).toBe(shiftDay(utcDay, 1));
      const res = await call(zoned.app, 'POST', '/recurring-invoices', {
        token: people.admin.token,
        body: { project_id: project, lines: [RETAINER], schedule: { frequency: 'monthly', start_date: localToday } },
      });
      expect(res.status, res.text).toBe(201);
      await sweepRecurring(zoned.app.services.recurringInvoices, zoned.app.services.paymentPlans);
      const raised = await zoned.app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.recurringInvoiceId, Number(res.body.recurring_invoice.id))));
      expect(raised.map((r) => r.issueDate)).toEqual([localToday]);
    } finally {
      await zoned.close();
    }
  });
});
