// Rates, expenses and billing time through the real app: approved time and expenses become lines of a draft invoice
// once only (twenty drafts billing one project at once included), voiding the invoice gives them back, and the
// budget warnings go out once per threshold.
import type { Expense, Invoice, TimeEntry } from '@agency/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billedItems, notifications, timeEntries } from '../src/db/schema.js';
import { call, createTestApp, eventually, multipart, must, type TestApp } from './helpers.js';
import {
  approvedExpense,
  approvedTime,
  at,
  cardOn,
  draftInvoice,
  logTime,
  makeTimeWorld,
  newMember,
  pastWeek,
  setCostRate,
  setProjectRate,
  teamProject,
  type TimeWorld,
} from './time-helpers.js';

let t: TestApp;
let w: TimeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeTimeWorld(t.app);
}, 60_000);
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function billTime(invoiceId: string, body: Record<string, unknown>, token = w.admin.token) {
  return call(t.app, 'POST', `/invoices/${invoiceId}/bill-time`, { token, body });
}

describe('rates', () => {
  it('are set and read by staff only, in minor units', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { currency: 'JPY' });
    const set = await call(t.app, 'PATCH', `/projects/${projectId}/rates`, { token: w.admin.token, body: { hourly_rate: 12000 } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.rates).toMatchObject({ project_id: projectId, hourly_rate: 12000, currency: 'JPY' });
    const cost = await call(t.app, 'PATCH', `/users/${member.user.id}/rates`, { token: w.owner.token, body: { cost_rate: 4550, currency: 'GBP' } });
    expect(cost.body.rates).toMatchObject({ user_id: member.user.id, cost_rate: 4550, currency: 'GBP' });
    expect(must(await call(t.app, 'GET', `/users/${member.user.id}/rates`, { token: w.admin.token }), 200, 'read').body.rates.cost_rate).toBe(4550);
    for (const token of [member.token, w.lead.token, w.client.token]) {
      expect((await call(t.app, 'GET', `/projects/${projectId}/rates`, { token })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `/users/${member.user.id}/rates`, { token, body: { cost_rate: 1 } })).status).toBe(403);
    }
    const fraction = await call(t.app, 'PATCH', `/projects/${projectId}/rates`, { token: w.admin.token, body: { hourly_rate: 12.5 } });
    expect(fraction.status).toBe(400);
    expect(fraction.body.error).toMatch(/hourly_rate: .*whole number of minor units/);
    const staffRate = await call(t.app, 'PATCH', `/users/${w.admin.user.id}/rates`, { token: w.owner.token, body: { cost_rate: 1 } });
    expect(staffRate.status).toBe(422);
  });

  it("cost time at the person's rate when it is entered, and re-cost it from a day when asked", async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { budget: 1_000_000 });
    const { days } = pastWeek(t, 6);
    await setCostRate(t.app, w.admin.token, member.user.id, 3000);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 20 });
    await setCostRate(t.app, w.admin.token, member.user.id, 6000);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 20 });
    const cost = async () => must(await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.admin.token }), 200, 'p').body.cost;
    // 20 min at £30/h is £10.00, at £60/h £20.00.
    expect(await cost()).toBe(1000 + 2000);
    must(
      await call(t.app, 'PATCH', `/users/${member.user.id}/rates`, { token: w.admin.token, body: { cost_rate: 7000, apply_from: days[0] } }),
      200,
      're-cost',
    );
    // 20 min at £70/h is £23.333... -> £23.33, twice.
    expect(await cost()).toBe(2333 * 2);
  });
});

