import { localDay, shiftDay, type PaymentPlan, type PaymentStage } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentStages } from '../src/db/schema.js';
import { sweepRecurring } from '../src/modules/recurring-invoices/jobs.js';
import { call, createTestApp, eventually, inviteColleague, type TestApp } from './helpers.js';
import { approvedProject, makeWorld, type World } from './invoice-helpers.js';

const DAY = 86_400_000;
const BUDGET = 1_000_000;

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(60 * 24 * 3650), SESSION_ABSOLUTE_DAYS: '3650' });
  world = await makeWorld(t.app);
});
afterAll(async () => t.close());

const today = () => localDay(t.clock.now(), t.config.agencyTimeZone);
const sweep = () => sweepRecurring(t.app.services.recurringInvoices, t.app.services.paymentPlans);

async function board(projectId: string) {
  const res = await call(t.app, 'GET', `/projects/${projectId}/board`, { token: world.admin.token });
  expect(res.status, res.text).toBe(200);
  const column = (name: string) => res.body.columns.find((c: { name: string }) => c.name === name).id as string;
  return { todo: column('To do'), done: column('Done') };
}

async function card(projectId: string, title = 'Design approved') {
  const columns = await board(projectId);
  const res = await call(t.app, 'POST', `/projects/${projectId}/board/cards`, { token: world.admin.token, body: { column_id: columns.todo, title } });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.card.id as string, version: res.body.card.version as number, done: columns.done };
}

async function putPlan(projectId: string, stages: unknown[], token = world.admin.token) {
  return call(t.app, 'PUT', `/projects/${projectId}/payment-plan`, { token, body: { stages } });
}

async function plan(projectId: string, token = world.owner.token): Promise<PaymentPlan> {
  const res = await call(t.app, 'GET', `/projects/${projectId}/payment-plan`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.plan;
}

async function stageInvoices(projectId: string) {
  return t.app.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.projectId, Number(projectId)))
    .then((rows) => rows.filter((r) => r.kind === 'milestone'));
}

/** A project with a three-stage plan: 30 % by hand, 40 % in five days, 30 % when a card is done. */
async function plannedProject() {
  const projectId = await approvedProject(t.app, world, { budget: BUDGET });
  const c = await card(projectId);
  const res = await putPlan(projectId, [
    { label: 'Kick-off', percent: 30, release: 'manual' },
    { label: 'Beta', percent: 40, release: 'date', due_date: shiftDay(today(), 5) },
    { label: 'Launch', percent: 30, release: 'card', card_id: c.id },
  ]);
  expect(res.status, res.text).toBe(200);
  const stages: PaymentStage[] = res.body.plan.stages;
  return { projectId, card: c, stages };
}

