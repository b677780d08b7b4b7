// Time entries and timers through the real app: the rules every entry keeps (no overlap, at most 24 hours a day, no
// future days, more than zero minutes), who sees whose time, and one timer per person that outlives a restart.
import { formatDate, localDay, shiftDay, type TimeEntry } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, must, type TestApp } from './helpers.js';
import { at, cardOn, logTime, makeTimeWorld, newMember, pastWeek, teamProject, ZONE, type TimeWorld } from './time-helpers.js';

let t: TestApp;
let w: TimeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeTimeWorld(t.app);
}, 60_000);
afterAll(async () => t.close());

async function memberOnProject() {
  const member = await newMember(t.app, w);
  const projectId = await teamProject(t.app, w, [member]);
  return { member, projectId };
}

describe('entering time', () => {
  it('records an entry on a card with its day, week and project, for the person who entered it', async () => {
    const { member, projectId } = await memberOnProject();
    const cardId = await cardOn(t.app, w.lead.token, projectId, 'Homepage design');
    const { week, days } = pastWeek(t, 2);
    const res = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { card_id: cardId, started_at: at(days[1], '09:30'), minutes: 90, note: 'Wireframes' },
    });
    expect(res.status, res.text).toBe(201);
    const entry: TimeEntry = res.body.entry;
    expect(entry).toMatchObject({
      user_id: member.user.id,
      project_id: projectId,
      card_id: cardId,
      card_title: 'Homepage design',
      minutes: 90,
      date: days[1],
      week,
      note: 'Wireframes',
      billable: true,
      status: 'draft',
      invoice_id: null,
    });
    expect(new Date(entry.ended_at).getTime() - new Date(entry.started_at).getTime()).toBe(90 * 60_000);
  });

  it("places time given as a day and a length after that day's entries, from 09:00 agency time", async () => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 2);
    const first = await logTime(t.app, member.token, { project_id: projectId, date: days[2], minutes: 90 });
    const second = await logTime(t.app, member.token, { project_id: projectId, date: days[2], minutes: 30 });
    expect(first.started_at).toBe(at(days[2], '09:00'));
    expect(second.started_at).toBe(at(days[2], '10:30'));
  });

  it.each([
    [{ minutes: 0 }, 'minutes', 'The time must be more than zero minutes'],
    [{ minutes: -15 }, 'minutes', 'The time must be more than zero minutes'],
    [{ minutes: 1.5 }, 'minutes', 'whole number of minutes'],
    [{ minutes: 1441 }, 'minutes', 'at most 24 hours'],
  ])('refuses %j with a 400 that says why', async (change, field, message) => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 2);
    const res = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: at(days[0], '09:00'), ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toContain(field);
    expect(res.body.error).toContain(message);
  });

  it("refuses time that overlaps the person's other entries, and allows time that only touches them", async () => {
    const { member, projectId } = await memberOnProject();
    const otherProject = await teamProject(t.app, w, [member]);
    const { days } = pastWeek(t, 2);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[3], '10:00'), minutes: 120 });
    for (const [from, minutes] of [
      ['11:00', 30],
      ['09:30', 60],
      ['09:00', 300],
      ['10:00', 120],
    ] as const) {
      const res = await call(t.app, 'POST', '/time-entries', {
        token: member.token,
        body: { project_id: otherProject, started_at: at(days[3], from), minutes },
      });
      expect(res.status, `${from} for ${minutes} min`).toBe(400);
      expect(res.body.error).toMatch(/overlaps your entry of .* 10:00 to 12:00 on "Project /);
    }
    await logTime(t.app, member.token, { project_id: otherProject, started_at: at(days[3], '12:00'), minutes: 60 });
    await logTime(t.app, member.token, { project_id: otherProject, started_at: at(days[3], '09:00'), minutes: 60 });
    // Someone else's time at the same hour is theirs.
    const colleague = await newMember(t.app, w);
    const shared = await teamProject(t.app, w, [colleague]);
    await logTime(t.app, colleague.token, { project_id: shared, started_at: at(days[3], '10:30'), minutes: 60 });
  });

  it('takes one of two overlapping entries sent at the same moment, and refuses the other', async () => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 2);
    const body = (from: string) => ({ project_id: projectId, started_at: at(days[6], from), minutes: 60 });
    const answers = await Promise.all([
      call(t.app, 'POST', '/time-entries', { token: member.token, body: body('14:00') }),
      call(t.app, 'POST', '/time-entries', { token: member.token, body: body('14:30') }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const listed = must(await call(t.app, 'GET', '/time-entries', { token: member.token, query: { from: days[6], to: days[6] } }), 200, 'list');
    expect(listed.body.total_minutes).toBe(60);
  });

  it('refuses a day of more than 24 hours', async () => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 2);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[4], '00:00'), minutes: 20 * 60 });
    const res = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: at(days[4], '20:00'), minutes: 5 * 60 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`minutes: That makes 25h on ${formatDate(days[4])}; a day has at most 24 hours`);
    await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[4], '20:00'), minutes: 4 * 60 });
  });

  it('refuses future days and starts, and takes time up to now', async () => {
    const { member, projectId } = await memberOnProject();
    const tomorrow = shiftDay(localDay(t.clock.now(), ZONE), 1);
    const future = await call(t.app, 'POST', '/time-entries', { token: member.token, body: { project_id: projectId, date: tomorrow, minutes: 60 } });
    expect(future.status).toBe(400);
    expect(future.body.error).toMatch(/^date: Time cannot be entered for a future day/);
    const later = new Date(t.clock.now().getTime() + 5 * 60_000).toISOString();
    const starting = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: later, minutes: 5 },
    });
    expect(starting.status).toBe(400);
    expect(starting.body.error).toMatch(/^(started_at: An entry cannot start in the future|date: Time cannot be entered for a future day)/);
    const justNow = new Date(t.clock.now().getTime() - 60 * 60_000).toISOString();
    await logTime(t.app, member.token, { project_id: projectId, started_at: justNow, minutes: 30 });
  });

  it('lets only the people on a project enter time on it, and never staff or clients', async () => {
    const { projectId } = await memberOnProject();
    const outsider = await newMember(t.app, w);
    const { days } = pastWeek(t, 2);
    const body = { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 30 };
    expect((await call(t.app, 'POST', '/time-entries', { token: outsider.token, body })).status).toBe(404);
    expect((await call(t.app, 'POST', '/time-entries', { token: w.admin.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/time-entries', { token: w.client.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/time-entries', { token: w.lead.token, body })).status).toBe(201);
  });

  it('refuses a card and a project that do not belong together', async () => {
    const { member, projectId } = await memberOnProject();
    const other = await teamProject(t.app, w, [member]);
    const cardId = await cardOn(t.app, w.lead.token, other, 'Elsewhere');
    const { days } = pastWeek(t, 2);
    const res = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, card_id: cardId, started_at: at(days[0], '09:00'), minutes: 30 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('card_id: That card is on another project');
  });
});

