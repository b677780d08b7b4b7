// What a client company sees of time, through the real app: the hours billed on its invoices and, once staff share
// it, a project's time log, both read like its invoices (its owners and billing people, never its members or another
// company), never with a cost or a rate; and the profitability report by client counts a company's projects together.
import type { AuthResponse, ClientTimeItem, InvoiceTime, ProfitabilityReport, ProjectTimeLog, TimeEntry } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, eventually, inviteColleague, must, signupClient, type TestApp } from './helpers.js';
import {
  approveWeek,
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
  submitWeek,
  teamProject,
  type TimeWorld,
} from './time-helpers.js';

let t: TestApp;
let w: TimeWorld;
/** The world's client is the owner of its company; these are its colleagues, and the owner of another company. */
let billing: AuthResponse;
let colleague: AuthResponse;
let stranger: AuthResponse;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeTimeWorld(t.app);
  billing = await inviteColleague(t.app, w.client.token, 'billing', { name: 'Bill Ing' });
  colleague = await inviteColleague(t.app, w.client.token, 'member', { name: 'Mem Ber' });
  stranger = await signupClient(t.app, { name: 'Sam Stranger', company: 'Stranger Things Ltd' });
}, 60_000);
afterAll(async () => t.close());

/** Exactly what a client is told of a piece of time: no cost, cost rate, hourly rate or amount among it. */
const CLIENT_TIME_KEYS = ['card_title', 'date', 'id', 'minutes', 'note', 'person', 'status'];

function expectNoMoney(items: ClientTimeItem[]) {
  for (const item of items) expect(Object.keys(item).sort()).toEqual(CLIENT_TIME_KEYS);
}

describe('the hours billed on an invoice', () => {
  it('are read by the company owners and billing people once the invoice is issued, never by its members or others', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { title: 'Billed hours' });
    const card = await cardOn(t.app, w.lead.token, projectId, 'Checkout page');
    await setProjectRate(t.app, w.admin.token, projectId, 9_000);
    await setCostRate(t.app, w.admin.token, member.user.id, 4_000);
    const { days } = await approvedTime(t, w, member, projectId, [
      { day: 0, from: '09:00', minutes: 90, card_id: card },
      { day: 1, from: '10:00', minutes: 45 },
    ]);
    const draft = await draftInvoice(t.app, w.admin.token, projectId);
    must(await call(t.app, 'POST', `/invoices/${draft.id}/bill-time`, { token: w.admin.token, body: { group_by: 'card' } }), 200, 'bill');
    const path = `/invoices/${draft.id}/time`;

    // A draft is the agency's own: staff read its hours, the client is told nothing yet.
    const staffView = must(await call(t.app, 'GET', path, { token: w.admin.token }), 200, 'staff').body as InvoiceTime;
    expect(staffView.total_minutes).toBe(135);
    expect(staffView.items.map((i) => i.status)).toEqual(['approved', 'approved']);
    expect((await call(t.app, 'GET', path, { token: w.client.token })).status).toBe(404);

    must(await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token }), 200, 'send');
    for (const reader of [w.client, billing]) {
      const view = must(await call(t.app, 'GET', path, { token: reader.token }), 200, 'client').body as InvoiceTime;
      expect(view).toEqual({
        invoice_id: draft.id,
        total_minutes: 135,
        items: [
          { id: expect.any(String), date: days[0], minutes: 90, person: member.user.name, card_title: 'Checkout page', note: '', status: 'billed' },
          { id: expect.any(String), date: days[1], minutes: 45, person: member.user.name, card_title: null, note: '', status: 'billed' },
        ],
      });
      expectNoMoney(view.items);
    }
    // Like the invoice itself: a member of the company is refused, another company and the team told nothing or no.
    const member403 = await call(t.app, 'GET', path, { token: colleague.token });
    expect([member403.status, member403.body.code]).toEqual([403, 'FORBIDDEN']);
    const other = await call(t.app, 'GET', path, { token: stranger.token });
    expect([other.status, other.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(t.app, 'GET', path, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', path, { token: w.lead.token })).status).toBe(403);
    expect((await call(t.app, 'GET', path)).status).toBe(401);
    expect((await call(t.app, 'GET', '/invoices/987654321/time', { token: w.client.token })).status).toBe(404);

    // A voided invoice bills nothing: it shows no hours at once, and its time goes back to approved.
    must(await call(t.app, 'POST', `/invoices/${draft.id}/void`, { token: w.admin.token, body: { reason: 'Wrong order number' } }), 200, 'void');
    const voided = must(await call(t.app, 'GET', path, { token: w.client.token }), 200, 'voided').body as InvoiceTime;
    expect(voided).toEqual({ invoice_id: draft.id, items: [], total_minutes: 0 });
    await eventually('the release', async () => {
      const entries = (await call(t.app, 'GET', '/time-entries', { token: member.token, query: { project_id: projectId } })).body
        .items as TimeEntry[];
      return entries.length === 2 && entries.every((e) => e.status === 'approved' && e.invoice_id === null);
    });
  });
});