describe('payment plans', () => {
  it('saves stages that add up to 100 % of the budget, and shows them to the company read only', async () => {
    const { projectId, stages } = await plannedProject();
    expect(stages.map((s) => [s.label, s.amount, s.state])).toEqual([
      ['Kick-off', 300_000, 'planned'],
      ['Beta', 400_000, 'planned'],
      ['Launch', 300_000, 'planned'],
    ]);
    const seen = await plan(projectId, world.client.token);
    expect(seen).toMatchObject({ base: BUDGET, base_source: 'budget', currency: 'GBP' });
    // The board is the agency's own: the client is not told which card releases a stage.
    expect(seen.stages.map((s) => [s.label, s.card_id, s.card_title])).toEqual([
      ['Kick-off', null, null],
      ['Beta', null, null],
      ['Launch', null, null],
    ]);
    expect((await plan(projectId, world.admin.token)).stages[2]).toMatchObject({ card_title: 'Design approved' });
    const member = await inviteColleague(t.app, world.client.token, 'member');
    expect((await call(t.app, 'GET', `/projects/${projectId}/payment-plan`, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/projects/${projectId}/payment-plan`, { token: world.otherClient.token })).status).toBe(404);
    expect((await putPlan(projectId, [{ label: 'All', percent: 100, release: 'manual' }], world.client.token)).status).toBe(403);
  });

  it('refuses stages that do not add up to 100 %, a card of another project and an unknown card, changing nothing', async () => {
    const { projectId, stages } = await plannedProject();
    const short = await putPlan(projectId, [
      { label: 'Kick-off', percent: 30, release: 'manual' },
      { label: 'Rest', amount: 600_000, release: 'manual' },
    ]);
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ code: 'VALIDATION_FAILED', error: 'stages: The stages add up to 90 % of the total; they must add up to 100 %' });
    const otherProject = await approvedProject(t.app, world, { budget: BUDGET });
    const foreign = await card(otherProject, 'Not this project');
    const wrongCard = await putPlan(projectId, [{ label: 'All', percent: 100, release: 'card', card_id: foreign.id }]);
    expect(wrongCard.status).toBe(400);
    expect(wrongCard.body.error).toBe("stages.0.card_id: The card is on another project's board; choose a card of this project");
    expect((await putPlan(projectId, [{ label: 'All', percent: 100, release: 'card', card_id: '999999' }])).body.error).toMatch(/No such board card/);
    expect((await putPlan(projectId, [{ label: 'All', percent: 100, release: 'date' }])).body.error).toMatch(/needs its due_date/);
    const unbudgeted = await approvedProject(t.app, world, {});
    expect((await putPlan(unbudgeted, [{ label: 'All', percent: 100, release: 'manual' }])).body.error).toMatch(/no budget/);
    expect((await plan(projectId, world.admin.token)).stages.map((s) => s.id)).toEqual(stages.map((s) => s.id));
  });

  it('releases a stage by hand once: a sent milestone invoice, then 409', async () => {
    const { projectId, stages } = await plannedProject();
    const path = `/projects/${projectId}/payment-plan/stages/${stages[0]!.id}/release`;
    const [a, b] = await Promise.all([
      call(t.app, 'POST', path, { token: world.admin.token }),
      call(t.app, 'POST', path, { token: world.owner.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const invoice = (a.status === 200 ? a : b).body.invoice;
    expect(invoice).toMatchObject({ kind: 'milestone', status: 'sent', total: 300_000 });
    expect(invoice.lines[0].description).toBe(`Kick-off (30 %) for "${await projectTitle(projectId)}"`);
    expect(await stageInvoices(projectId)).toHaveLength(1);
    expect((await plan(projectId)).stages[0]).toMatchObject({ state: 'invoiced', invoice: { id: invoice.id, invoice_no: invoice.invoice_no } });
    expect((await call(t.app, 'POST', path, { token: world.client.token })).status).toBe(403);
  });

  it('releases a dated stage on its day, once, however many sweeps run', async () => {
    const { projectId } = await plannedProject();
    await sweep();
    expect(await stageInvoices(projectId)).toHaveLength(0);
    t.clock.advance(5 * DAY);
    await Promise.all([sweep(), sweep(), sweep()]);
    const raised = await stageInvoices(projectId);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ total: 400_000, status: 'sent', issueDate: today() });
    expect((await plan(projectId)).stages.map((s) => s.state)).toEqual(['planned', 'invoiced', 'planned']);
  });

  it('releases a card stage when its card reaches the last column, once', async () => {
    const { projectId, card: c, stages } = await plannedProject();
    const moved = await call(t.app, 'POST', `/board/cards/${c.id}/move`, {
      token: world.admin.token,
      body: { version: c.version, column_id: c.done },
    });
    expect(moved.status, moved.text).toBe(200);
    // The move's own job releases it (no sweep called here); a sweep afterwards finds nothing left to do.
    const invoiceId = await eventually('the card stage invoiced', async () => {
      const [row] = await t.app.ctx.db
        .select()
        .from(paymentStages)
        .where(eq(paymentStages.id, Number(stages[2]!.id)));
      return row?.invoiceId;
    });
    await sweep();
    const raised = await stageInvoices(projectId);
    expect(raised.map((r) => [r.id, r.total])).toEqual([[invoiceId, 300_000]]);
  });

  it('shows a paid stage as paid, and keeps an invoiced stage when the plan is saved again', async () => {
    const { projectId, stages } = await plannedProject();
    const released = await call(t.app, 'POST', `/projects/${projectId}/payment-plan/stages/${stages[0]!.id}/release`, { token: world.admin.token });
    const invoiceId = released.body.invoice.id as string;
    const paid = await call(t.app, 'POST', `/invoices/${invoiceId}/payments`, {
      token: world.admin.token,
      body: { amount: 300_000, date: today(), reference: 'BANK-1' },
    });
    expect(paid.status, paid.text).toBe(201);
    expect((await plan(projectId, world.client.token)).stages[0]).toMatchObject({ state: 'paid' });

    const dropped = await putPlan(projectId, [{ label: 'All', percent: 100, release: 'manual' }]);
    expect(dropped.status).toBe(400);
    expect(dropped.body.error).toBe('stages: The stage "Kick-off" has been invoiced and cannot be removed');
    const kept = await putPlan(projectId, [
      { id: stages[0]!.id, label: 'Renamed', percent: 50, release: 'manual' },
      { label: 'Everything else', amount: 700_000, release: 'manual' },
    ]);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.plan.stages.map((s: PaymentStage) => [s.label, s.amount, s.state])).toEqual([
      ['Kick-off', 300_000, 'paid'],
      ['Everything else', 700_000, 'planned'],
    ]);
  });
});

describe('the revenue forecast', () => {
  it('counts monthly recurring revenue and the income expected in the next 30 days', async () => {
    const { projectId } = await plannedProject();
    const created = await call(t.app, 'POST', '/recurring-invoices', {
      token: world.admin.token,
      body: {
        project_id: projectId,
        lines: [{ description: 'Hosting', quantity: 1, unit_price: 12_000 }],
        schedule: { frequency: 'quarterly', start_date: shiftDay(today(), 2) },
      },
    });
    expect(created.status, created.text).toBe(201);
    const res = await call(t.app, 'GET', '/recurring-invoices/forecast', { token: world.owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.mrr).toContainEqual({ currency: 'GBP', amount: expect.any(Number) });
    const day = (date: string) => res.body.next_30_days.find((d: { date: string; currency: string }) => d.date === date && d.currency === 'GBP');
    expect(day(shiftDay(today(), 2)).amount).toBeGreaterThanOrEqual(12_000);
    expect(day(shiftDay(today(), 5)).amount).toBeGreaterThanOrEqual(400_000);
    expect((await call(t.app, 'GET', '/recurring-invoices/forecast', { token: world.client.token })).status).toBe(403);
  });
});

async function projectTitle(projectId: string) {
  const res = await call(t.app, 'GET', `/projects/${projectId}`, { token: world.admin.token });
  return res.body.project.title as string;
}
