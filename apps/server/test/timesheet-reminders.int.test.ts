// The Monday-noon reminder for weeks not submitted: queued by the sweep as keyed jobs, sent once per person and week
// however often the sweep and the job run. A file of its own: it moves the app's clock two weeks on.
import { weekDueForReminder, weekDays } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.js';
import { sweepTime } from '../src/modules/time/jobs.js';
import { createTestApp, eventually, type TestApp } from './helpers.js';
import { at, logTime, makeTimeWorld, newMember, submitWeek, teamProject, ZONE, type TimeWorld } from './time-helpers.js';

let t: TestApp;
let w: TimeWorld;

beforeAll(async () => {
  // Sessions outlive the two weeks the clock moves on.
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(30 * 24 * 60) });
  w = await makeTimeWorld(t.app);
}, 60_000);
afterAll(async () => t.close());

async function reminders(userId: string) {
  return t.app.ctx.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, Number(userId)), eq(notifications.kind, 'timesheet_reminder')));
}

describe('timesheet reminders', () => {
  it('remind each person of an unsubmitted week once, after Monday noon, and never those who submitted', async () => {
    const forgetful = await newMember(t.app, w);
    const diligent = await newMember(t.app, w);
    const projectId = await teamProject(t.app, w, [forgetful, diligent]);
    // Two weeks on: the week that is due is one these people had accounts in.
    t.clock.advance(14 * 86_400_000);
    const week = weekDueForReminder(t.clock.now(), ZONE);
    const days = weekDays(week);
    await logTime(t.app, forgetful.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 150 });
    await logTime(t.app, diligent.token, { project_id: projectId, started_at: at(days[1], '09:00'), minutes: 60 });
    await submitWeek(t.app, diligent.token, week);

    const first = await sweepTime(t.app.ctx, t.app.services.time);
    expect(first.week).toBe(week);
    expect(first.reminders).toContain(Number(forgetful.user.id));
    expect(first.reminders).toContain(Number(w.lead.user.id));
    expect(first.reminders).not.toContain(Number(diligent.user.id));
    expect(first.reminders).not.toContain(Number(w.admin.user.id));
    // The sweep again before the jobs ran: the same keys, nothing more.
    await sweepTime(t.app.ctx, t.app.services.time);

    const sent = await eventually('the reminder', async () => {
      const rows = await reminders(forgetful.user.id);
      return rows.length > 0 ? rows : null;
    });
    expect(sent).toEqual([{ title: `Timesheet ${week} not submitted`, body: expect.stringContaining('2h 30m entered so far') }]);
    // Once reminded, a person is no longer due; a job run again changes nothing.
    const later = await sweepTime(t.app.ctx, t.app.services.time);
    expect(later.reminders).not.toContain(Number(forgetful.user.id));
    expect(await t.app.services.time.sendReminder(Number(forgetful.user.id), week)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await reminders(forgetful.user.id)).toHaveLength(1);
    expect(await reminders(diligent.user.id)).toHaveLength(0);
  });

  it('sends one reminder when two runs race for the same person and week', async () => {
    const member = await newMember(t.app, w);
    const week = '2020-W10';
    const results = await Promise.all([
      t.app.services.time.sendReminder(Number(member.user.id), week),
      t.app.services.time.sendReminder(Number(member.user.id), week),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await reminders(member.user.id)).toHaveLength(1);
  });
});