describe("a project's time log", () => {
  it('is shared by staff with the company owners and billing people: approved and billed billable time only, no money', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member], { title: 'Shared log' });
    await setProjectRate(t.app, w.admin.token, projectId, 9_000);
    await setCostRate(t.app, w.admin.token, member.user.id, 4_000);
    const { days } = await approvedTime(t, w, member, projectId, [{ day: 0, from: '09:00', minutes: 60 }], 3);
    // Not for the client: time not approved yet, and time staff marked not billable.
    const { days: thisWeek } = pastWeek(t, 1);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(thisWeek[0], '09:00'), minutes: 30 });
    const older = pastWeek(t, 4);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(older.days[2], '09:00'), minutes: 20 });
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(older.days[3], '09:00'), minutes: 15, billable: false });
    await submitWeek(t.app, member.token, older.week);
    await approveWeek(t.app, w.lead.token, member.user.id, older.week);
    const path = `/projects/${projectId}/time-log`;

    // Until staff share it, the client is told there is none; staff read it to see what the client would.
    const unshared = await call(t.app, 'GET', path, { token: w.client.token });
    expect([unshared.status, unshared.body.code, unshared.body.error]).toEqual([404, 'NOT_FOUND', "This project's time log is not shared"]);
    expect(must(await call(t.app, 'GET', path, { token: w.admin.token }), 200, 'staff').body.total_minutes).toBe(80);
    const rates = await call(t.app, 'GET', `/projects/${projectId}/rates`, { token: w.admin.token });
    expect(rates.body.rates.client_time_log).toBe(false);
    // The project itself tells its readers whether the log is shared, so the client's screen shows it or not.
    expect(must(await call(t.app, 'GET', `/projects/${projectId}`, { token: w.client.token }), 200, 'project').body.project.time_log_shared).toBe(
      false,
    );

    // Only staff share it, with a true or false.
    expect((await call(t.app, 'PATCH', path, { token: w.lead.token, body: { shared: true } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', path, { token: w.client.token, body: { shared: true } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', path, { token: w.admin.token, body: { shared: 'yes' } })).status).toBe(400);
    expect((await call(t.app, 'GET', path, { token: w.client.token })).status).toBe(404);
    const shared = must(await call(t.app, 'PATCH', path, { token: w.admin.token, body: { shared: true } }), 200, 'share');
    expect(shared.body.rates).toMatchObject({ project_id: projectId, client_time_log: true, hourly_rate: 9_000 });
    for (const reader of [w.client, billing, w.admin]) {
      expect(must(await call(t.app, 'GET', `/projects/${projectId}`, { token: reader.token }), 200, 'project').body.project.time_log_shared).toBe(
        true,
      );
    }

    for (const reader of [w.client, billing]) {
      const log = must(await call(t.app, 'GET', path, { token: reader.token }), 200, 'log').body as ProjectTimeLog;
      expect(log.project_id).toBe(projectId);
      expect(log.total_minutes).toBe(80);
      expect(log.items.map((i): unknown[] => [i.date, i.minutes, i.status])).toEqual([
        [days[0], 60, 'approved'],
        [older.days[2], 20, 'approved'],
      ]);
      expectNoMoney(log.items);
    }
    // Paged newest first, and filtered by day.
    const first = must(await call(t.app, 'GET', path, { token: w.client.token, query: { limit: '1' } }), 200, 'page 1').body as ProjectTimeLog;
    expect(first.items.map((i) => i.minutes)).toEqual([60]);
    expect(first.total_minutes).toBe(80);
    const second = must(
      await call(t.app, 'GET', path, { token: w.client.token, query: { limit: '1', cursor: first.next_cursor ?? '' } }),
      200,
      'page 2',
    ).body as ProjectTimeLog;
    expect(second.items.map((i) => i.minutes)).toEqual([20]);
    expect(second.next_cursor).toBeNull();
    const oneDay = must(await call(t.app, 'GET', path, { token: billing.token, query: { from: days[0], to: days[0] } }), 200, 'day')
      .body as ProjectTimeLog;
    expect([oneDay.items.length, oneDay.total_minutes]).toEqual([1, 60]);
    expect((await call(t.app, 'GET', path, { token: billing.token, query: { from: days[1], to: days[0] } })).status).toBe(400);

    // Billed on an issued invoice, the time reads as billed.
    const draft = await draftInvoice(t.app, w.admin.token, projectId);
    must(await call(t.app, 'POST', `/invoices/${draft.id}/bill-time`, { token: w.admin.token, body: { group_by: 'day' } }), 200, 'bill');
    const onDraft = must(await call(t.app, 'GET', path, { token: w.client.token }), 200, 'on a draft').body as ProjectTimeLog;
    expect(onDraft.items.map((i) => i.status)).toEqual(['approved', 'approved']);
    must(await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token }), 200, 'send');
    const billed = must(await call(t.app, 'GET', path, { token: w.client.token }), 200, 'billed').body as ProjectTimeLog;
    expect(billed.items.map((i) => i.status)).toEqual(['billed', 'billed']);

    // Like the company's invoices: its members are refused; another company, the team and the signed-out are not let in.
    const refused = await call(t.app, 'GET', path, { token: colleague.token });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(t.app, 'GET', path, { token: stranger.token })).status).toBe(404);
    expect((await call(t.app, 'GET', path, { token: member.token })).status).toBe(403);
    expect((await call(t.app, 'GET', path, { token: w.lead.token })).status).toBe(403);
    expect((await call(t.app, 'GET', path)).status).toBe(401);

    // Unshared again, the client is told there is none once more.
    must(await call(t.app, 'PATCH', path, { token: w.admin.token, body: { shared: false } }), 200, 'unshare');
    expect((await call(t.app, 'GET', path, { token: billing.token })).status).toBe(404);
  });
});

