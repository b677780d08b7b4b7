import { isoWeekOf, localDay, shiftDay, weekDays, zonedMoment, type AuthResponse, type Expense, type Invoice, type TimeEntry } from '@agency/schema';
import type { FastifyInstance } from 'fastify';
import { call, inviteAndSignup, must, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

export const ZONE = 'Europe/London';

export type TimeWorld = {
  owner: AuthResponse;
  admin: AuthResponse;
  lead: AuthResponse;
  otherLead: AuthResponse;
  client: AuthResponse;
};

/** The super admin, an admin, two team leads and a client: every test makes its own members and projects. */
export async function makeTimeWorld(app: FastifyInstance): Promise<TimeWorld> {
  const owner = await signupSuperadmin(app);
  const admin = await inviteAndSignup(app, owner.token, 'admin');
  const lead = await inviteAndSignup(app, owner.token, 'teamlead');
  const otherLead = await inviteAndSignup(app, owner.token, 'teamlead');
  const client = await signupClient(app, { name: 'Clara Client', company: 'Clara & Co' });
  return { owner, admin, lead, otherLead, client };
}

export async function newMember(app: FastifyInstance, w: TimeWorld): Promise<AuthResponse> {
  return inviteAndSignup(app, w.admin.token, 'teammember');
}

/** A client's project approved with a team lead (the world's lead unless named) and members. */
export async function teamProject(
  app: FastifyInstance,
  w: TimeWorld,
  members: AuthResponse[],
  options: { lead?: AuthResponse; budget?: number; currency?: string; title?: string; client?: AuthResponse } = {},
): Promise<string> {
  const created = await call(app, 'POST', '/projects', {
    token: (options.client ?? w.client).token,
    body: {
      title: options.title ?? `Project ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Time is tracked on this one',
      ...(options.budget !== undefined ? { budget_minor: options.budget } : {}),
      currency: options.currency ?? 'GBP',
    },
  });
  const id = must(created, 201, 'create project').body.project.id as string;
  must(
    await call(app, 'POST', `/projects/${id}/approve`, {
      token: w.owner.token,
      body: { team_lead_id: (options.lead ?? w.lead).user.id, member_ids: members.map((m) => m.user.id) },
    }),
    200,
    'approve project',
  );
  return id;
}

/** A card on a project's board, made by its lead. */
export async function cardOn(app: FastifyInstance, token: string, projectId: string, title: string): Promise<string> {
  const board = must(await call(app, 'GET', `/projects/${projectId}/board`, { token }), 200, 'board').body;
  const res = await call(app, 'POST', `/projects/${projectId}/board/cards`, { token, body: { column_id: board.columns[1].id, title } });
  return must(res, 201, 'card').body.card.id as string;
}

/** A week some weeks before the test clock's, in the agency's zone, with its days (Monday first). */
export function pastWeek(t: TestApp, weeksAgo: number) {
  const today = localDay(t.clock.now(), ZONE);
  const week = isoWeekOf(shiftDay(today, -7 * weeksAgo));
  return { week, days: weekDays(week) };
}

/** A moment of a day in the agency's zone: `at('2026-11-24', '09:30')`. */
export function at(day: string, hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedMoment(day, h * 60 + m, ZONE).toISOString();
}

export async function logTime(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<TimeEntry> {
  return must(await call(app, 'POST', '/time-entries', { token, body }), 201, 'log time').body.entry;
}

export async function submitWeek(app: FastifyInstance, token: string, week: string) {
  return must(await call(app, 'POST', '/timesheets/submit', { token, body: { week } }), 200, 'submit week').body;
}

export async function approveWeek(app: FastifyInstance, token: string, userId: string, week: string) {
  return must(await call(app, 'POST', '/timesheets/approve', { token, body: { user_id: userId, week } }), 200, 'approve week').body;
}

export async function setProjectRate(app: FastifyInstance, token: string, projectId: string, hourlyRate: number | null) {
  must(await call(app, 'PATCH', `/projects/${projectId}/rates`, { token, body: { hourly_rate: hourlyRate } }), 200, 'project rate');
}

export async function setCostRate(app: FastifyInstance, token: string, userId: string, costRate: number | null, currency = 'GBP') {
  must(await call(app, 'PATCH', `/users/${userId}/rates`, { token, body: { cost_rate: costRate, currency } }), 200, 'cost rate');
}

export async function draftInvoice(app: FastifyInstance, token: string, projectId: string, currency?: string): Promise<Invoice> {
  const res = await call(app, 'POST', '/invoices', {
    token,
    body: {
      project_id: projectId,
      lines: [{ description: 'Discovery workshop', quantity: 1, unit_price: 50000, tax_rate: 0 }],
      ...(currency ? { currency } : {}),
    },
  });
  return must(res, 201, 'draft invoice').body.invoice;
}

export async function approvedExpense(app: FastifyInstance, w: TimeWorld, token: string, body: Record<string, unknown>): Promise<Expense> {
  const created = must(await call(app, 'POST', '/expenses', { token, body }), 201, 'expense').body.expense as Expense;
  must(await call(app, 'POST', `/expenses/${created.id}/submit`, { token }), 200, 'submit expense');
  return must(await call(app, 'POST', `/expenses/${created.id}/approve`, { token: w.owner.token }), 200, 'approve expense').body.expense;
}

/** Time of one member over a past week, submitted and approved by the lead: ready to bill. */
export async function approvedTime(
  t: TestApp,
  w: TimeWorld,
  member: AuthResponse,
  projectId: string,
  spans: { day: number; from: string; minutes: number; card_id?: string }[],
  weeksAgo = 2,
) {
  const { week, days } = pastWeek(t, weeksAgo);
  const entries: TimeEntry[] = [];
  for (const span of spans) {
    entries.push(
      await logTime(t.app, member.token, {
        project_id: projectId,
        ...(span.card_id ? { card_id: span.card_id } : {}),
        started_at: at(days[span.day], span.from),
        minutes: span.minutes,
      }),
    );
  }
  await submitWeek(t.app, member.token, week);
  await approveWeek(t.app, w.lead.token, member.user.id, week);
  return { week, days, entries };
}
