// What a project earns, through the real app: a member times a card, submits the week, the lead approves it, an
// admin bills it on an invoice the client pays, and the project's figures and the agency report show the margin.
// A file of its own, so the report's rows hold only this file's projects.
import type { Invoice, ProfitabilityReport } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema.js';
import { sweepTime } from '../src/modules/time/jobs.js';
import { call, createTestApp, must, signupClient, type TestApp } from './helpers.js';
import {
  approvedExpense,
  approveWeek,
  at,
  cardOn,
  makeTimeWorld,
  newMember,
  pastWeek,
  setCostRate,
  setProjectRate,
  submitWeek,
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

describe('profitability', () => {
  it('follows time from the timer to a paid invoice, per project, client and month, and as CSV', async () => {
    const client = await signupClient(t.app, { name: 'Paula Payer', company: 'Payer Ltd' });
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { budget: 200_000, client, title: 'Shop relaunch' });
    const cardId = await cardOn(t.app, w.lead.token, projectId, 'Checkout flow');
    await setProjectRate(t.app, w.admin.token, projectId, 9000);
    await setCostRate(t.app, w.admin.token, member.user.id, 4000);

    // The member times the card for three hours this week, then submits the week; the lead approves it.
    must(await call(t.app, 'POST', '/timers/start', { token: member.token, body: { card_id: cardId } }), 201, 'start');
    t.clock.advance(3 * 3_600_000);
    const entry = must(await call(t.app, 'POST', '/timers/stop', { token: member.token, body: { note: 'Checkout' } }), 200, 'stop').body.entry;
    expect(entry.minutes).toBe(180);
    await submitWeek(t.app, member.token, entry.week);
    await approveWeek(t.app, w.lead.token, member.user.id, entry.week);
    const { days } = pastWeek(t, 6);
    await approvedExpense(t.app, w, member.token, {
      project_id: projectId,
      date: days[0],
      amount: 2500,
      category: 'software',
      description: 'Test devices',
    });

    // An admin bills it on a draft with a taxed line, sends it, and the client pays half of it.
    const draft = must(
      await call(t.app, 'POST', '/invoices', {
        token: w.admin.token,
        body: { project_id: projectId, lines: [{ description: 'Design', quantity: 1, unit_price: 50000, tax_rate: 20 }] },
      }),
      201,
      'draft',
    ).body.invoice as Invoice;
    const billed = must(
      await call(t.app, 'POST', `/invoices/${draft.id}/bill-time`, { token: w.admin.token, body: { group_by: 'card' } }),
      200,
      'bill',
    );
    expect(billed.body.invoice).toMatchObject({ subtotal: 50000 + 27000 + 2500, tax_total: 10000, total: 89500 });
    must(await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token }), 200, 'send');
    const today = t.clock.now().toISOString().slice(0, 10);
    must(
      await call(t.app, 'POST', `/invoices/${draft.id}/payments`, {
        token: w.admin.token,
        body: { amount: 44750, date: today, reference: 'BACS 1' },
      }),
      201,
      'pay half',
    );

    const figures = must(await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.admin.token }), 200, 'profitability').body;
    // Net of tax: invoiced £795.00, paid £397.50 of it; cost 3 h at £40 = £120.00 and £25.00 of expenses.
    expect(figures).toEqual({
      project_id: projectId,
      currency: 'GBP',
      budget: 200_000,
      minutes: 180,
      unpriced_minutes: 0,
      cost: 12_000,
      expenses: 2_500,
      invoiced: 79_500,
      paid: 39_750,
      margin: 65_000,
      budget_used_percent: 7.3,
      warning: null,
      other_currencies: [],
    });
    // The lead of the project sees it too; its member, another lead and clients do not.
    expect((await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.lead.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.otherLead.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: client.token })).status).toBe(403);

    const report = async (groupBy: string) =>
      must(await call(t.app, 'GET', '/reports/profitability', { token: w.owner.token, query: { group_by: groupBy } }), 200, groupBy)
        .body as ProfitabilityReport;
    const byProject = await report('project');
    expect(byProject.rows).toContainEqual({
      key: projectId,
      label: 'Shop relaunch',
      currency: 'GBP',
      budget: 200_000,
      minutes: 180,
      cost: 12_000,
      expenses: 2_500,
      invoiced: 79_500,
      paid: 39_750,
      margin: 65_000,
    });
    const byClient = await report('client');
    expect(byClient.rows).toContainEqual(expect.objectContaining({ key: client.user.company_id, label: 'Payer Ltd', margin: 65_000, budget: null }));
    const byMonth = await report('month');
    const months = byMonth.rows.map((r) => r.key);
    expect(months).toEqual([...months].sort());
    expect(months).toContain(entry.date.slice(0, 7));
    expect(byMonth.totals).toEqual(byProject.totals);
    const outside = await call(t.app, 'GET', '/reports/profitability', { token: w.owner.token, query: { from: '2001-01', to: '2001-02' } });
    expect(outside.body.rows).toEqual([]);
    expect((await call(t.app, 'GET', '/reports/profitability', { token: w.owner.token, query: { from: '2026-02', to: '2026-01' } })).status).toBe(
      400,
    );
    for (const token of [w.lead.token, member.token, client.token])
      expect((await call(t.app, 'GET', '/reports/profitability', { token })).status).toBe(403);

    const csv = await call(t.app, 'GET', '/reports/profitability/export.csv', { token: w.admin.token, query: { group_by: 'project' } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('group,key,label,currency,budget,hours,cost,expenses,invoiced,paid,margin');
    expect(lines).toContain(`project,${projectId},Shop relaunch,GBP,2000.00,3.00,120.00,25.00,795.00,397.50,650.00`);

    const burn = must(
      await call(t.app, 'GET', `/projects/${projectId}/burn`, { token: w.lead.token, query: { interval: 'week' } }),
      200,
      'burn',
    ).body;
    expect(burn).toMatchObject({ project_id: projectId, currency: 'GBP', budget: 200_000, interval: 'week' });
    const last = burn.points[burn.points.length - 1];
    expect(last).toMatchObject({ cumulative_spend: 14_500, cumulative_invoiced: 79_500 });
    expect(burn.points.reduce((sum: number, p: { minutes: number }) => sum + p.minutes, 0)).toBe(180);
    const monthly = must(
      await call(t.app, 'GET', `/projects/${projectId}/burn`, { token: w.admin.token, query: { interval: 'month' } }),
      200,
      'monthly',
    ).body;
    expect(monthly.points[monthly.points.length - 1]).toMatchObject({ cumulative_spend: 14_500, cumulative_invoiced: 79_500 });
  });

  it('keeps other currencies apart and counts time without a cost rate as unpriced', async () => {
    const member = await newMember(t.app, w);
    const priced = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member, priced], { currency: 'EUR', budget: 100_000 });
    await setCostRate(t.app, w.admin.token, priced.user.id, 6000, 'GBP');
    const { week, days } = pastWeek(t, 3);
    for (const who of [member, priced]) {
      must(
        await call(t.app, 'POST', '/time-entries', {
          token: who.token,
          body: { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 30 },
        }),
        201,
        'time',
      );
      await submitWeek(t.app, who.token, week);
    }
    const figures = must(await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.admin.token }), 200, 'p').body;
    expect(figures).toMatchObject({
      currency: 'EUR',
      minutes: 60,
      unpriced_minutes: 30,
      cost: 0,
      budget_used_percent: 0,
      other_currencies: [{ currency: 'GBP', cost: 3000, expenses: 0, invoiced: 0, paid: 0, margin: -3000 }],
    });
  });

  it("counts an invoice's change whose event was lost once the sweep runs", async () => {
    const projectId = await teamProject(t.app, w, []);
    const draft = must(
      await call(t.app, 'POST', '/invoices', {
        token: w.admin.token,
        body: { project_id: projectId, lines: [{ description: 'Work', quantity: 1, unit_price: 40000, tax_rate: 0 }] },
      }),
      201,
      'draft',
    ).body.invoice as Invoice;
    must(await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token }), 200, 'send');
    const paid = async () => must(await call(t.app, 'GET', `/projects/${projectId}/profitability`, { token: w.admin.token }), 200, 'p').body;
    expect(await paid()).toMatchObject({ invoiced: 40000, paid: 0 });
    // A payment whose commit happened but whose event a crash lost: only the row changed.
    await t.app.ctx.db
      .update(invoices)
      .set({ amountPaid: 10000, updatedAt: t.clock.now() })
      .where(eq(invoices.id, Number(draft.id)));
    expect(await paid()).toMatchObject({ paid: 0 });
    const swept = await sweepTime(t.app.ctx, t.app.services.time);
    expect(swept.recounted).toBeGreaterThanOrEqual(1);
    expect(await paid()).toMatchObject({ invoiced: 40000, paid: 10000 });
  });
});
