// Timesheets through the real app: a week submitted as a whole, decided by the team lead (a member's) or staff (a
// lead's), approved time locked, rejected time back with its owner, and a week shared by two leads.
import type { Timesheet } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { call, createTestApp, must, type TestApp } from './helpers.js';
import { approveWeek, at, logTime, makeTimeWorld, newMember, pastWeek, submitWeek, teamProject, type TimeWorld } from './time-helpers.js';

let t: TestApp;
let w: TimeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeTimeWorld(t.app);
}, 60_000);
afterAll(async () => t.close());

async function kindsFor(userId: string) {
  const rows = await t.app.ctx.db
    .select({ kind: notifications.kind, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.userId, Number(userId)));
  return rows;
}

describe('a week', () => {
  it('shows the entries of a week per day with its total, a draft until submitted', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { week, days } = pastWeek(t, 2);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 90 });
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '13:00'), minutes: 30 });
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[2], '09:00'), minutes: 240 });
    // Time of the week after is not in it.
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(pastWeek(t, 1).days[0], '09:00'), minutes: 60 });
    const res = await call(t.app, 'GET', '/timesheets', { token: member.token, query: { week } });
    expect(res.status, res.text).toBe(200);
    const sheet: Timesheet = res.body;
    expect(sheet).toMatchObject({
      user: { id: member.user.id },
      week,
      from: days[0],
      to: days[6],
      status: 'draft',
      total_minutes: 360,
      reason: null,
    });
    expect(sheet.entries.map((e) => e.minutes)).toEqual([90, 30, 240]);
    expect(sheet.days.map((d) => d.minutes)).toEqual([120, 0, 240, 0, 0, 0, 0]);
    const bad = await call(t.app, 'GET', '/timesheets', { token: member.token, query: { week: '2025-W53' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/week: That week does not exist/);
  });

  it('is submitted as a whole, told to the lead, and then locked for its owner', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { week, days } = pastWeek(t, 2);
    const entry = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 120 });
    const submitted = await submitWeek(t.app, member.token, week);
    expect(submitted).toMatchObject({ status: 'submitted', total_minutes: 120 });
    expect(submitted.entries[0].status).toBe('submitted');
    expect(submitted.submitted_at).not.toBeNull();
    expect((await kindsFor(w.lead.user.id)).some((n) => n.kind === 'timesheet_submitted' && n.body.includes(week))).toBe(true);

    const edit = await call(t.app, 'PATCH', `/time-entries/${entry.id}`, { token: member.token, body: { minutes: 60 } });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('This entry is submitted; it can change again if its week is sent back');
    const add = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: at(days[3], '09:00'), minutes: 30 },
    });
    expect(add.status).toBe(409);
    expect(add.body.error).toBe(`Your timesheet for ${week} is submitted; it can change again if it is sent back`);
    const twice = await call(t.app, 'POST', '/timesheets/submit', { token: member.token, body: { week } });
    expect(twice.status).toBe(409);
  });

  it('is approved by the lead and then locked for good: no change, no deletion, no new time', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { week, days } = pastWeek(t, 2);
    const entry = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 120 });
    await submitWeek(t.app, member.token, week);
    const approved = await approveWeek(t.app, w.lead.token, member.user.id, week);
    expect(approved).toMatchObject({ status: 'approved', decided_by: { id: w.lead.user.id } });
    expect(approved.entries[0].status).toBe('approved');
    const edit = await call(t.app, 'PATCH', `/time-entries/${entry.id}`, { token: member.token, body: { note: 'late change' } });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('This entry is approved and locked');
    expect((await call(t.app, 'DELETE', `/time-entries/${entry.id}`, { token: member.token })).status).toBe(409);
    const add = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: at(days[3], '09:00'), minutes: 30 },
    });
    expect(add.status).toBe(409);
    expect(add.body.error).toBe(`Your timesheet for ${week} is approved and locked`);
    expect((await call(t.app, 'POST', '/timesheets/approve', { token: w.lead.token, body: { user_id: member.user.id, week } })).status).toBe(409);
    expect((await call(t.app, 'POST', '/timesheets/submit', { token: member.token, body: { week } })).status).toBe(409);
    expect((await kindsFor(member.user.id)).some((n) => n.kind === 'timesheet_approved')).toBe(true);
  });

  it('goes back to its owner when rejected, with the reason, and may be fixed and submitted again', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    const { week, days } = pastWeek(t, 2);
    const entry = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 600 });
    await submitWeek(t.app, member.token, week);
    const noReason = await call(t.app, 'POST', '/timesheets/reject', { token: w.lead.token, body: { user_id: member.user.id, week, reason: '' } });
    expect(noReason.status).toBe(400);
    const rejected = await call(t.app, 'POST', '/timesheets/reject', {
      token: w.lead.token,
      body: { user_id: member.user.id, week, reason: 'Ten hours on Tuesday? Split it by card.' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Ten hours on Tuesday? Split it by card.' });
    const notice = (await kindsFor(member.user.id)).find((n) => n.kind === 'timesheet_rejected');
    expect(notice?.body).toContain('Ten hours on Tuesday? Split it by card.');

    must(await call(t.app, 'PATCH', `/time-entries/${entry.id}`, { token: member.token, body: { minutes: 480 } }), 200, 'fix');
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[2], '09:00'), minutes: 120 });
    const again = await submitWeek(t.app, member.token, week);
    expect(again).toMatchObject({ status: 'submitted', total_minutes: 600, reason: null });
    expect(again.entries.map((e: { status: string }) => e.status)).toEqual(['submitted', 'submitted']);
    expect((await approveWeek(t.app, w.lead.token, member.user.id, week)).status).toBe('approved');
  });

  it('is decided by the leads of the projects its time is on, each for their own part', async () => {
    const member = await newMember(t.app, w);
    const mine = await teamProject(t.app, w, [member]);
    const theirs = await teamProject(t.app, w, [member], { lead: w.otherLead });
    const { week, days } = pastWeek(t, 2);
    await logTime(t.app, member.token, { project_id: mine, started_at: at(days[0], '09:00'), minutes: 60 });
    await logTime(t.app, member.token, { project_id: theirs, started_at: at(days[0], '11:00'), minutes: 90 });
    await submitWeek(t.app, member.token, week);

    const seenByLead = must(
      await call(t.app, 'GET', '/timesheets', { token: w.lead.token, query: { user_id: member.user.id, week } }),
      200,
      'lead view',
    ).body;
    expect(seenByLead.entries.map((e: { project_id: string }) => e.project_id)).toEqual([mine]);
    const approvals = must(await call(t.app, 'GET', '/timesheets/approvals', { token: w.lead.token }), 200, 'approvals').body.items;
    expect(approvals).toContainEqual(expect.objectContaining({ user: { id: member.user.id, name: member.user.name }, week, minutes: 60 }));

    const half = await approveWeek(t.app, w.lead.token, member.user.id, week);
    expect(half.status).toBe('submitted');
    const done = must(await call(t.app, 'GET', '/timesheets/approvals', { token: w.lead.token }), 200, 'approvals').body.items;
    expect(done.some((a: { user: { id: string }; week: string }) => a.user.id === member.user.id && a.week === week)).toBe(false);
    const nothingLeft = await call(t.app, 'POST', '/timesheets/approve', { token: w.lead.token, body: { user_id: member.user.id, week } });
    expect(nothingLeft.status).toBe(409);

    const whole = await approveWeek(t.app, w.otherLead.token, member.user.id, week);
    expect(whole.status).toBe('approved');
    const byAdmin = must(await call(t.app, 'GET', '/timesheets', { token: w.admin.token, query: { user_id: member.user.id, week } }), 200, 'admin');
    expect(byAdmin.body.entries.map((e: { status: string }) => e.status)).toEqual(['approved', 'approved']);
  });

  it("is a lead's own to submit and staff's to decide: a lead never decides their own week", async () => {
    const { week, days } = pastWeek(t, 5);
    const lead = w.otherLead;
    const projectId = await teamProject(t.app, w, [], { lead });
    await logTime(t.app, lead.token, { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 60 });
    await submitWeek(t.app, lead.token, week);
    const own = await call(t.app, 'POST', '/timesheets/approve', { token: lead.token, body: { user_id: lead.user.id, week } });
    expect(own.status).toBe(403);
    const other = await call(t.app, 'POST', '/timesheets/approve', { token: w.lead.token, body: { user_id: lead.user.id, week } });
    expect(other.status).toBe(404);
    expect((await kindsFor(w.admin.user.id)).some((n) => n.kind === 'timesheet_submitted' && n.body.includes(week))).toBe(true);
    expect((await approveWeek(t.app, w.admin.token, lead.user.id, week)).status).toBe('approved');
  });

  it('may be submitted empty and approved by staff; a week not yet begun may not be submitted', async () => {
    const member = await newMember(t.app, w);
    const { week } = pastWeek(t, 3);
    const empty = await submitWeek(t.app, member.token, week);
    expect(empty).toMatchObject({ status: 'submitted', total_minutes: 0 });
    const staffList = must(await call(t.app, 'GET', '/timesheets/approvals', { token: w.admin.token }), 200, 'approvals').body.items;
    expect(staffList).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ id: member.user.id }), week, minutes: 0 }));
    expect((await approveWeek(t.app, w.owner.token, member.user.id, week)).status).toBe('approved');
    const next = pastWeek(t, -1).week;
    const future = await call(t.app, 'POST', '/timesheets/submit', { token: member.token, body: { week: next } });
    expect(future.status).toBe(400);
    expect(future.body.error).toBe('week: A week can be submitted once it has started');
  });

  it('is shown to its owner, their leads and staff, and to nobody else', async () => {
    const member = await newMember(t.app, w);
    await teamProject(t.app, w, [member]);
    const stranger = await newMember(t.app, w);
    const { week } = pastWeek(t, 2);
    const status = async (token: string) => (await call(t.app, 'GET', '/timesheets', { token, query: { user_id: member.user.id, week } })).status;
    expect(await status(member.token)).toBe(200);
    expect(await status(w.lead.token)).toBe(200);
    expect(await status(w.admin.token)).toBe(200);
    expect(await status(w.owner.token)).toBe(200);
    expect(await status(stranger.token)).toBe(404);
    expect(await status(w.otherLead.token)).toBe(404);
    expect(await status(w.client.token)).toBe(403);
    // A client, or staff, have no timesheet of their own.
    expect((await call(t.app, 'GET', '/timesheets', { token: w.admin.token, query: { user_id: w.client.user.id, week } })).status).toBe(404);
  });

  it('cannot be submitted while its timer runs', async () => {
    const member = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [member]);
    must(await call(t.app, 'POST', '/timers/start', { token: member.token, body: { project_id: projectId } }), 201, 'timer');
    const { week } = pastWeek(t, 0);
    const res = await call(t.app, 'POST', '/timesheets/submit', { token: member.token, body: { week } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^Your timer is running since .*: stop it before submitting the week$/);
    expect((await call(t.app, 'GET', '/timesheets', { token: member.token, query: { week } })).body.status).toBe('draft');
  });
});