describe('changing and deleting time', () => {
  it('lets the owner change a draft, keeping every rule, and nobody else', async () => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 2);
    const a = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '09:00'), minutes: 60 });
    const b = await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[0], '11:00'), minutes: 60 });
    const moved = await call(t.app, 'PATCH', `/time-entries/${a.id}`, { token: member.token, body: { minutes: 90, note: 'Longer' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.entry).toMatchObject({ minutes: 90, note: 'Longer' });
    const clash = await call(t.app, 'PATCH', `/time-entries/${a.id}`, { token: member.token, body: { minutes: 150 } });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toMatch(/overlaps your entry/);
    expect((await call(t.app, 'PATCH', `/time-entries/${b.id}`, { token: w.lead.token, body: { minutes: 30 } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `/time-entries/${b.id}`, { token: w.admin.token, body: { minutes: 30 } })).status).toBe(403);
    const stranger = await newMember(t.app, w);
    expect((await call(t.app, 'PATCH', `/time-entries/${b.id}`, { token: stranger.token, body: { minutes: 30 } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/time-entries/${b.id}`, { token: member.token })).status).toBe(204);
    expect((await call(t.app, 'GET', `/time-entries/${b.id}`, { token: member.token })).status).toBe(404);
  });

  it('moves an entry to another card or project of the person, and drops its card only when asked', async () => {
    const { member, projectId } = await memberOnProject();
    const cardId = await cardOn(t.app, w.lead.token, projectId, 'Copy');
    const { days } = pastWeek(t, 2);
    const e = await logTime(t.app, member.token, { card_id: cardId, started_at: at(days[5], '09:00'), minutes: 45 });
    const same = await call(t.app, 'PATCH', `/time-entries/${e.id}`, { token: member.token, body: { project_id: projectId, note: 'x' } });
    expect(same.body.entry.card_id).toBe(cardId);
    const dropped = await call(t.app, 'PATCH', `/time-entries/${e.id}`, { token: member.token, body: { card_id: null } });
    expect(dropped.body.entry).toMatchObject({ card_id: null, project_id: projectId });
    const notMine = await teamProject(t.app, w, []);
    expect((await call(t.app, 'PATCH', `/time-entries/${e.id}`, { token: member.token, body: { project_id: notMine } })).status).toBe(404);
  });
});

describe('who sees whose time', () => {
  it("shows a member their own time, a lead their projects' time, and staff everyone's, with the total minutes", async () => {
    const member = await newMember(t.app, w);
    const colleague = await newMember(t.app, w);
    const led = await teamProject(t.app, w, [member, colleague]);
    const notLed = await teamProject(t.app, w, [member], { lead: w.otherLead });
    const { days } = pastWeek(t, 3);
    const mine = await logTime(t.app, member.token, { project_id: led, started_at: at(days[0], '09:00'), minutes: 60 });
    const mineElsewhere = await logTime(t.app, member.token, { project_id: notLed, started_at: at(days[0], '11:00'), minutes: 30 });
    const theirs = await logTime(t.app, colleague.token, { project_id: led, started_at: at(days[0], '09:00'), minutes: 120 });
    const ids = async (token: string, query: Record<string, string>) => {
      const res = must(await call(t.app, 'GET', '/time-entries', { token, query: { ...query, from: days[0], to: days[6] } }), 200, 'list');
      return { ids: res.body.items.map((e: TimeEntry) => e.id).sort(), total: res.body.total_minutes };
    };
    expect(await ids(member.token, {})).toEqual({ ids: [mine.id, mineElsewhere.id].sort(), total: 90 });
    // Another member's id is no way into their time.
    expect(await ids(member.token, { user_id: colleague.user.id })).toEqual({ ids: [], total: 0 });
    expect(await ids(w.lead.token, { project_id: led })).toEqual({ ids: [mine.id, theirs.id].sort(), total: 180 });
    expect(await ids(w.lead.token, { user_id: member.user.id })).toEqual({ ids: [mine.id], total: 60 });
    expect(await ids(w.admin.token, { user_id: member.user.id })).toEqual({ ids: [mine.id, mineElsewhere.id].sort(), total: 90 });
    expect((await call(t.app, 'GET', `/time-entries/${mineElsewhere.id}`, { token: w.lead.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/time-entries/${theirs.id}`, { token: member.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/time-entries', { token: w.client.token })).status).toBe(403);
  });

  it("pages through a person's time newest first, with the total of all pages", async () => {
    const { member, projectId } = await memberOnProject();
    const { days } = pastWeek(t, 4);
    for (let i = 0; i < 5; i++) await logTime(t.app, member.token, { project_id: projectId, started_at: at(days[i], '09:00'), minutes: 10 + i });
    const seen: TimeEntry[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { limit: '2', user_id: member.user.id, ...(cursor ? { cursor } : {}) };
      const res = must(await call(t.app, 'GET', '/time-entries', { token: member.token, query }), 200, 'page');
      expect(res.body.total_minutes).toBe(10 + 11 + 12 + 13 + 14);
      seen.push(...res.body.items);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen.map((e) => e.date)).toEqual([days[4], days[3], days[2], days[1], days[0]]);
    expect((await call(t.app, 'GET', '/time-entries', { token: member.token, query: { cursor: 'not-a-cursor' } })).status).toBe(400);
  });
});

describe('the timer', () => {
  it('runs one per person, survives a restart of the server, and stops into an entry', async () => {
    const { member, projectId } = await memberOnProject();
    const cardId = await cardOn(t.app, w.lead.token, projectId, 'Timed card');
    expect(must(await call(t.app, 'GET', '/timers/current', { token: member.token }), 200, 'no timer').body.timer).toBeNull();
    const started = await call(t.app, 'POST', '/timers/start', { token: member.token, body: { card_id: cardId, note: 'Deep work' } });
    expect(started.status, started.text).toBe(201);
    expect(started.body).toMatchObject({
      timer: { card_id: cardId, project_id: projectId, note: 'Deep work', elapsed_seconds: 0 },
      stopped_entry: null,
    });

    t.clock.advance(25 * 60_000);
    // A restart: the running timer is read from the database, not from a process's memory.
    const restarted = await (
      await import('../src/app.js')
    ).buildApp(t.config, {
      database: t.app.ctx.database,
      now: t.clock.now,
      deferJobs: true,
      logStream: { write: () => {} },
    });
    try {
      await restarted.ready();
      const current = await call(restarted, 'GET', '/timers/current', { token: member.token });
      expect(current.body.timer).toMatchObject({ card_id: cardId, elapsed_seconds: 25 * 60 });
      const stopped = await call(restarted, 'POST', '/timers/stop', { token: member.token, body: {} });
      expect(stopped.status, stopped.text).toBe(200);
      expect(stopped.body.entry).toMatchObject({ card_id: cardId, minutes: 25, note: 'Deep work', status: 'draft' });
    } finally {
      await restarted.close();
    }
    expect((await call(t.app, 'GET', '/timers/current', { token: member.token })).body.timer).toBeNull();
    const again = await call(t.app, 'POST', '/timers/stop', { token: member.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('No timer is running');
  });

  it('stops the running timer into an entry when another starts, and counts at least a minute', async () => {
    const { member, projectId } = await memberOnProject();
    const other = await teamProject(t.app, w, [member]);
    must(await call(t.app, 'POST', '/timers/start', { token: member.token, body: { project_id: projectId } }), 201, 'start');
    t.clock.advance(20_000);
    const switched = must(await call(t.app, 'POST', '/timers/start', { token: member.token, body: { project_id: other } }), 201, 'switch');
    expect(switched.body.stopped_entry).toMatchObject({ project_id: projectId, minutes: 1 });
    expect(switched.body.timer.project_id).toBe(other);
    // Time entered by hand may not overlap the running timer.
    const overlapping = await call(t.app, 'POST', '/time-entries', {
      token: member.token,
      body: { project_id: projectId, started_at: new Date(t.clock.now().getTime() - 60_000).toISOString(), minutes: 1 },
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error).toMatch(/overlaps your (running timer|entry)/);
    expect((await call(t.app, 'DELETE', '/timers/current', { token: member.token })).status).toBe(204);
    expect((await call(t.app, 'GET', '/timers/current', { token: member.token })).body.timer).toBeNull();
  });

  it('is for the people whose time is tracked: staff and clients are refused', async () => {
    const projectId = await teamProject(t.app, w, []);
    for (const token of [w.admin.token, w.owner.token, w.client.token]) {
      expect((await call(t.app, 'POST', '/timers/start', { token, body: { project_id: projectId } })).status).toBe(403);
      expect((await call(t.app, 'GET', '/timers/current', { token })).status).toBe(403);
    }
  });
});