describe('the profitability report by client', () => {
  it('counts every project of a client company together, whichever of its people asked for it, and never shows it to clients', async () => {
    const company = await signupClient(t.app, { name: 'Olga Owner', company: 'Grouped Goods Ltd' });
    const requester = await inviteColleague(t.app, company.token, 'member', { name: 'Rita Requester' });
    const member = await newMember(t.app, w);
    await setCostRate(t.app, w.admin.token, member.user.id, 6_000);
    const fromOwner = await teamProject(t.app, w, [member], { client: company, title: 'Grouped one' });
    const fromMember = await teamProject(t.app, w, [member], { client: requester, title: 'Grouped two' });
    await approvedTime(t, w, member, fromOwner, [{ day: 0, from: '09:00', minutes: 60 }], 6);
    await approvedTime(t, w, member, fromMember, [{ day: 1, from: '09:00', minutes: 30 }], 7);

    const report = must(await call(t.app, 'GET', '/reports/profitability', { token: w.admin.token, query: { group_by: 'client' } }), 200, 'report')
      .body as ProfitabilityReport;
    const rows = report.rows.filter((r) => r.key === company.user.company_id);
    expect(rows).toEqual([
      {
        key: company.user.company_id,
        label: 'Grouped Goods Ltd',
        currency: 'GBP',
        budget: null,
        minutes: 90,
        cost: 9_000,
        expenses: 0,
        invoiced: 0,
        paid: 0,
        margin: -9_000,
      },
    ]);
    expect(report.rows.some((r) => r.key === requester.user.id || r.label === 'Rita Requester')).toBe(false);
    for (const token of [company.token, requester.token, billing.token]) {
      expect((await call(t.app, 'GET', '/reports/profitability', { token, query: { group_by: 'client' } })).status).toBe(403);
      expect((await call(t.app, 'GET', `/projects/${fromOwner}/profitability`, { token })).status).toBe(403);
    }
  });
});