describe('expenses', () => {
  it('are entered by the team with a receipt, approved by staff and then locked', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { days } = pastWeek(t, 2);
    const created = await call(t.app, 'POST', '/expenses', {
      token: member.token,
      body: { project_id: projectId, date: days[2], amount: 4599, category: 'travel', description: 'Train to the client workshop' },
    });
    expect(created.status, created.text).toBe(201);
    const expense: Expense = created.body.expense;
    expect(expense).toMatchObject({ amount: 4599, currency: 'GBP', status: 'draft', billable: true, receipt: null, user_id: member.user.id });

    const photo = multipart([{ name: 'ticket.png', content: PNG, type: 'image/png' }]);
    const attached = await call(t.app, 'POST', `/expenses/${expense.id}/receipt`, { token: member.token, body: photo.body, headers: photo.headers });
    expect(attached.status, attached.text).toBe(201);
    expect(attached.body.expense.receipt).toMatchObject({ name: 'ticket.png', mime: 'image/png', size: PNG.length });
    const download = await t.app.inject({ method: 'GET', url: attached.body.expense.receipt.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const pdf = multipart([{ name: 'invoice.pdf', content: PDF }]);
    const replaced = await call(t.app, 'POST', `/expenses/${expense.id}/receipt`, { token: member.token, body: pdf.body, headers: pdf.headers });
    expect(replaced.body.expense.receipt).toMatchObject({ name: 'invoice.pdf', mime: 'application/pdf' });
    const text = multipart([{ name: 'notes.txt', content: Buffer.from('not a receipt') }]);
    const refused = await call(t.app, 'POST', `/expenses/${expense.id}/receipt`, { token: member.token, body: text.body, headers: text.headers });
    expect(refused.status).toBe(415);
    const tooBig = multipart([{ name: 'huge.pdf', content: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect(
      (await call(t.app, 'POST', `/expenses/${expense.id}/receipt`, { token: member.token, body: tooBig.body, headers: tooBig.headers })).status,
    ).toBe(413);
    // The sweep of files nobody refers to, a day later, leaves the receipt where it is.
    t.clock.advance(25 * 3_600_000);
    await t.app.services.storage.sweep();
    const fresh = must(await call(t.app, 'GET', `/expenses/${expense.id}`, { token: member.token }), 200, 'get').body.expense as Expense;
    expect(fresh.receipt?.name).toBe('invoice.pdf');
    const kept = await t.app.inject({ method: 'GET', url: fresh.receipt!.url });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(PDF)).toBe(true);

    must(await call(t.app, 'POST', `/expenses/${expense.id}/submit`, { token: member.token }), 200, 'submit');
    expect((await call(t.app, 'PATCH', `/expenses/${expense.id}`, { token: member.token, body: { amount: 1 } })).status).toBe(409);
    expect((await call(t.app, 'POST', `/expenses/${expense.id}/approve`, { token: w.lead.token })).status).toBe(403);
    const approved = await call(t.app, 'POST', `/expenses/${expense.id}/approve`, { token: w.admin.token });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.expense.status).toBe('approved');
    expect((await call(t.app, 'DELETE', `/expenses/${expense.id}`, { token: member.token })).status).toBe(409);
    const photoLate = multipart([{ name: 'late.png', content: PNG }]);
    expect(
      (await call(t.app, 'POST', `/expenses/${expense.id}/receipt`, { token: member.token, body: photoLate.body, headers: photoLate.headers }))
        .status,
    ).toBe(409);
  });

  it('go back with a reason when rejected, and staff never approve their own', async () => {
    const projectId = await teamProject(t.app, w, []);
    const { days } = pastWeek(t, 2);
    const own = must(
      await call(t.app, 'POST', '/expenses', {
        token: w.admin.token,
        body: { project_id: projectId, date: days[0], amount: 1200, category: 'software', description: 'Font licence' },
      }),
      201,
      'expense',
    ).body.expense as Expense;
    must(await call(t.app, 'POST', `/expenses/${own.id}/submit`, { token: w.admin.token }), 200, 'submit');
    expect((await call(t.app, 'POST', `/expenses/${own.id}/approve`, { token: w.admin.token })).status).toBe(403);
    const rejected = await call(t.app, 'POST', `/expenses/${own.id}/reject`, {
      token: w.owner.token,
      body: { reason: 'Bought on the agency card already' },
    });
    expect(rejected.body.expense).toMatchObject({ status: 'rejected', rejection_reason: 'Bought on the agency card already' });
    must(await call(t.app, 'PATCH', `/expenses/${own.id}`, { token: w.admin.token, body: { amount: 1100 } }), 200, 'fix');
    const again = must(await call(t.app, 'POST', `/expenses/${own.id}/submit`, { token: w.admin.token }), 200, 'resubmit');
    expect(again.body.expense).toMatchObject({ status: 'submitted', amount: 1100, rejection_reason: null });
    expect((await call(t.app, 'DELETE', `/expenses/${own.id}`, { token: w.admin.token })).status).toBe(409);
  });

  it('refuse bad input and strangers, and are never shown to clients', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const outsider = await newMember(t.app, w);
    const { days } = pastWeek(t, 2);
    const body = { project_id: projectId, date: days[0], amount: 500, category: 'meals', description: 'Lunch with the client' };
    expect((await call(t.app, 'POST', '/expenses', { token: outsider.token, body })).status).toBe(404);
    expect((await call(t.app, 'POST', '/expenses', { token: w.client.token, body })).status).toBe(403);
    const zero = await call(t.app, 'POST', '/expenses', { token: member.token, body: { ...body, amount: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatch(/amount must be more than zero/);
    const future = await call(t.app, 'POST', '/expenses', { token: member.token, body: { ...body, date: pastWeek(t, -2).days[0] } });
    expect(future.status).toBe(400);
    expect(future.body.error).toBe('date: An expense cannot be dated in the future');
    const mine = must(await call(t.app, 'POST', '/expenses', { token: member.token, body }), 201, 'expense').body.expense as Expense;
    expect((await call(t.app, 'GET', `/expenses/${mine.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/expenses/${mine.id}`, { token: w.client.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/expenses/${mine.id}`, { token: w.lead.token })).status).toBe(200);
    const listed = async (token: string) =>
      must(await call(t.app, 'GET', '/expenses', { token, query: { project_id: projectId } }), 200, 'list').body.items.map((x: Expense) => x.id);
    expect(await listed(member.token)).toEqual([mine.id]);
    expect(await listed(outsider.token)).toEqual([]);
    expect(await listed(w.lead.token)).toEqual([mine.id]);
    expect(await listed(w.admin.token)).toEqual([mine.id]);
    expect((await call(t.app, 'GET', '/expenses', { token: w.client.token })).status).toBe(403);
  });
});

describe('billing time', () => {
  async function billableProject() {
    const [ann, ben] = [await newMember(t.app, w), await newMember(t.app, w)];
    const projectId = await teamProject(t.app, w, [ann, ben]);
    const design = await cardOn(t.app, w.lead.token, projectId, 'Design');
    const build = await cardOn(t.app, w.lead.token, projectId, 'Build');
    await setProjectRate(t.app, w.admin.token, projectId, 9000);
    const a = await approvedTime(t, w, ann, projectId, [
      { day: 0, from: '09:00', minutes: 90, card_id: design },
      { day: 1, from: '09:00', minutes: 60, card_id: build },
      { day: 1, from: '11:00', minutes: 30 },
    ]);
    const b = await approvedTime(t, w, ben, projectId, [{ day: 0, from: '13:00', minutes: 60, card_id: design }]);
    return { ann, ben, projectId, days: a.days, entries: [...a.entries, ...b.entries] };
  }

  it.each([
    [
      'card',
      [
        ['Time: Design (2h 30m)', 2.5, 22500],
        ['Time: Build (1h)', 1, 9000],
        ['Time: other work on', 0.5, 4500],
      ],
    ],
    [
      'day',
      [
        ['Time on', 2.5, 22500],
        ['Time on', 1.5, 13500],
      ],
    ],
  ] as const)('groups by %s into lines at the hourly rate, and marks the entries billed with the invoice', async (groupBy, expected) => {
    const { projectId, entries } = await billableProject();
    const draft = await draftInvoice(t.app, w.admin.token, projectId);
    const preview = must(
      await call(t.app, 'GET', `/invoices/${draft.id}/billable`, { token: w.admin.token, query: { group_by: groupBy } }),
      200,
      'preview',
    );
    expect(preview.body.entries).toHaveLength(4);
    expect(preview.body.problems).toEqual([]);
    const res = await billTime(draft.id, { group_by: groupBy });
    expect(res.status, res.text).toBe(200);
    const invoice: Invoice = res.body.invoice;
    const added = invoice.lines.slice(1);
    expect(added.map((l) => [l.quantity, l.amount])).toEqual(expected.map(([, q, a]) => [q, a]));
    for (const [i, [label]] of expected.entries()) expect(added[i].description.startsWith(label)).toBe(true);
    expect(preview.body.lines.map((l: { amount: number }) => l.amount)).toEqual(expected.map(([, , a]) => a));
    expect(invoice.subtotal).toBe(50000 + 36000);
    for (const e of entries) {
      const now = must(await call(t.app, 'GET', `/time-entries/${e.id}`, { token: w.admin.token }), 200, 'entry').body.entry as TimeEntry;
      expect(now).toMatchObject({ status: 'billed', invoice_id: draft.id });
    }
    const again = await billTime(draft.id, { group_by: groupBy });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^Nothing to bill/);
  });

  it('groups by person, adds approved expenses in the invoice currency, and shows the client ordinary lines', async () => {
    const { ann, ben, projectId, days } = await billableProject();
    await approvedExpense(t.app, w, ann.token, { project_id: projectId, date: days[2], amount: 2350, category: 'travel', description: 'Taxi' });
    await approvedExpense(t.app, w, ann.token, {
      project_id: projectId,
      date: days[2],
      amount: 900,
      currency: 'EUR',
      category: 'meals',
      description: 'Lunch',
    });
    const draft = await draftInvoice(t.app, w.admin.token, projectId);
    const preview = must(
      await call(t.app, 'GET', `/invoices/${draft.id}/billable`, { token: w.admin.token, query: { group_by: 'person' } }),
      200,
      'p',
    );
    expect(preview.body.problems).toEqual(['1 approved expense(s) in other currencies go on an invoice in their own currency']);
    const invoice = must(await billTime(draft.id, { group_by: 'person', tax_rate: 20 }), 200, 'bill').body.invoice as Invoice;
    // Both are called "teammember person": people of one name are ordered by when they joined.
    expect(invoice.lines.slice(1).map((l) => [l.description.replace(/ \(\d{2} \w{3} \d{4}\)$/, ''), l.amount, l.tax_rate])).toEqual([
      [`Time: ${ann.user.name} (3h)`, 27000, 20],
      [`Time: ${ben.user.name} (1h)`, 9000, 20],
      ['Expense: Travel, Taxi', 2350, 20],
    ]);
    must(await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token }), 200, 'send');
    const seen = must(await call(t.app, 'GET', `/invoices/${draft.id}`, { token: w.client.token }), 200, 'client view').body.invoice as Invoice;
    expect(seen.lines.map((l) => l.description)).toEqual(invoice.lines.map((l) => l.description));
    // Billing happens on drafts only.
    expect((await billTime(draft.id, { group_by: 'card' })).status).toBe(409);
  });

  it('refuses time without an hourly rate, or in another currency, and changes nothing', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { entries } = await approvedTime(t, w, member, projectId, [{ day: 3, from: '09:00', minutes: 60 }]);
    const draft = await draftInvoice(t.app, w.admin.token, projectId);
    const noRate = await billTime(draft.id, { group_by: 'card' });
    expect(noRate.status).toBe(422);
    expect(noRate.body.error).toBe('The project has no hourly rate: set it before billing its time');
    await setProjectRate(t.app, w.admin.token, projectId, 10000);
    const euros = await draftInvoice(t.app, w.admin.token, projectId, 'EUR');
    const otherCurrency = await billTime(euros.id, { group_by: 'card' });
    expect(otherCurrency.status).toBe(422);
    expect((await call(t.app, 'GET', `/time-entries/${entries[0].id}`, { token: member.token })).body.entry.status).toBe('approved');
    expect((await billTime(draft.id, { group_by: 'card' }, w.lead.token)).status).toBe(403);
    expect((await billTime(draft.id, { group_by: 'week' })).status).toBe(400);
    expect((await billTime(draft.id, { group_by: 'card' })).status).toBe(200);
  });

  it('bills each entry once when twenty drafts bill the same project at the same time', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    await setProjectRate(t.app, w.admin.token, projectId, 6000);
    const { entries } = await approvedTime(
      t,
      w,
      member,
      projectId,
      Array.from({ length: 6 }, (_, i) => ({ day: i, from: '09:00', minutes: 30 + i * 15 })),
    );
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draftInvoice(t.app, w.admin.token, projectId)));
    const answers = await Promise.all(drafts.map((d) => billTime(d.id, { group_by: 'day' })));
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === 'CONFLICT')).toBe(true);
    const ids = entries.map((e) => Number(e.id));
    const rows = await t.app.ctx.db.select().from(timeEntries).where(inArray(timeEntries.id, ids));
    const winners = new Set(won.map((a) => Number(a.body.invoice.id)));
    expect(rows.every((r) => r.status === 'billed' && r.invoiceId !== null && winners.has(r.invoiceId))).toBe(true);
    const claims = await t.app.ctx.db
      .select()
      .from(billedItems)
      .where(and(eq(billedItems.itemKind, 'time'), inArray(billedItems.itemId, ids)));
    expect(claims).toHaveLength(ids.length);
    // Every billed minute is on exactly one invoice: the added hours of all winners add up to the entries' hours.
    const hours = won.flatMap((a) => (a.body.invoice as Invoice).lines.slice(1)).reduce((sum, l) => sum + l.quantity, 0);
    expect(Math.round(hours * 100)).toBe(Math.round((entries.reduce((sum, e) => sum + e.minutes, 0) / 60) * 100));
  });

  it('gives the time and expenses of a voided invoice back, to be billed again', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    await setProjectRate(t.app, w.admin.token, projectId, 6000);
    const { entries, days } = await approvedTime(t, w, member, projectId, [{ day: 2, from: '10:00', minutes: 120 }]);
    const expense = await approvedExpense(t.app, w, member.token, {
      project_id: projectId,
      date: days[2],
      amount: 700,
      category: 'other',
      description: 'Prints',
    });
    const first = await draftInvoice(t.app, w.admin.token, projectId);
    must(await billTime(first.id, { group_by: 'card' }), 200, 'bill');
    must(await call(t.app, 'POST', `/invoices/${first.id}/send`, { token: w.admin.token }), 200, 'send');
    must(await call(t.app, 'POST', `/invoices/${first.id}/void`, { token: w.admin.token, body: { reason: 'Wrong purchase order' } }), 200, 'void');
    await eventually('the release', async () => {
      const entry = (await call(t.app, 'GET', `/time-entries/${entries[0].id}`, { token: member.token })).body.entry as TimeEntry;
      return entry.status === 'approved' && entry.invoice_id === null;
    });
    expect((await call(t.app, 'GET', `/expenses/${expense.id}`, { token: member.token })).body.expense).toMatchObject({
      status: 'approved',
      invoice_id: null,
    });
    expect(
      await t.app.ctx.db
        .select()
        .from(billedItems)
        .where(eq(billedItems.invoiceId, Number(first.id))),
    ).toEqual([]);
    const second = await draftInvoice(t.app, w.admin.token, projectId);
    const rebilled = must(await billTime(second.id, { group_by: 'person' }), 200, 'bill again').body.invoice as Invoice;
    expect(rebilled.subtotal).toBe(50000 + 12000 + 700);
    // Released once: a second release of the same invoice finds nothing.
    expect(await t.app.services.time.releaseInvoice(Number(first.id))).toEqual({ entries: 0, expenses: 0 });
  });
});

describe('budget warnings', () => {
  it('tell the lead and staff at 80 % and at 100 % of the budget, once each', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { budget: 10_000 });
    await setCostRate(t.app, w.admin.token, member.user.id, 5000);
    const { days } = pastWeek(t, 2);
    const warnings = async (userId: string) =>
      (
        await t.app.ctx.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(
            and(eq(notifications.userId, Number(userId)), eq(notifications.kind, 'budget_warning'), eq(notifications.projectId, Number(projectId))),
          )
          // In the order they were sent: without it, PostgreSQL may return them in any order.
          .orderBy(asc(notifications.id))
      ).map((n) => n.title);
    // 95 minutes at £50/h: £79.17 of £100.
    const e = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 95 });
    expect(await warnings(w.lead.user.id)).toEqual([]);
    must(await call(t.app, 'PATCH', `/time-entries/${e.id}`, { token: member.token, body: { minutes: 96 } }), 200, 'to 80 %');
    expect(await warnings(w.lead.user.id)).toEqual([expect.stringMatching(/has used 80 % of its budget$/)]);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 10 });
    expect(await warnings(w.lead.user.id)).toHaveLength(1);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[2], '09:00'), minutes: 14 });
    const lead = await warnings(w.lead.user.id);
    expect(lead).toHaveLength(2);
    expect(lead[1]).toMatch(/has used 100 % of its budget$/);
    expect(await warnings(w.admin.user.id)).toHaveLength(2);
    expect(await warnings(w.owner.user.id)).toHaveLength(2);
    expect(await warnings(member.user.id)).toEqual([]);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[3], '09:00'), minutes: 60 });
    expect(await warnings(w.lead.user.id)).toHaveLength(2);
    const p = must(await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.lead.token }), 200, 'profitability').body;
    expect(p).toMatchObject({ budget: 10_000, cost: 15_000, budget_used_percent: 150, warning: 100 });
  });
});
