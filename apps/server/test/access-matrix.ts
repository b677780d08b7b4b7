import { isoWeekOf, shiftDay, weekDays, zonedMoment, type AuthResponse, type ErrorCode } from '@agency/schema';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { webhookDeliveries, webhooks } from '../src/db/schema.js';
import {
  PASSWORD,
  call,
  inviteAndSignup,
  inviteColleague,
  login,
  multipart,
  must,
  signupClient,
  signupSuperadmin,
  signupToken,
  tokenFromLink,
  uniqueEmail,
} from './helpers.js';
import { timeEntries } from '../src/db/schema.js';

/**
 * Who calls. Client A (the first owner of company A) asked for project P; `ownerA2`, `billingA` and `memberA` are
 * client A's colleagues in company A with those roles. The team lead leads P and `memberOn` works on it;
 * `memberOff` is a team member who does not. Client B owns company B and its project Q.
 */
export const CALLERS = [
  'anonymous',
  'clientA',
  'ownerA2',
  'billingA',
  'memberA',
  'clientB',
  'memberOn',
  'memberOff',
  'teamlead',
  'admin',
  'superadmin',
] as const;
export type Caller = (typeof CALLERS)[number];
export type Account = Exclude<Caller, 'anonymous'>;

/** What a caller is told: a 2xx status, or an error status with the error's `code`. */
export type Expected = 200 | 201 | 202 | 204 | readonly [status: number, code: ErrorCode];

const OK = 200;
const CREATED = 201;
const ACCEPTED = 202;
const NO_CONTENT = 204;
const UNAUTH = [401, 'UNAUTHENTICATED'] as const;
/** The caller may know the record, or the route, but may not do this. */
const DENY = [403, 'FORBIDDEN'] as const;
/** The caller may not know the record exists: answered exactly like a missing one. */
const HIDE = [404, 'NOT_FOUND'] as const;
const CLASH = [409, 'INVALID_TRANSITION'] as const;
const BOARD_CLOSED = [409, 'BOARD_CLOSED'] as const;

/** The same answer for every caller, signed in or not. */
const everyone = (expected: Expected) => Object.fromEntries(CALLERS.map((c) => [c, expected])) as Record<Caller, Expected>;
/** 401 signed out, the same answer for every signed-in caller. */
const signedIn = (expected: Expected): Record<Caller, Expected> => ({ ...everyone(expected), anonymous: UNAUTH });
/** P's board: its team and staff get `expected`; clients and the member off the project are told nothing. */
const BOARD_TEAM = (expected: Expected): Record<Caller, Expected> => ({
  anonymous: UNAUTH,
  clientA: HIDE,
  ownerA2: HIDE,
  billingA: HIDE,
  memberA: HIDE,
  clientB: HIDE,
  memberOn: expected,
  memberOff: HIDE,
  teamlead: expected,
  admin: expected,
  superadmin: expected,
});
/** Columns: the project's lead and staff; the member on the project may know the board but not change its columns. */
const COLUMN_MANAGERS = (expected: Expected): Record<Caller, Expected> => ({ ...BOARD_TEAM(expected), memberOn: DENY });
/** Staff only, every other role turned away by the route. */
const STAFF_ONLY = (expected: Expected): Record<Caller, Expected> => ({
  anonymous: UNAUTH,
  clientA: DENY,
  ownerA2: DENY,
  billingA: DENY,
  memberA: DENY,
  clientB: DENY,
  memberOn: DENY,
  memberOff: DENY,
  teamlead: DENY,
  admin: expected,
  superadmin: expected,
});

/** The records every row may read, built once through the API. Rows that change state make their own. */
export type World = {
  app: FastifyInstance;
  accounts: Record<Account, AuthResponse>;
  /** Client A's project, approved by the super admin with the team lead and `memberOn`. */
  projectP: string;
  /** Client B's project, pending. */
  projectQ: string;
  /** The conversation about P: one message from client A to the super admin (with a file), one back. */
  conversationP: string;
  messageFromA: number;
  messageToA: number;
  messageFile: { storedFilename: string; url: string };
  /** A file on P and its signed download URL. */
  attachmentP: { id: string; url: string };
  toolRequestA: string;
  /** A pending team member invitation; only previewed, never used up. */
  invitationToken: string;
  /** Client A's notification that P was approved. */
  notificationA: string;
  /** P's board: three of its default columns, and a card the team lead made in To do, assigned to `memberOn`. */
  columnsP: { backlog: string; todo: string; doing: string };
  cardP: string;
  /** A file on that card and its signed download URL. */
  cardFileP: { id: string; url: string };
  /** A published training module for team leads and team members, with one material that has a file. */
  moduleT: string;
  materialT: string;
  trainingFileUrl: string;
  /** The member on P's time entry on P, and their expense on P (drafts). */
  entryP: string;
  expenseP: string;
};

export const TITLE_P = 'The P website';
export const TITLE_Q = 'The Q mobile app';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const TOOL_REQUEST = { name: 'Figma seat', category: 'Software licence', reason: 'Design reviews', quantity: 1 };
const tokenOf = (w: World, who: Account) => w.accounts[who].token;
const idOf = (w: World, who: Account) => w.accounts[who].user.id;

/** A token of client A's, made through client A's own session. */
async function tokenOfClientA(w: World) {
  const res = await call(w.app, 'POST', '/account/tokens', {
    token: tokenOf(w, 'clientA'),
    body: { name: 'Matrix script', scopes: ['projects:read'] },
  });
  return must(res, 201, 'token of client A').body.api_token.id as string;
}

/** The brand settings are the super admin's alone: every other role is turned away by the route. */
const SUPERADMIN_ONLY = (expected: Expected): Record<Caller, Expected> => ({ ...signedIn(DENY), superadmin: expected });
const MATRIX_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';

/** A public https endpoint (an address literal: no lookup) for an event the table never causes. */
const WEBHOOK_BODY = { url: 'https://203.0.114.10/hooks/agency', events: ['contract.expired'] };

/**
 * An endpoint with one failed delivery, written straight to the database: its address is the loopback one, which
 * this app refuses, so a replay's attempt is refused before any connection is made.
 */
async function webhookWithDelivery(w: World) {
  const now = w.app.ctx.now();
  const [hook] = await w.app.ctx.db
    .insert(webhooks)
    .values({ ownerId: Number(idOf(w, 'superadmin')), url: 'https://127.0.0.1:9/hooks', events: ['project.created'], secret: 'whsec_matrix' })
    .returning();
  const [delivery] = await w.app.ctx.db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook!.id,
      eventId: 'evt_matrix',
      eventType: 'project.created',
      payload: '{}',
      status: 'failed',
      startedAt: now,
      createdAt: now,
    })
    .returning();
  return { webhook: String(hook!.id), delivery: String(delivery!.id) };
}

/** A fresh pending project of client A (or B). */
async function pendingProject(w: World, owner: 'clientA' | 'clientB' = 'clientA', title = `Fresh project of ${owner}`) {
  const res = await call(w.app, 'POST', '/projects', { token: tokenOf(w, owner), body: { title, description: 'A project for the access table.' } });
  return must(res, 201, 'create project').body.project.id as string;
}

/** A fresh project of client A, approved with the team lead and `memberOn`, like P. */
async function approvedProject(w: World, title?: string) {
  const id = await pendingProject(w, 'clientA', title);
  const res = await call(w.app, 'POST', `/projects/${id}/approve`, {
    token: tokenOf(w, 'superadmin'),
    body: { team_lead_id: idOf(w, 'teamlead'), member_ids: [idOf(w, 'memberOn')] },
  });
  must(res, 200, 'approve project');
  return id;
}

async function invitation(w: World, role: 'admin' | 'teammember') {
  const res = await call(w.app, 'POST', '/invitations', { token: tokenOf(w, 'superadmin'), body: { email: uniqueEmail(role), role } });
  must(res, 201, 'invite');
  return { id: res.body.invitation.id as string, token: tokenFromLink(res.body.link) };
}

/** A client sign-up waiting for its link: the token the mail carries. */
async function signupRequest(w: World) {
  const email = uniqueEmail('matrix-signup');
  must(await call(w.app, 'POST', '/auth/signup/client', { body: { name: 'New Client', email, password: PASSWORD } }), 202, 'sign-up');
  return signupToken(w.app, email);
}

/** A fresh card on P's board, made by the team lead (version 1). */
async function cardOnP(w: World, title = 'Matrix card') {
  const res = await call(w.app, 'POST', `/projects/${w.projectP}/board/cards`, {
    token: tokenOf(w, 'teamlead'),
    body: { column_id: w.columnsP.todo, title },
  });
  return must(res, 201, 'card on P').body.card as { id: string; version: number };
}

/** A fresh card on P with one file. */
async function cardWithFile(w: World) {
  const card = await cardOnP(w, 'Card with a file');
  const upload = multipart([{ name: 'notes.txt', content: Buffer.from('notes') }]);
  const res = await call(w.app, 'POST', `/board/cards/${card.id}/attachments`, {
    token: tokenOf(w, 'teamlead'),
    body: upload.body,
    headers: upload.headers,
  });
  const file = must(res, 201, 'card file').body.card.attachments[0];
  return { card: card.id, file: { id: file.id as string, url: file.url as string } };
}

async function trainingModule(w: World, title = 'Matrix module') {
  const res = await call(w.app, 'POST', '/training/modules', { token: tokenOf(w, 'admin'), body: { title } });
  return must(res, 201, 'training module').body.module.id as string;
}

async function trainingMaterial(w: World, moduleId = w.moduleT) {
  const res = await call(w.app, 'POST', `/training/modules/${moduleId}/materials`, {
    token: tokenOf(w, 'admin'),
    body: { title: 'Matrix material', content: 'Read this.' },
  });
  return must(res, 201, 'training material').body.material.id as string;
}

/** A pending invitation into company A, sent by client A. */
async function companyInvitation(w: World) {
  const res = await call(w.app, 'POST', '/company/invitations', {
    token: tokenOf(w, 'clientA'),
    body: { email: uniqueEmail('colleague'), role: 'member' },
  });
  must(res, 201, 'company invitation');
  return { id: res.body.invitation.id as string, token: tokenFromLink(res.body.link) };
}

/** A fresh colleague in company A, invited by client A. */
async function colleagueOfA(w: World) {
  return (await inviteColleague(w.app, tokenOf(w, 'clientA'), 'member', { name: 'Passing Colleague' })).user.id;
}

/** A company's owners manage it; its billing people and members, and anyone else, are turned away by the route. */
const COMPANY_OWNERS = (own: Expected, otherCompany: Expected): Record<Caller, Expected> => ({
  ...STAFF_ONLY(DENY),
  clientA: own,
  ownerA2: own,
  clientB: otherCompany,
});

async function toolRequest(w: World) {
  const res = await call(w.app, 'POST', '/tool-requests', { token: tokenOf(w, 'clientA'), body: TOOL_REQUEST });
  return must(res, 201, 'tool request').body.tool_request.id as string;
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const superadmin = await signupSuperadmin(app);
  const admin = await inviteAndSignup(app, superadmin.token, 'admin');
  const teamlead = await inviteAndSignup(app, superadmin.token, 'teamlead');
  const memberOn = await inviteAndSignup(app, admin.token, 'teammember');
  const memberOff = await inviteAndSignup(app, admin.token, 'teammember');
  const clientA = await signupClient(app, { name: 'Client A', company: 'Company A' });
  const ownerA2 = await inviteColleague(app, clientA.token, 'owner', { name: 'Second Owner A' });
  const billingA = await inviteColleague(app, clientA.token, 'billing', { name: 'Billing A' });
  const memberA = await inviteColleague(app, clientA.token, 'member', { name: 'Member A' });
  const clientB = await signupClient(app, { name: 'Client B', company: 'Company B' });
  const w = { app, accounts: { clientA, ownerA2, billingA, memberA, clientB, memberOn, memberOff, teamlead, admin, superadmin } } as World;

  w.projectP = await approvedProject(w, TITLE_P);
  w.projectQ = await pendingProject(w, 'clientB', TITLE_Q);

  const upload = multipart([{ name: 'brief.txt', content: Buffer.from('The brief') }]);
  const uploaded = await call(app, 'POST', `/projects/${w.projectP}/attachments`, {
    token: clientA.token,
    body: upload.body,
    headers: upload.headers,
  });
  const file = must(uploaded, 201, 'upload to P').body.project.attachments[0];
  w.attachmentP = { id: file.id, url: file.url };

  w.conversationP = `${w.projectP}:${clientA.user.id}`;
  const fromA = await call(app, 'POST', '/client/send-message', {
    token: clientA.token,
    body: {
      sender_id: clientA.user.id,
      receiver_id: superadmin.user.id,
      conversation_id: w.conversationP,
      message_content: 'Here is the logo',
      message_attachments: [{ name: 'logo.png', data: `data:image/png;base64,${PNG.toString('base64')}` }],
    },
  });
  const sent = must(fromA, 201, 'message from A').body.message;
  w.messageFromA = sent.id;
  w.messageFile = { storedFilename: sent.message_attachments[0].stored_filename, url: sent.message_attachments[0].url };
  const toA = await call(app, 'POST', '/superadmin/send-message', {
    token: superadmin.token,
    body: { sender_id: superadmin.user.id, receiver_id: clientA.user.id, conversation_id: w.conversationP, message_content: 'Thank you' },
  });
  w.messageToA = must(toA, 201, 'message to A').body.message.id;

  w.toolRequestA = await toolRequest(w);
  w.invitationToken = (await invitation(w, 'teammember')).token;
  const notes = must(await call(app, 'GET', '/notifications', { token: clientA.token }), 200, 'notifications of A');
  w.notificationA = notes.body.items.find((n: { kind: string }) => n.kind === 'project_approved').id;

  const board = must(await call(app, 'GET', `/projects/${w.projectP}/board`, { token: teamlead.token }), 200, 'board of P').body;
  const columnId = (name: string) => board.columns.find((c: { name: string }) => c.name === name).id as string;
  w.columnsP = { backlog: columnId('Backlog'), todo: columnId('To do'), doing: columnId('In progress') };
  const withFile = await cardWithFile(w);
  w.cardP = withFile.card;
  w.cardFileP = withFile.file;
  must(
    await call(app, 'PATCH', `/board/cards/${w.cardP}`, { token: teamlead.token, body: { version: 1, assignee_ids: [memberOn.user.id] } }),
    200,
    'assign card of P',
  );

  w.moduleT = await trainingModule(w, 'Matrix onboarding');
  w.materialT = await trainingMaterial(w);
  const handbook = multipart([{ name: 'handbook.txt', content: Buffer.from('handbook') }]);
  const material = await call(app, 'POST', `/training/materials/${w.materialT}/file`, {
    token: admin.token,
    body: handbook.body,
    headers: handbook.headers,
  });
  w.trainingFileUrl = must(material, 201, 'training file').body.material.file.url;
  must(
    await call(app, 'PUT', `/training/modules/${w.moduleT}/assignment`, { token: admin.token, body: { roles: ['teamlead', 'teammember'] } }),
    200,
    'assign module',
  );
  must(await call(app, 'PATCH', `/training/modules/${w.moduleT}`, { token: admin.token, body: { status: 'published' } }), 200, 'publish module');
  w.entryP = (await entryOnP(w)).id;
  w.expenseP = (await expenseOnP(w)).id;
  return w;
}

export type Request = { path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> };
/** The caller's own id (SPEC's `user_id` and `sender_id` must be the caller's); '1' for the signed out. */
export type Me = { id: string };

type RowSpec<S> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as the app declares it, under /api. */
  route: string;
  /** What this row checks, when a route has more than one row. */
  variant?: string;
  /**
   * Makes the records this call changes, afresh for every call, so that rows never depend on each other. It is
   * told who will call, for records that belong to the caller.
   */
  setup?: (w: World, caller: Caller) => Promise<S>;
  request: (w: World, me: Me, fresh: S) => Request;
  expect: Record<Caller, Expected>;
  /** The call ends the caller's session, so it runs on a session of its own. */
  endsSession?: boolean;
  /**
   * Input the route refuses. Callers the route itself turns away (401, and the row's 403 FORBIDDEN) must be told
   * that, not how their input is wrong; every other caller gets 400. Only on rows whose 403s come from the route.
   */
  invalid?: (w: World, me: Me) => Request;
};
/** A row of any setup type (each row keeps its own through `row()`). */
export type AccessRow = RowSpec<any>;
const row = <S = undefined>(spec: RowSpec<S>): AccessRow => spec;

export function rowName(r: AccessRow): string {
  return `${r.method} /api${r.route}${r.variant ? ` (${r.variant})` : ''}`;
}

const conversationQuery = (w: World) => ({ conversation_id: w.conversationP });
const accountOf = (w: World, id: string) => Object.values(w.accounts).find((a) => a.user.id === id);
const STAFF: readonly Caller[] = ['admin', 'superadmin'];

/** A two-step sign-in half done: an admin with two-factor authentication and the challenge of its password step. */
async function mfaChallenge(w: World) {
  const admin = await inviteAndSignup(w.app, tokenOf(w, 'superadmin'), 'admin');
  const setup = must(await call(w.app, 'POST', '/account/2fa/setup', { token: admin.token }), 200, '2fa setup');
  const secret: string = setup.body.secret;
  // Codes of the app's own clock (tests run it apart from the real one).
  const epoch = Math.floor(w.app.ctx.now().getTime() / 1000);
  must(
    await call(w.app, 'POST', '/account/2fa/confirm', { token: admin.token, body: { code: await generate({ secret, epoch }) } }),
    200,
    '2fa confirm',
  );
  const login = must(await call(w.app, 'POST', '/auth/login', { body: { email: admin.user.email, password: PASSWORD } }), 200, 'password step');
  // The step after the one the confirmation used: a code is never accepted twice.
  const code = await generate({ secret, epoch: epoch + 30 });
  return { mfaToken: login.body.mfa_token as string, code };
}

/** A code that is certainly wrong: the right one, shifted. */
function wrongCode(code: string) {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Every API route and what each caller is answered. A new route fails the coverage test until it has a row here. */
/**
 * Routes whose every-caller table lives in a module's own access test (same callers, exact statuses), listed here
 * so the coverage check below counts them; each of those tests checks that it has a row for every route listed
 * for it.
 */
export const ROUTES_WITH_OWN_TABLE: Record<string, readonly string[]> = {
  'invoices-access.int.test.ts': [
    'GET /invoices',
    'POST /invoices',
    'GET /invoices/summary',
    'GET /invoices/export.csv',
    'GET /invoices/:id',
    'PATCH /invoices/:id',
    'POST /invoices/:id/send',
    'POST /invoices/:id/void',
    'POST /invoices/:id/payments',
    'GET /invoices/:id/pdf',
    'GET /invoices/:id/payments/:payment_id/receipt',
    'POST /invoices/:id/refunds',
    'POST /invoices/:id/attention/clear',
    'POST /invoices/:id/checkout',
    'GET /projects/:id/billing',
    'PUT /projects/:id/billing',
    'POST /projects/:id/deposit-invoice',
    'POST /payments/stripe/webhook',
    'GET /payments/local/checkout/:session_id',
    'POST /payments/local/checkout/:session_id',
  ],
  'billing.int.test.ts': [
    'GET /payment-methods',
    'POST /payment-methods/setup',
    'POST /payment-methods/:id/default',
    'DELETE /payment-methods/:id',
    'GET /payments/local/setup/:session_id',
    'POST /payments/local/setup/:session_id',
    'GET /companies/:id/statement',
    'GET /companies/:id/statement.pdf',
    'GET /invoices/:id/credit-notes',
    'POST /invoices/:id/credit-notes',
  ],
  // A stream never ends by itself, so it is opened over a real socket there, for every caller.
  'realtime.int.test.ts': ['GET /events'],
  'contracts-access.int.test.ts': [
    'GET /contract-templates',
    'POST /contract-templates',
    'POST /contract-templates/preview',
    'GET /contract-templates/:id',
    'PATCH /contract-templates/:id',
    'DELETE /contract-templates/:id',
    'GET /contracts',
    'GET /contracts/counts',
    'POST /contracts',
    'GET /contracts/:id',
    'PATCH /contracts/:id',
    'POST /contracts/:id/send',
    'POST /contracts/:id/void',
    'POST /contracts/:id/remind',
    'POST /contracts/:id/view',
    'POST /contracts/:id/sign',
    'GET /contracts/:id/audit',
    'GET /contracts/:id/pdf',
  ],
  'recurring-access.int.test.ts': [
    'GET /recurring-invoices',
    'POST /recurring-invoices',
    'GET /recurring-invoices/forecast',
    'GET /recurring-invoices/:id',
    'PATCH /recurring-invoices/:id',
    'POST /recurring-invoices/:id/pause',
    'POST /recurring-invoices/:id/resume',
    'POST /recurring-invoices/:id/end',
    'GET /recurring-invoices/:id/upcoming',
    'GET /projects/:id/payment-plan',
    'PUT /projects/:id/payment-plan',
    'POST /projects/:id/payment-plan/stages/:stage_id/release',
  ],
  'proposals-access.int.test.ts': [
    'GET /proposal-templates',
    'POST /proposal-templates',
    'PATCH /proposal-templates/:id',
    'DELETE /proposal-templates/:id',
    'GET /proposals',
    'GET /proposals/summary',
    'POST /proposals',
    'GET /proposals/:id',
    'PATCH /proposals/:id',
    'GET /proposals/:id/pdf',
    'POST /proposals/:id/send',
    'POST /proposals/:id/void',
    'POST /proposals/:id/revise',
    'POST /proposals/:id/view',
    'POST /proposals/:id/select',
    'POST /proposals/:id/accept',
    'POST /proposals/:id/decline',
  ],
};

// --- Time, expenses, rates and profitability ------------------------------------------------------------------

/**
 * A week of its own for each record the rows make (counted back from a year ago), so that no two rows' time overlaps,
 * fills a day or lands in a week another row submitted.
 */
let weeksBack = 52;
function freshWeek(w: World) {
  weeksBack += 1;
  const today = w.app.ctx.now().toISOString().slice(0, 10);
  const week = isoWeekOf(shiftDay(today, -7 * weeksBack));
  return { week, monday: weekDays(week)[0] };
}

const TIME_OWNERS: readonly Caller[] = ['memberOn', 'memberOff', 'teamlead'];

/** A draft entry of the member on P (or of `who`), in a week of its own. */
async function entryOnP(w: World, who: Account = 'memberOn') {
  const { week, monday } = freshWeek(w);
  const started = zonedMoment(monday, 9 * 60, w.app.ctx.config.agencyTimeZone).toISOString();
  const res = await call(w.app, 'POST', '/time-entries', {
    token: tokenOf(w, who),
    body: { project_id: w.projectP, started_at: started, minutes: 30 },
  });
  return { id: must(res, 201, 'time on P').body.entry.id as string, week };
}

/** The member on P's time in a week of its own, submitted. */
async function submittedWeekOnP(w: World) {
  const { week } = await entryOnP(w);
  must(await call(w.app, 'POST', '/timesheets/submit', { token: tokenOf(w, 'memberOn'), body: { week } }), 200, 'submit week');
  return week;
}

async function expenseOnP(w: World, submit = false) {
  const res = await call(w.app, 'POST', '/expenses', {
    token: tokenOf(w, 'memberOn'),
    body: { project_id: w.projectP, date: '2025-01-15', amount: 1250, category: 'travel', description: 'Matrix expense' },
  });
  const expense = must(res, 201, 'expense on P').body.expense as { id: string };
  if (submit) must(await call(w.app, 'POST', `/expenses/${expense.id}/submit`, { token: tokenOf(w, 'memberOn') }), 200, 'submit expense');
  return expense;
}

/** A draft invoice on P; for staff, with the member's approved time on P waiting to be billed on it. */
async function draftOnP(w: World, caller?: Caller) {
  const res = await call(w.app, 'POST', '/invoices', {
    token: tokenOf(w, 'admin'),
    body: { project_id: w.projectP, lines: [{ description: 'Matrix line', quantity: 1, unit_price: 1000, tax_rate: 0 }] },
  });
  const id = must(res, 201, 'draft on P').body.invoice.id as string;
  if (caller && STAFF.includes(caller)) {
    must(await call(w.app, 'PATCH', `/projects/${w.projectP}/rates`, { token: tokenOf(w, 'admin'), body: { hourly_rate: 8000 } }), 200, 'rate');
    const week = await submittedWeekOnP(w);
    must(
      await call(w.app, 'POST', '/timesheets/approve', { token: tokenOf(w, 'teamlead'), body: { user_id: idOf(w, 'memberOn'), week } }),
      200,
      'approve week',
    );
  }
  return id;
}

/**
 * No running timer for the caller, and none of the entries timers made (the matrix's clock stands still: every timer
 * starts at the same moment, so the entries two stops made would overlap).
 */
async function withoutTimer(w: World, caller: Caller) {
  if (!TIME_OWNERS.includes(caller)) return;
  const who = caller as Account;
  must(await call(w.app, 'DELETE', '/timers/current', { token: tokenOf(w, who) }), 204, 'discard timer');
  const since = new Date(w.app.ctx.now().getTime() - 86_400_000);
  await w.app.ctx.db.delete(timeEntries).where(and(eq(timeEntries.userId, Number(idOf(w, who))), gte(timeEntries.startedAt, since)));
}

/** Every client, whatever its company and role in it, turned away by the route. */
const CLIENTS_TURNED_AWAY = { clientA: DENY, ownerA2: DENY, billingA: DENY, memberA: DENY, clientB: DENY } as const;
/** Who may see the member on P's time or expense: the member, P's lead, staff. */
const SPENT_READERS = (expected: Expected): Record<Caller, Expected> => ({
  anonymous: UNAUTH,
  ...CLIENTS_TURNED_AWAY,
  memberOn: expected,
  memberOff: HIDE,
  teamlead: expected,
  admin: expected,
  superadmin: expected,
});
/** Only the member on P changes their own; the lead and staff see it but may not. */
const SPENT_OWNER = (expected: Expected): Record<Caller, Expected> => ({ ...SPENT_READERS(DENY), memberOn: expected });
/** Every signed-in person but clients (time and money are the agency's own). */
const NOT_CLIENTS = (expected: Expected): Record<Caller, Expected> => ({ ...signedIn(expected), ...CLIENTS_TURNED_AWAY });
/** The people whose time is tracked. */
const EMPLOYEES = (expected: Expected): Record<Caller, Expected> => ({ ...NOT_CLIENTS(expected), admin: DENY, superadmin: DENY });
/** P's team tracks time on it; the member off P may not know it. */
const TRACKERS_ON_P = (expected: Expected): Record<Caller, Expected> => ({ ...EMPLOYEES(expected), memberOff: HIDE });
/**
 * What client A's company is billed (an issued invoice on P, P's shared time log): staff, and the company's owners
 * and billing people; its members are refused like on its invoices, company B is told nothing, and the team no.
 */
const INVOICE_READERS = (expected: Expected): Record<Caller, Expected> => ({
  ...STAFF_ONLY(expected),
  clientA: expected,
  ownerA2: expected,
  billingA: expected,
  clientB: HIDE,
});
/** P's figures: staff and P's lead; its member is told no, others nothing. */
const PROFITABILITY_P = (expected: Expected): Record<Caller, Expected> => ({ ...SPENT_READERS(expected), memberOn: DENY });

export const ACCESS_ROWS: AccessRow[] = [
  // system
  row({ method: 'GET', route: '/health', request: () => ({ path: '/health' }), expect: everyone(OK) }),
  row({ method: 'GET', route: '/ready', request: () => ({ path: '/ready' }), expect: everyone(OK) }),
  row({ method: 'GET', route: '/config', request: () => ({ path: '/config' }), expect: everyone(OK) }),

  // auth: signing up and in needs no session, and a session changes nothing
  row({
    method: 'POST',
    route: '/auth/signup/client',
    request: () => ({ path: '/auth/signup/client', body: { name: 'New Client', email: uniqueEmail('matrix'), password: PASSWORD } }),
    expect: everyone(ACCEPTED),
  }),
  row({
    method: 'POST',
    route: '/auth/signup/confirm',
    setup: (w) => signupRequest(w),
    request: (_w, _me, token) => ({ path: '/auth/signup/confirm', body: { token } }),
    expect: everyone(CREATED),
  }),
  row({
    method: 'POST',
    route: '/auth/signup/superadmin',
    variant: 'a super admin exists, no setup key',
    request: () => ({ path: '/auth/signup/superadmin', body: { name: 'Usurper', email: uniqueEmail('usurper'), password: PASSWORD } }),
    expect: everyone([403, 'SETUP_KEY_REQUIRED']),
  }),
  row({
    method: 'POST',
    route: '/auth/signup/admin',
    setup: (w) => invitation(w, 'admin'),
    request: (_w, _me, invited) => ({ path: '/auth/signup/admin', body: { invite_token: invited.token, name: 'New Admin', password: PASSWORD } }),
    expect: everyone(CREATED),
  }),
  row({
    method: 'POST',
    route: '/auth/signup/employee',
    setup: (w) => invitation(w, 'teammember'),
    request: (_w, _me, invited) => ({ path: '/auth/signup/employee', body: { invite_token: invited.token, name: 'New Member', password: PASSWORD } }),
    expect: everyone(CREATED),
  }),
  row({
    method: 'POST',
    route: '/auth/login',
    request: (w) => ({ path: '/auth/login', body: { email: w.accounts.clientA.user.email, password: PASSWORD } }),
    expect: everyone(OK),
  }),
  row({ method: 'POST', route: '/auth/logout', endsSession: true, request: () => ({ path: '/auth/logout' }), expect: signedIn(NO_CONTENT) }),
  row({ method: 'GET', route: '/auth/me', request: () => ({ path: '/auth/me' }), expect: signedIn(OK) }),

  // password reset: the same answer for anyone about any address
  row({
    method: 'POST',
    route: '/auth/password-reset',
    request: () => ({ path: '/auth/password-reset', body: { email: uniqueEmail('forgot') } }),
    expect: everyone(ACCEPTED),
  }),
  row({
    method: 'POST',
    route: '/auth/password-reset/confirm',
    variant: 'an unknown link',
    request: () => ({ path: '/auth/password-reset/confirm', body: { token: 'not-a-real-token', password: PASSWORD } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  row({
    method: 'POST',
    route: '/auth/password-reset/check',
    variant: 'an unknown link',
    request: () => ({ path: '/auth/password-reset/check', body: { token: 'not-a-real-token' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  // the second step of a two-step sign-in needs no session either
  row({
    method: 'POST',
    route: '/auth/login/2fa',
    variant: 'a live challenge and the current code',
    setup: (w) => mfaChallenge(w),
    request: (_w, _me, c) => ({ path: '/auth/login/2fa', body: { mfa_token: c.mfaToken, code: c.code } }),
    expect: everyone(OK),
  }),
  row({
    method: 'POST',
    route: '/auth/login/2fa',
    variant: 'an unknown challenge',
    request: () => ({ path: '/auth/login/2fa', body: { mfa_token: 'not-a-real-challenge', code: '123456' } }),
    expect: everyone([401, 'MFA_CHALLENGE_INVALID']),
  }),

  // account: everyone manages their own, and only their own
  row({ method: 'GET', route: '/account', request: () => ({ path: '/account' }), expect: signedIn(OK) }),
  // Each caller sets the name they already have, so other rows see the same world.
  row({
    method: 'PATCH',
    route: '/account',
    request: (w, me) => ({ path: '/account', body: { name: accountOf(w, me.id)?.user.name ?? 'Nobody' } }),
    expect: signedIn(OK),
    invalid: () => ({ path: '/account', body: { name: '' } }),
  }),
  row({
    method: 'POST',
    route: '/account/email',
    request: () => ({ path: '/account/email', body: { email: uniqueEmail('moving'), password: PASSWORD } }),
    expect: signedIn(ACCEPTED),
    invalid: () => ({ path: '/account/email', body: { email: 'not an address', password: PASSWORD } }),
  }),
  row({
    method: 'POST',
    route: '/account/email/confirm',
    variant: 'an unknown link',
    request: () => ({ path: '/account/email/confirm', body: { token: 'not-a-real-token' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  // The same password again: the caller's other sessions end, this one stays.
  row({
    method: 'POST',
    route: '/account/password',
    request: () => ({ path: '/account/password', body: { current_password: PASSWORD, password: PASSWORD } }),
    expect: signedIn(NO_CONTENT),
    invalid: () => ({ path: '/account/password', body: { current_password: PASSWORD, password: 'short' } }),
  }),
  row({
    method: 'POST',
    route: '/account/password',
    variant: 'a wrong current password',
    request: () => ({ path: '/account/password', body: { current_password: `${PASSWORD}-wrong`, password: PASSWORD } }),
    expect: signedIn([403, 'WRONG_PASSWORD']),
  }),
  row({ method: 'GET', route: '/account/sessions', request: () => ({ path: '/account/sessions' }), expect: signedIn(OK) }),
  row({
    method: 'POST',
    route: '/account/sessions/revoke-others',
    request: () => ({ path: '/account/sessions/revoke-others' }),
    expect: signedIn(OK),
  }),
  row({
    method: 'DELETE',
    route: '/account/sessions/:id',
    variant: "a session of client A's",
    setup: async (w) => {
      const fresh = must(await login(w.app, w.accounts.clientA.user.email), 200, 'sign in as client A').body.token;
      const list = must(await call(w.app, 'GET', '/account/sessions', { token: fresh }), 200, 'sessions of client A');
      return list.body.items.find((s: { current: boolean }) => s.current).id as string;
    },
    request: (_w, _me, id) => ({ path: `/account/sessions/${id}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: NO_CONTENT,
      ownerA2: HIDE,
      billingA: HIDE,
      memberA: HIDE,
      clientB: HIDE,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: HIDE,
      superadmin: HIDE,
    },
    invalid: () => ({ path: '/account/sessions/abc' }),
  }),
  row({
    method: 'GET',
    route: '/account/notification-preferences',
    request: () => ({ path: '/account/notification-preferences' }),
    expect: signedIn(OK),
  }),
  row({
    method: 'PUT',
    route: '/account/notification-preferences',
    request: () => ({ path: '/account/notification-preferences', body: { preferences: { message: 'in_app_and_email' } } }),
    expect: signedIn(OK),
    invalid: () => ({ path: '/account/notification-preferences', body: { preferences: { message: 'by pigeon' } } }),
  }),

  // two-factor authentication: admins and the super admin
  row({
    method: 'POST',
    route: '/account/2fa/setup',
    request: () => ({ path: '/account/2fa/setup' }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
  }),
  // A wrong code, so that no account of the world is left with a second factor.
  row({
    method: 'POST',
    route: '/account/2fa/confirm',
    variant: 'a wrong code',
    setup: async (w, caller) => {
      if (!STAFF.includes(caller)) return '000000';
      const setup = must(await call(w.app, 'POST', '/account/2fa/setup', { token: tokenOf(w, caller as Account) }), 200, '2fa setup');
      return wrongCode(await generate({ secret: setup.body.secret }));
    },
    request: (_w, _me, code) => ({ path: '/account/2fa/confirm', body: { code } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: [401, 'INVALID_MFA_CODE'],
      superadmin: [401, 'INVALID_MFA_CODE'],
    },
    invalid: () => ({ path: '/account/2fa/confirm', body: { code: 'abc' } }),
  }),
  row({
    method: 'POST',
    route: '/account/2fa/disable',
    variant: 'not turned on',
    request: () => ({ path: '/account/2fa/disable', body: { password: PASSWORD, code: '123456' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: [409, 'MFA_NOT_ENABLED'],
      superadmin: [409, 'MFA_NOT_ENABLED'],
    },
    invalid: () => ({ path: '/account/2fa/disable', body: { password: PASSWORD } }),
  }),

  // personal API tokens: everyone's own, through a session; staff see and revoke everyone's
  row({
    method: 'POST',
    route: '/account/tokens',
    request: () => ({ path: '/account/tokens', body: { name: 'Matrix token', scopes: ['projects:read'] } }),
    expect: signedIn(CREATED),
    invalid: () => ({ path: '/account/tokens', body: { name: 'Matrix token', scopes: ['everything:write'] } }),
  }),
  row({ method: 'GET', route: '/account/tokens', request: () => ({ path: '/account/tokens' }), expect: signedIn(OK) }),
  row({
    method: 'DELETE',
    route: '/account/tokens/:id',
    variant: "a token of client A's",
    setup: (w) => tokenOfClientA(w),
    request: (_w, _me, id) => ({ path: `/account/tokens/${id}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: NO_CONTENT,
      ownerA2: HIDE,
      billingA: HIDE,
      memberA: HIDE,
      clientB: HIDE,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: HIDE,
      superadmin: HIDE,
    },
    invalid: () => ({ path: '/account/tokens/abc' }),
  }),
  row({ method: 'GET', route: '/api-tokens', request: () => ({ path: '/api-tokens' }), expect: STAFF_ONLY(OK) }),
  row({
    method: 'DELETE',
    route: '/api-tokens/:id',
    variant: "a token of client A's",
    setup: (w) => tokenOfClientA(w),
    request: (_w, _me, id) => ({ path: `/api-tokens/${id}` }),
    expect: STAFF_ONLY(NO_CONTENT),
    invalid: () => ({ path: '/api-tokens/abc' }),
  }),

  // the audit log: the super admin's alone
  row({
    method: 'GET',
    route: '/audit-log',
    request: () => ({ path: '/audit-log' }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: () => ({ path: '/audit-log', query: { from: 'yesterday' } }),
  }),
  row({
    method: 'GET',
    route: '/audit-log.csv',
    request: () => ({ path: '/audit-log.csv', query: { action: 'project.approved' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: () => ({ path: '/audit-log.csv', query: { action: 'DROP TABLE' } }),
  }),

  // invitations: the super admin invites admins and employees, admins invite employees
  row({
    method: 'GET',
    route: '/invitations/preview',
    request: (w) => ({ path: '/invitations/preview', query: { token: w.invitationToken } }),
    expect: everyone(OK),
  }),
  row({
    method: 'POST',
    route: '/invitations',
    variant: 'a team member',
    request: () => ({ path: '/invitations', body: { email: uniqueEmail('matrix'), role: 'teammember' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: CREATED,
      superadmin: CREATED,
    },
    invalid: () => ({ path: '/invitations', body: {} }),
  }),
  row({
    method: 'POST',
    route: '/invitations',
    variant: 'an admin',
    request: () => ({ path: '/invitations', body: { email: uniqueEmail('matrix'), role: 'admin' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: CREATED,
    },
  }),
  row({
    method: 'GET',
    route: '/invitations',
    variant: 'employees',
    request: () => ({ path: '/invitations', query: { role: 'employee' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/invitations', query: { role: 'employee', limit: '1000' } }),
  }),
  row({
    method: 'GET',
    route: '/invitations',
    variant: 'admins',
    request: () => ({ path: '/invitations', query: { role: 'admin' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
  }),
  row({
    method: 'POST',
    route: '/invitations/:id/resend',
    variant: 'a team member invitation',
    setup: (w) => invitation(w, 'teammember'),
    request: (_w, _me, invited) => ({ path: `/invitations/${invited.id}/resend` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/invitations/abc/resend' }),
  }),
  row({
    method: 'POST',
    route: '/invitations/:id/resend',
    variant: 'an admin invitation',
    setup: (w) => invitation(w, 'admin'),
    request: (_w, _me, invited) => ({ path: `/invitations/${invited.id}/resend` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: HIDE,
      superadmin: OK,
    },
  }),
  row({
    method: 'DELETE',
    route: '/invitations/:id',
    variant: 'a team member invitation',
    setup: (w) => invitation(w, 'teammember'),
    request: (_w, _me, invited) => ({ path: `/invitations/${invited.id}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: NO_CONTENT,
      superadmin: NO_CONTENT,
    },
    invalid: () => ({ path: '/invitations/abc' }),
  }),
  row({
    method: 'DELETE',
    route: '/invitations/:id',
    variant: 'an admin invitation',
    setup: (w) => invitation(w, 'admin'),
    request: (_w, _me, invited) => ({ path: `/invitations/${invited.id}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: HIDE,
      superadmin: NO_CONTENT,
    },
  }),

  // users: staff manage the accounts of the roles they may invite, never their own
  row({
    method: 'GET',
    route: '/users',
    variant: 'employees',
    request: () => ({ path: '/users', query: { role: 'employee' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/users', query: {} }),
  }),
  row({
    method: 'GET',
    route: '/users',
    variant: 'admins',
    request: () => ({ path: '/users', query: { role: 'admin' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
  }),
  // Setting an active account active changes nothing, so these rows share the accounts.
  row({
    method: 'PATCH',
    route: '/users/:id/status',
    variant: 'a team member',
    request: (w) => ({ path: `/users/${idOf(w, 'memberOff')}/status`, body: { status: 'active' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: (w) => ({ path: `/users/${idOf(w, 'memberOff')}/status`, body: { status: 'banned' } }),
  }),
  row({
    method: 'PATCH',
    route: '/users/:id/status',
    variant: 'the admin',
    request: (w) => ({ path: `/users/${idOf(w, 'admin')}/status`, body: { status: 'active' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: HIDE,
      superadmin: OK,
    },
  }),
  row({
    method: 'PATCH',
    route: '/users/:id/status',
    variant: 'the super admin',
    request: (w) => ({ path: `/users/${idOf(w, 'superadmin')}/status`, body: { status: 'active' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: HIDE,
      superadmin: HIDE,
    },
  }),
  row({
    method: 'PATCH',
    route: '/users/:id/status',
    variant: 'a client, not managed here',
    request: (w) => ({ path: `/users/${idOf(w, 'clientA')}/status`, body: { status: 'active' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: HIDE,
      superadmin: HIDE,
    },
  }),

  // projects
  row({
    method: 'POST',
    route: '/projects',
    request: () => ({ path: '/projects', body: { title: 'Matrix project', description: 'Created by the access table.' } }),
    // Owners and members ask for work; billing people only follow it.
    expect: {
      anonymous: UNAUTH,
      clientA: CREATED,
      ownerA2: CREATED,
      billingA: DENY,
      memberA: CREATED,
      clientB: CREATED,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/projects', body: { title: '' } }),
  }),
  row({
    method: 'GET',
    route: '/projects',
    request: () => ({ path: '/projects' }),
    expect: signedIn(OK),
    invalid: () => ({ path: '/projects', query: { limit: '1000' } }),
  }),
  row({ method: 'GET', route: '/projects/summary', request: () => ({ path: '/projects/summary' }), expect: signedIn(OK) }),
  row({
    method: 'GET',
    route: '/projects/:id',
    variant: 'P',
    request: (w) => ({ path: `/projects/${w.projectP}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: OK,
      memberOff: HIDE,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/projects/abc' }),
  }),
  row({
    method: 'GET',
    route: '/projects/:id',
    variant: 'Q, pending, no team',
    request: (w) => ({ path: `/projects/${w.projectQ}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: HIDE,
      ownerA2: HIDE,
      billingA: HIDE,
      memberA: HIDE,
      clientB: OK,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: OK,
      superadmin: OK,
    },
  }),
  row({
    method: 'GET',
    route: '/projects/:id/activity',
    request: (w) => ({ path: `/projects/${w.projectP}/activity` }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: OK,
      memberOff: HIDE,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/projects/abc/activity' }),
  }),
  row({
    method: 'POST',
    route: '/projects/:id/approve',
    variant: 'a pending project',
    setup: (w) => pendingProject(w),
    request: (w, _me, id) => ({ path: `/projects/${id}/approve`, body: { team_lead_id: idOf(w, 'teamlead') } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: (w) => ({ path: `/projects/${w.projectP}/approve`, body: {} }),
  }),
  row({
    method: 'POST',
    route: '/projects/:id/approve',
    variant: 'P, already approved',
    request: (w) => ({ path: `/projects/${w.projectP}/approve`, body: { team_lead_id: idOf(w, 'teamlead') } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: CLASH,
    },
  }),
  row({
    method: 'POST',
    route: '/projects/:id/reject',
    setup: (w) => pendingProject(w),
    request: (_w, _me, id) => ({ path: `/projects/${id}/reject`, body: { reason: 'Not a fit for us' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: (w) => ({ path: `/projects/${w.projectP}/reject`, body: {} }),
  }),
  row({
    method: 'POST',
    route: '/projects/:id/status',
    variant: 'start an approved project',
    setup: (w) => approvedProject(w),
    request: (_w, _me, id) => ({ path: `/projects/${id}/status`, body: { status: 'in_progress' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
    invalid: (w) => ({ path: `/projects/${w.projectP}/status`, body: { status: 'pending' } }),
  }),
  row({
    method: 'POST',
    route: '/projects/:id/status',
    variant: 'cancel an approved project: never the team lead',
    setup: (w) => approvedProject(w),
    request: (_w, _me, id) => ({ path: `/projects/${id}/status`, body: { status: 'cancelled' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
  }),
  row({
    method: 'POST',
    route: '/projects/:id/status',
    variant: 'complete P, which has not started',
    request: (w) => ({ path: `/projects/${w.projectP}/status`, body: { status: 'completed' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: CLASH,
      admin: CLASH,
      superadmin: CLASH,
    },
  }),
  row({
    method: 'POST',
    route: '/projects/:id/status',
    variant: "cancel client B's pending project",
    setup: (w) => pendingProject(w, 'clientB'),
    request: (_w, _me, id) => ({ path: `/projects/${id}/status`, body: { status: 'cancelled' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: HIDE,
      admin: OK,
      superadmin: OK,
    },
  }),
  row({
    method: 'POST',
    route: '/projects/:id/attachments',
    setup: (w) => approvedProject(w),
    request: (_w, _me, id) => {
      const upload = multipart([{ name: 'notes.txt', content: Buffer.from('notes') }]);
      return { path: `/projects/${id}/attachments`, body: upload.body, headers: upload.headers };
    },
    expect: {
      anonymous: UNAUTH,
      clientA: CREATED,
      ownerA2: CREATED,
      billingA: DENY,
      memberA: CREATED,
      clientB: HIDE,
      memberOn: DENY,
      memberOff: HIDE,
      teamlead: CREATED,
      admin: CREATED,
      superadmin: CREATED,
    },
  }),
  // Signed links carry their own proof: no session is needed, and a missing or forged signature is a 404.
  row({
    method: 'GET',
    route: '/projects/:id/attachments/:attachmentId/download',
    variant: 'signed',
    request: (w) => splitUrl(w.attachmentP.url),
    expect: everyone(OK),
  }),
  row({
    method: 'GET',
    route: '/projects/:id/attachments/:attachmentId/download',
    variant: 'forged signature',
    request: (w) => ({ path: `/projects/${w.projectP}/attachments/${w.attachmentP.id}/download`, query: { expires: '4102444800', sig: 'forged' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),

  // client companies: every person reads their own company and people; its owners manage them
  row({
    method: 'GET',
    route: '/company',
    request: () => ({ path: '/company' }),
    expect: { ...STAFF_ONLY(DENY), clientA: OK, ownerA2: OK, billingA: OK, memberA: OK, clientB: OK },
  }),
  // Each owner sets the name their company already has, so other rows see the same world.
  row({
    method: 'PATCH',
    route: '/company',
    request: (w, me) => ({ path: '/company', body: { name: me.id === idOf(w, 'clientB') ? 'Company B' : 'Company A' } }),
    expect: COMPANY_OWNERS(OK, OK),
    invalid: () => ({ path: '/company', body: { country: 'XX' } }),
  }),
  row({
    method: 'GET',
    route: '/company/members',
    request: () => ({ path: '/company/members' }),
    expect: { ...STAFF_ONLY(DENY), clientA: OK, ownerA2: OK, billingA: OK, memberA: OK, clientB: OK },
  }),
  // The member's role set to what it is: nothing changes. Another company's person is not found.
  row({
    method: 'PATCH',
    route: '/company/members/:user_id',
    request: (w) => ({ path: `/company/members/${idOf(w, 'memberA')}`, body: { role: 'member' } }),
    expect: COMPANY_OWNERS(OK, HIDE),
    invalid: (w) => ({ path: `/company/members/${idOf(w, 'memberA')}`, body: { role: 'boss' } }),
  }),
  row({
    method: 'DELETE',
    route: '/company/members/:user_id',
    setup: (w) => colleagueOfA(w),
    request: (_w, _me, id) => ({ path: `/company/members/${id}` }),
    expect: COMPANY_OWNERS(NO_CONTENT, HIDE),
    invalid: () => ({ path: '/company/members/abc' }),
  }),
  row({
    method: 'POST',
    route: '/company/invitations',
    request: () => ({ path: '/company/invitations', body: { email: uniqueEmail('matrix-colleague'), role: 'member' } }),
    expect: COMPANY_OWNERS(CREATED, CREATED),
    invalid: () => ({ path: '/company/invitations', body: { email: 'not an address', role: 'member' } }),
  }),
  row({
    method: 'POST',
    route: '/company/invitations',
    variant: 'an address that has an account',
    request: (w) => ({ path: '/company/invitations', body: { email: w.accounts.memberOff.user.email, role: 'member' } }),
    expect: COMPANY_OWNERS([409, 'EMAIL_TAKEN'], [409, 'EMAIL_TAKEN']),
  }),
  row({
    method: 'GET',
    route: '/company/invitations',
    request: () => ({ path: '/company/invitations' }),
    expect: COMPANY_OWNERS(OK, OK),
  }),
  row({
    method: 'DELETE',
    route: '/company/invitations/:id',
    setup: (w) => companyInvitation(w),
    request: (_w, _me, invited) => ({ path: `/company/invitations/${invited.id}` }),
    expect: COMPANY_OWNERS(NO_CONTENT, HIDE),
    invalid: () => ({ path: '/company/invitations/abc' }),
  }),
  // Accepting needs no session: the link is the proof.
  row({
    method: 'POST',
    route: '/company/invitations/accept',
    setup: (w) => companyInvitation(w),
    request: (_w, _me, invited) => ({
      path: '/company/invitations/accept',
      body: { invite_token: invited.token, name: 'New Colleague', password: PASSWORD },
    }),
    expect: everyone(CREATED),
  }),
  row({
    method: 'POST',
    route: '/company/invitations/accept',
    variant: 'an unknown link',
    request: () => ({ path: '/company/invitations/accept', body: { invite_token: 'not-a-real-token', name: 'Nobody', password: PASSWORD } }),
    expect: everyone([404, 'INVITATION_INVALID']),
  }),
  row({
    method: 'GET',
    route: '/companies',
    request: () => ({ path: '/companies' }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/companies', query: { limit: '1000' } }),
  }),
  row({
    method: 'GET',
    route: '/companies/export.csv',
    request: () => ({ path: '/companies/export.csv', query: { q: 'Company A' } }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/companies/export.csv', query: { q: 'x'.repeat(101) } }),
  }),
  row({
    method: 'GET',
    route: '/companies/:id',
    request: (w) => ({ path: `/companies/${w.accounts.clientA.user.company_id}` }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/companies/abc' }),
  }),

  // notifications: each person's own
  // search: every signed-in person; what each finds is checked by the visibility rows below and search.int.test.ts
  row({
    method: 'GET',
    route: '/search',
    request: () => ({ path: '/search', query: { q: 'website' } }),
    expect: signedIn(OK),
    invalid: () => ({ path: '/search', query: { q: ' ' } }),
  }),
  row({
    method: 'GET',
    route: '/search',
    variant: "P's conversation",
    request: (w) => ({ path: '/search', query: { q: 'logo', conversation_id: w.conversationP } }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
  }),
  row({
    method: 'GET',
    route: '/notifications',
    request: () => ({ path: '/notifications' }),
    expect: signedIn(OK),
    invalid: () => ({ path: '/notifications', query: { limit: '0' } }),
  }),
  row({ method: 'GET', route: '/notifications/unread-count', request: () => ({ path: '/notifications/unread-count' }), expect: signedIn(OK) }),
  // Marking read twice changes nothing, so the row shares client A's notification.
  row({
    method: 'POST',
    route: '/notifications/:id/read',
    request: (w) => ({ path: `/notifications/${w.notificationA}/read` }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: HIDE,
      billingA: HIDE,
      memberA: HIDE,
      clientB: HIDE,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: HIDE,
      superadmin: HIDE,
    },
    invalid: () => ({ path: '/notifications/abc/read' }),
  }),
  row({ method: 'POST', route: '/notifications/read-all', request: () => ({ path: '/notifications/read-all' }), expect: signedIn(OK) }),

  // tool requests: clients ask, staff decide
  row({
    method: 'POST',
    route: '/tool-requests',
    request: () => ({ path: '/tool-requests', body: TOOL_REQUEST }),
    expect: {
      anonymous: UNAUTH,
      clientA: CREATED,
      ownerA2: CREATED,
      billingA: CREATED,
      memberA: CREATED,
      clientB: CREATED,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/tool-requests', body: { ...TOOL_REQUEST, quantity: 0 } }),
  }),
  row({
    method: 'GET',
    route: '/tool-requests',
    request: () => ({ path: '/tool-requests' }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: OK,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/tool-requests', query: { status: 'lost' } }),
  }),
  row({
    method: 'GET',
    route: '/tool-requests/:id',
    request: (w) => ({ path: `/tool-requests/${w.toolRequestA}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/tool-requests/abc' }),
  }),
  row({
    method: 'POST',
    route: '/tool-requests/:id/decision',
    setup: (w) => toolRequest(w),
    request: (_w, _me, id) => ({ path: `/tool-requests/${id}/decision`, body: { action: 'approve' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: OK,
      superadmin: OK,
    },
    invalid: (w) => ({ path: `/tool-requests/${w.toolRequestA}/decision`, body: { action: 'explode' } }),
  }),

  // messaging, the super admin's side (SPEC section 7)
  row({
    method: 'GET',
    route: '/superadmin/conversations',
    request: (_w, me) => ({ path: '/superadmin/conversations', query: { user_id: me.id } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: () => ({ path: '/superadmin/conversations', query: {} }),
  }),
  row({
    method: 'GET',
    route: '/superadmin/messages/thread',
    request: (w) => ({ path: '/superadmin/messages/thread', query: conversationQuery(w) }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: () => ({ path: '/superadmin/messages/thread', query: { conversation_id: 'x' } }),
  }),
  row({
    method: 'GET',
    route: '/superadmin/get-all-messages',
    request: (_w, me) => ({ path: '/superadmin/get-all-messages', query: { user_id: me.id, limit: '200' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
    invalid: () => ({ path: '/superadmin/get-all-messages', query: {} }),
  }),
  // Receipts are idempotent, so these rows share the two messages of P's conversation.
  ...(['delivered', 'read'] as const).flatMap((mark) => [
    row({
      method: 'PUT',
      route: `/superadmin/messages/:id/${mark}`,
      variant: 'received',
      request: (w) => ({ path: `/superadmin/messages/${w.messageFromA}/${mark}` }),
      expect: {
        anonymous: UNAUTH,
        clientA: DENY,
        ownerA2: DENY,
        billingA: DENY,
        memberA: DENY,
        clientB: DENY,
        memberOn: DENY,
        memberOff: DENY,
        teamlead: DENY,
        admin: DENY,
        superadmin: OK,
      },
      invalid: () => ({ path: `/superadmin/messages/abc/${mark}` }),
    }),
    row({
      method: 'PUT',
      route: `/superadmin/messages/:id/${mark}`,
      variant: 'sent: only the receiver marks',
      request: (w) => ({ path: `/superadmin/messages/${w.messageToA}/${mark}` }),
      expect: {
        anonymous: UNAUTH,
        clientA: DENY,
        ownerA2: DENY,
        billingA: DENY,
        memberA: DENY,
        clientB: DENY,
        memberOn: DENY,
        memberOff: DENY,
        teamlead: DENY,
        admin: DENY,
        superadmin: DENY,
      },
    }),
  ]),
  row({
    method: 'POST',
    route: '/superadmin/send-message',
    request: (w, me) => ({
      path: '/superadmin/send-message',
      body: { sender_id: me.id, receiver_id: idOf(w, 'clientA'), conversation_id: w.conversationP, message_content: 'From the matrix' },
    }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: CREATED,
    },
    invalid: () => ({ path: '/superadmin/send-message', body: {} }),
  }),

  // messaging, the client's mirror: a client's people talk about their company's projects only
  row({
    method: 'GET',
    route: '/client/conversations',
    request: (_w, me) => ({ path: '/client/conversations', query: { user_id: me.id } }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: OK,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/client/conversations', query: {} }),
  }),
  row({
    method: 'GET',
    route: '/client/messages/thread',
    request: (w) => ({ path: '/client/messages/thread', query: conversationQuery(w) }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/client/messages/thread', query: { conversation_id: 'x' } }),
  }),
  row({
    method: 'GET',
    route: '/client/get-all-messages',
    request: (_w, me) => ({ path: '/client/get-all-messages', query: { user_id: me.id, limit: '200' } }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: OK,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/client/get-all-messages', query: {} }),
  }),
  ...(['delivered', 'read'] as const).flatMap((mark) => [
    row({
      method: 'PUT',
      route: `/client/messages/:id/${mark}`,
      variant: 'received',
      request: (w) => ({ path: `/client/messages/${w.messageToA}/${mark}` }),
      expect: {
        anonymous: UNAUTH,
        clientA: OK,
        ownerA2: OK,
        billingA: OK,
        memberA: OK,
        clientB: HIDE,
        memberOn: DENY,
        memberOff: DENY,
        teamlead: DENY,
        admin: DENY,
        superadmin: DENY,
      },
      invalid: () => ({ path: `/client/messages/abc/${mark}` }),
    }),
    row({
      method: 'PUT',
      route: `/client/messages/:id/${mark}`,
      variant: 'sent: only the receiver marks',
      request: (w) => ({ path: `/client/messages/${w.messageFromA}/${mark}` }),
      expect: {
        anonymous: UNAUTH,
        clientA: DENY,
        ownerA2: DENY,
        billingA: DENY,
        memberA: DENY,
        clientB: HIDE,
        memberOn: DENY,
        memberOff: DENY,
        teamlead: DENY,
        admin: DENY,
        superadmin: DENY,
      },
    }),
  ]),
  row({
    method: 'POST',
    route: '/client/send-message',
    request: (w, me) => ({
      path: '/client/send-message',
      body: { sender_id: me.id, receiver_id: idOf(w, 'superadmin'), conversation_id: w.conversationP, message_content: 'From the matrix' },
    }),
    expect: {
      anonymous: UNAUTH,
      clientA: CREATED,
      ownerA2: CREATED,
      billingA: CREATED,
      memberA: CREATED,
      clientB: HIDE,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: DENY,
    },
    invalid: () => ({ path: '/client/send-message', body: {} }),
  }),

  // messaging, both sides
  row({
    method: 'GET',
    route: '/messages/unread-count',
    request: () => ({ path: '/messages/unread-count' }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: OK,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: OK,
    },
  }),
  row({
    method: 'POST',
    route: '/messages/uploads',
    request: () => {
      const upload = multipart([{ name: 'shot.png', content: PNG, type: 'image/png' }]);
      return { path: '/messages/uploads', body: upload.body, headers: upload.headers };
    },
    expect: {
      anonymous: UNAUTH,
      clientA: CREATED,
      ownerA2: CREATED,
      billingA: CREATED,
      memberA: CREATED,
      clientB: CREATED,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: DENY,
      admin: DENY,
      superadmin: CREATED,
    },
  }),
  // A file of a message is served to its sender and receiver by session, to anyone by signed URL, else 404.
  row({
    method: 'GET',
    route: '/messages/attachments/:stored_filename',
    variant: 'by session',
    request: (w) => ({ path: `/messages/attachments/${w.messageFile.storedFilename}` }),
    expect: {
      anonymous: HIDE,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: HIDE,
      superadmin: OK,
    },
  }),
  row({
    method: 'GET',
    route: '/messages/attachments/:stored_filename',
    variant: 'signed',
    request: (w) => splitUrl(w.messageFile.url),
    expect: everyone(OK),
  }),

  // the board: P's team and staff; clients and employees off the project are told nothing (404)
  row({
    method: 'GET',
    route: '/projects/:id/board',
    variant: 'P',
    request: (w) => ({ path: `/projects/${w.projectP}/board` }),
    expect: BOARD_TEAM(OK),
    invalid: () => ({ path: '/projects/abc/board' }),
  }),
  row({
    method: 'GET',
    route: '/projects/:id/board',
    variant: 'Q, pending: no board yet',
    request: (w) => ({ path: `/projects/${w.projectQ}/board` }),
    expect: { ...BOARD_TEAM(HIDE), admin: BOARD_CLOSED, superadmin: BOARD_CLOSED },
  }),
  row({
    method: 'GET',
    route: '/projects/:id/progress',
    request: (w) => ({ path: `/projects/${w.projectP}/progress` }),
    expect: {
      anonymous: UNAUTH,
      clientA: OK,
      ownerA2: OK,
      billingA: OK,
      memberA: OK,
      clientB: HIDE,
      memberOn: OK,
      memberOff: HIDE,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/projects/abc/progress' }),
  }),
  row({
    method: 'POST',
    route: '/projects/:id/board/cards',
    request: (w) => ({ path: `/projects/${w.projectP}/board/cards`, body: { column_id: w.columnsP.backlog, title: 'From the matrix' } }),
    expect: BOARD_TEAM(CREATED),
    invalid: (w) => ({ path: `/projects/${w.projectP}/board/cards`, body: { column_id: w.columnsP.backlog, title: 'x'.repeat(201) } }),
  }),
  // Column management is the project lead's and staff's: a member on the project is refused by the record (403).
  row({
    method: 'POST',
    route: '/projects/:id/board/columns',
    setup: (w) => approvedProject(w),
    request: (_w, _me, id) => ({ path: `/projects/${id}/board/columns`, body: { name: 'QA', wip_limit: 2 } }),
    expect: COLUMN_MANAGERS(CREATED),
  }),
  row({
    method: 'PATCH',
    route: '/board/columns/:id',
    request: (w) => ({ path: `/board/columns/${w.columnsP.backlog}`, body: { name: 'Backlog' } }),
    expect: COLUMN_MANAGERS(OK),
  }),
  row({
    method: 'POST',
    route: '/board/columns/:id/move',
    request: (w) => ({ path: `/board/columns/${w.columnsP.backlog}/move`, body: { before_column_id: w.columnsP.todo } }),
    expect: COLUMN_MANAGERS(OK),
  }),
  row({
    method: 'DELETE',
    route: '/board/columns/:id',
    setup: async (w) => {
      const res = await call(w.app, 'POST', `/projects/${w.projectP}/board/columns`, {
        token: tokenOf(w, 'superadmin'),
        body: { name: 'Short-lived' },
      });
      return must(res, 201, 'column to delete').body.column.id as string;
    },
    request: (_w, _me, id) => ({ path: `/board/columns/${id}` }),
    expect: COLUMN_MANAGERS(NO_CONTENT),
  }),
  row({
    method: 'GET',
    route: '/board/my-cards',
    request: () => ({ path: '/board/my-cards' }),
    expect: { ...signedIn(OK), clientA: HIDE, ownerA2: HIDE, billingA: HIDE, memberA: HIDE, clientB: HIDE },
  }),
  row({
    method: 'GET',
    route: '/board/summaries',
    request: () => ({ path: '/board/summaries' }),
    expect: { ...signedIn(OK), clientA: HIDE, ownerA2: HIDE, billingA: HIDE, memberA: HIDE, clientB: HIDE },
  }),
  row({
    method: 'GET',
    route: '/board/cards/:id',
    request: (w) => ({ path: `/board/cards/${w.cardP}` }),
    expect: BOARD_TEAM(OK),
    invalid: () => ({ path: '/board/cards/abc' }),
  }),
  row({
    method: 'PATCH',
    route: '/board/cards/:id',
    setup: (w) => cardOnP(w),
    request: (_w, _me, card) => ({ path: `/board/cards/${card.id}`, body: { version: card.version, title: 'Edited by the matrix' } }),
    expect: BOARD_TEAM(OK),
    invalid: (w) => ({ path: `/board/cards/${w.cardP}`, body: { title: 'No version' } }),
  }),
  // The project lead and staff delete any card; a member only the cards they made (this one is the lead's).
  row({
    method: 'DELETE',
    route: '/board/cards/:id',
    setup: (w) => cardOnP(w),
    request: (_w, _me, card) => ({ path: `/board/cards/${card.id}`, query: { version: String(card.version) } }),
    expect: { ...BOARD_TEAM(NO_CONTENT), memberOn: DENY },
  }),
  row({
    method: 'POST',
    route: '/board/cards/:id/move',
    setup: (w) => cardOnP(w),
    request: (w, _me, card) => ({ path: `/board/cards/${card.id}/move`, body: { version: card.version, column_id: w.columnsP.doing } }),
    expect: BOARD_TEAM(OK),
    invalid: (w) => ({ path: `/board/cards/${w.cardP}/move`, body: { version: 1 } }),
  }),
  row({
    method: 'POST',
    route: '/board/cards/:id/comments',
    request: (w) => ({ path: `/board/cards/${w.cardP}/comments`, body: { body: 'A comment from the matrix' } }),
    expect: BOARD_TEAM(CREATED),
    invalid: (w) => ({ path: `/board/cards/${w.cardP}/comments`, body: { body: '' } }),
  }),
  row({
    method: 'POST',
    route: '/board/cards/:id/attachments',
    setup: (w) => cardOnP(w),
    request: (_w, _me, card) => {
      const upload = multipart([{ name: 'notes.txt', content: Buffer.from('notes') }]);
      return { path: `/board/cards/${card.id}/attachments`, body: upload.body, headers: upload.headers };
    },
    expect: BOARD_TEAM(CREATED),
  }),
  row({
    method: 'DELETE',
    route: '/board/cards/:id/attachments/:attachmentId',
    setup: (w) => cardWithFile(w),
    request: (_w, _me, fresh) => ({ path: `/board/cards/${fresh.card}/attachments/${fresh.file.id}` }),
    expect: BOARD_TEAM(NO_CONTENT),
  }),
  row({
    method: 'GET',
    route: '/board/cards/:id/attachments/:attachmentId/download',
    variant: 'signed',
    request: (w) => splitUrl(w.cardFileP.url),
    expect: everyone(OK),
  }),
  row({
    method: 'GET',
    route: '/board/cards/:id/attachments/:attachmentId/download',
    variant: 'forged signature',
    request: (w) => ({ path: `/board/cards/${w.cardP}/attachments/${w.cardFileP.id}/download`, query: { expires: '4102444800', sig: 'forged' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),

  // training: staff write and assign; employees read and complete what is theirs; leads see their team's progress
  row({ method: 'GET', route: '/training/modules', request: () => ({ path: '/training/modules' }), expect: STAFF_ONLY(OK) }),
  row({
    method: 'POST',
    route: '/training/modules',
    request: () => ({ path: '/training/modules', body: { title: 'Created by the matrix' } }),
    expect: STAFF_ONLY(CREATED),
    invalid: () => ({ path: '/training/modules', body: { title: 'x' } }),
  }),
  row({
    method: 'GET',
    route: '/training/modules/:id',
    variant: 'published for employees',
    request: (w) => ({ path: `/training/modules/${w.moduleT}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: OK,
      memberOff: OK,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
    invalid: () => ({ path: '/training/modules/abc' }),
  }),
  row({
    method: 'GET',
    route: '/training/modules/:id',
    variant: 'a draft',
    setup: (w) => trainingModule(w, 'Draft module'),
    request: (_w, _me, id) => ({ path: `/training/modules/${id}` }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: HIDE,
      memberOff: HIDE,
      teamlead: HIDE,
      admin: OK,
      superadmin: OK,
    },
  }),
  row({
    method: 'PATCH',
    route: '/training/modules/:id',
    setup: (w) => trainingModule(w),
    request: (_w, _me, id) => ({ path: `/training/modules/${id}`, body: { title: 'Renamed by the matrix' } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/training/modules/${w.moduleT}`, body: {} }),
  }),
  row({
    method: 'DELETE',
    route: '/training/modules/:id',
    setup: (w) => trainingModule(w),
    request: (_w, _me, id) => ({ path: `/training/modules/${id}` }),
    expect: STAFF_ONLY(NO_CONTENT),
    invalid: () => ({ path: '/training/modules/0' }),
  }),
  row({
    method: 'POST',
    route: '/training/modules/:id/move',
    request: (w) => ({ path: `/training/modules/${w.moduleT}/move`, body: {} }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/training/modules/${w.moduleT}/move`, body: { before_module_id: 'first' } }),
  }),
  row({
    method: 'PUT',
    route: '/training/modules/:id/assignment',
    setup: (w) => trainingModule(w),
    request: (_w, _me, id) => ({ path: `/training/modules/${id}/assignment`, body: { roles: ['teamlead'], due_date: '2030-01-31' } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/training/modules/${w.moduleT}/assignment`, body: { roles: ['client'] } }),
  }),
  row({
    method: 'POST',
    route: '/training/modules/:id/materials',
    setup: (w) => trainingModule(w),
    request: (_w, _me, id) => ({ path: `/training/modules/${id}/materials`, body: { title: 'Added by the matrix', content: 'Text' } }),
    expect: STAFF_ONLY(CREATED),
    invalid: (w) => ({
      path: `/training/modules/${w.moduleT}/materials`,
      body: { title: 'Link', link_url: 'javascript:alert(1)', link_kind: 'video' },
    }),
  }),
  row({
    method: 'PATCH',
    route: '/training/materials/:id',
    request: (w) => ({ path: `/training/materials/${w.materialT}`, body: { title: 'Matrix material' } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/training/materials/${w.materialT}`, body: { title: 'x' } }),
  }),
  row({
    method: 'DELETE',
    route: '/training/materials/:id',
    setup: (w) => trainingMaterial(w),
    request: (_w, _me, id) => ({ path: `/training/materials/${id}` }),
    expect: STAFF_ONLY(NO_CONTENT),
  }),
  row({
    method: 'POST',
    route: '/training/materials/:id/move',
    request: (w) => ({ path: `/training/materials/${w.materialT}/move`, body: {} }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/training/materials/${w.materialT}/move`, body: { after_material_id: 'x' } }),
  }),
  row({
    method: 'POST',
    route: '/training/materials/:id/file',
    setup: (w) => trainingMaterial(w),
    request: (_w, _me, id) => {
      const upload = multipart([{ name: 'slides.txt', content: Buffer.from('slides') }]);
      return { path: `/training/materials/${id}/file`, body: upload.body, headers: upload.headers };
    },
    expect: STAFF_ONLY(CREATED),
  }),
  row({ method: 'GET', route: '/training/materials/:id/file', variant: 'signed', request: (w) => splitUrl(w.trainingFileUrl), expect: everyone(OK) }),
  row({
    method: 'GET',
    route: '/training/materials/:id/file',
    variant: 'forged signature',
    request: (w) => ({ path: `/training/materials/${w.materialT}/file`, query: { expires: '4102444800', sig: 'forged' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  // Completing is idempotent, so these rows share the module's material.
  ...(['POST', 'DELETE'] as const).map((method) =>
    row({
      method,
      route: '/training/materials/:id/complete',
      request: (w) => ({ path: `/training/materials/${w.materialT}/complete` }),
      expect: {
        anonymous: UNAUTH,
        clientA: DENY,
        ownerA2: DENY,
        billingA: DENY,
        memberA: DENY,
        clientB: DENY,
        memberOn: OK,
        memberOff: OK,
        teamlead: OK,
        admin: DENY,
        superadmin: DENY,
      },
      invalid: () => ({ path: '/training/materials/abc/complete' }),
    }),
  ),
  row({
    method: 'GET',
    route: '/training/my',
    request: () => ({ path: '/training/my' }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: OK,
      memberOff: OK,
      teamlead: OK,
      admin: DENY,
      superadmin: DENY,
    },
  }),
  row({
    method: 'GET',
    route: '/training/progress',
    request: () => ({ path: '/training/progress' }),
    expect: {
      anonymous: UNAUTH,
      clientA: DENY,
      ownerA2: DENY,
      billingA: DENY,
      memberA: DENY,
      clientB: DENY,
      memberOn: DENY,
      memberOff: DENY,
      teamlead: OK,
      admin: OK,
      superadmin: OK,
    },
  }),

  // --- Time ---------------------------------------------------------------------------------------------------
  row({
    method: 'GET',
    route: '/time-entries',
    request: (w) => ({ path: '/time-entries', query: { project_id: w.projectP } }),
    expect: NOT_CLIENTS(OK),
    invalid: () => ({ path: '/time-entries', query: { status: 'lost' } }),
  }),
  row({
    method: 'POST',
    route: '/time-entries',
    setup: async (w) => freshWeek(w),
    request: (w, _me, { monday }) => ({
      path: '/time-entries',
      body: { project_id: w.projectP, started_at: zonedMoment(monday, 10 * 60, w.app.ctx.config.agencyTimeZone).toISOString(), minutes: 45 },
    }),
    expect: TRACKERS_ON_P(CREATED),
    invalid: (w) => ({ path: '/time-entries', body: { project_id: w.projectP, date: '2025-01-06', minutes: 0 } }),
  }),
  row({ method: 'GET', route: '/time-entries/:id', request: (w) => ({ path: `/time-entries/${w.entryP}` }), expect: SPENT_READERS(OK) }),
  row({
    method: 'PATCH',
    route: '/time-entries/:id',
    setup: (w) => entryOnP(w),
    request: (_w, _me, entry) => ({ path: `/time-entries/${entry.id}`, body: { note: 'Edited by the matrix' } }),
    expect: SPENT_OWNER(OK),
  }),
  row({
    method: 'DELETE',
    route: '/time-entries/:id',
    setup: (w) => entryOnP(w),
    request: (_w, _me, entry) => ({ path: `/time-entries/${entry.id}` }),
    expect: SPENT_OWNER(NO_CONTENT),
  }),
  row({
    method: 'POST',
    route: '/timers/start',
    setup: (w, caller) => withoutTimer(w, caller),
    request: (w) => ({ path: '/timers/start', body: { project_id: w.projectP } }),
    expect: TRACKERS_ON_P(CREATED),
    invalid: () => ({ path: '/timers/start', body: {} }),
  }),
  // The member off P has no project to time: nothing runs for them.
  row({
    method: 'POST',
    route: '/timers/stop',
    setup: async (w, caller) => {
      await withoutTimer(w, caller);
      if (caller === 'memberOn' || caller === 'teamlead') {
        must(await call(w.app, 'POST', '/timers/start', { token: tokenOf(w, caller), body: { project_id: w.projectP } }), 201, 'start timer');
      }
    },
    request: () => ({ path: '/timers/stop', body: {} }),
    expect: { ...EMPLOYEES(OK), memberOff: [409, 'CONFLICT'] },
  }),
  row({ method: 'GET', route: '/timers/current', request: () => ({ path: '/timers/current' }), expect: EMPLOYEES(OK) }),
  row({ method: 'DELETE', route: '/timers/current', request: () => ({ path: '/timers/current' }), expect: EMPLOYEES(NO_CONTENT) }),
  row({
    method: 'GET',
    route: '/timesheets',
    request: (w) => ({ path: '/timesheets', query: { user_id: idOf(w, 'memberOn'), week: '2025-W03' } }),
    expect: SPENT_READERS(OK),
    invalid: (w) => ({ path: '/timesheets', query: { user_id: idOf(w, 'memberOn'), week: '2025-W99' } }),
  }),
  row({ method: 'GET', route: '/timesheets/approvals', request: () => ({ path: '/timesheets/approvals' }), expect: NOT_CLIENTS(OK) }),
  row({
    method: 'POST',
    route: '/timesheets/submit',
    setup: async (w) => freshWeek(w),
    request: (_w, _me, { week }) => ({ path: '/timesheets/submit', body: { week } }),
    expect: EMPLOYEES(OK),
    invalid: () => ({ path: '/timesheets/submit', body: { week: 'last week' } }),
  }),
  // The member decides nothing of their own week; the lead of P and staff decide it.
  ...(['approve', 'reject'] as const).map((decision) =>
    row({
      method: 'POST',
      route: `/timesheets/${decision}`,
      setup: (w) => submittedWeekOnP(w),
      request: (w, _me, week) => ({
        path: `/timesheets/${decision}`,
        body: { user_id: idOf(w, 'memberOn'), week, ...(decision === 'reject' ? { reason: 'Split the time by card' } : {}) },
      }),
      expect: { ...SPENT_READERS(OK), memberOn: DENY },
    }),
  ),
  ...(['GET', 'PATCH'] as const).flatMap((method) => [
    row({
      method,
      route: '/projects/:id/rates',
      request: (w) => ({ path: `/projects/${w.projectP}/rates`, ...(method === 'PATCH' ? { body: { hourly_rate: 8000 } } : {}) }),
      expect: STAFF_ONLY(OK),
      ...(method === 'PATCH' ? { invalid: (w: World) => ({ path: `/projects/${w.projectP}/rates`, body: { hourly_rate: -5 } }) } : {}),
    }),
    row({
      method,
      route: '/users/:id/rates',
      request: (w) => ({ path: `/users/${idOf(w, 'memberOn')}/rates`, ...(method === 'PATCH' ? { body: { cost_rate: 4500 } } : {}) }),
      expect: STAFF_ONLY(OK),
      ...(method === 'PATCH' ? { invalid: (w: World) => ({ path: `/users/${idOf(w, 'memberOn')}/rates`, body: { cost_rate: 'lots' } }) } : {}),
    }),
  ]),
  row({
    method: 'GET',
    route: '/expenses',
    request: () => ({ path: '/expenses' }),
    expect: NOT_CLIENTS(OK),
    invalid: () => ({ path: '/expenses', query: { from: '2025-13-01' } }),
  }),
  row({
    method: 'POST',
    route: '/expenses',
    request: (w) => ({
      path: '/expenses',
      body: { project_id: w.projectP, date: '2025-02-03', amount: 990, category: 'meals', description: 'Lunch with the team' },
    }),
    expect: { ...NOT_CLIENTS(CREATED), memberOff: HIDE },
    invalid: (w) => ({ path: '/expenses', body: { project_id: w.projectP, date: '2025-02-03', amount: 0, category: 'meals', description: 'x' } }),
  }),
  row({ method: 'GET', route: '/expenses/:id', request: (w) => ({ path: `/expenses/${w.expenseP}` }), expect: SPENT_READERS(OK) }),
  row({
    method: 'PATCH',
    route: '/expenses/:id',
    setup: (w) => expenseOnP(w),
    request: (_w, _me, expense) => ({ path: `/expenses/${expense.id}`, body: { amount: 1300 } }),
    expect: SPENT_OWNER(OK),
  }),
  row({
    method: 'DELETE',
    route: '/expenses/:id',
    setup: (w) => expenseOnP(w),
    request: (_w, _me, expense) => ({ path: `/expenses/${expense.id}` }),
    expect: SPENT_OWNER(NO_CONTENT),
  }),
  row({
    method: 'POST',
    route: '/expenses/:id/submit',
    setup: (w) => expenseOnP(w),
    request: (_w, _me, expense) => ({ path: `/expenses/${expense.id}/submit` }),
    expect: SPENT_OWNER(OK),
  }),
  ...(['approve', 'reject'] as const).map((decision) =>
    row({
      method: 'POST',
      route: `/expenses/:id/${decision}`,
      setup: (w) => expenseOnP(w, true),
      request: (_w, _me, expense) => ({
        path: `/expenses/${expense.id}/${decision}`,
        ...(decision === 'reject' ? { body: { reason: 'No receipt attached' } } : {}),
      }),
      expect: { ...SPENT_READERS(OK), memberOn: DENY, teamlead: DENY },
    }),
  ),
  row({
    method: 'POST',
    route: '/expenses/:id/receipt',
    setup: (w) => expenseOnP(w),
    request: (_w, _me, expense) => {
      const upload = multipart([{ name: 'receipt.png', content: PNG }]);
      return { path: `/expenses/${expense.id}/receipt`, body: upload.body, headers: upload.headers };
    },
    expect: SPENT_OWNER(CREATED),
  }),
  row({
    method: 'GET',
    route: '/expenses/:id/receipt',
    variant: 'signed',
    setup: async (w) => {
      const expense = await expenseOnP(w);
      const upload = multipart([{ name: 'receipt.png', content: PNG }]);
      const res = await call(w.app, 'POST', `/expenses/${expense.id}/receipt`, {
        token: tokenOf(w, 'memberOn'),
        body: upload.body,
        headers: upload.headers,
      });
      return must(res, 201, 'receipt').body.expense.receipt.url as string;
    },
    request: (_w, _me, url) => splitUrl(url),
    expect: everyone(OK),
  }),
  row({
    method: 'GET',
    route: '/expenses/:id/receipt',
    variant: 'forged signature',
    request: (w) => ({ path: `/expenses/${w.expenseP}/receipt`, query: { expires: '4102444800', sig: 'forged' } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  row({
    method: 'GET',
    route: '/invoices/:id/billable',
    setup: (w) => draftOnP(w),
    request: (_w, _me, id) => ({ path: `/invoices/${id}/billable`, query: { group_by: 'person' } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/invoices/${w.entryP}/billable`, query: { group_by: 'week' } }),
  }),
  row({
    method: 'POST',
    route: '/invoices/:id/bill-time',
    setup: (w, caller) => draftOnP(w, caller),
    request: (_w, _me, id) => ({ path: `/invoices/${id}/bill-time`, body: { group_by: 'card' } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/invoices/${w.entryP}/bill-time`, body: { group_by: 'week' } }),
  }),
  row({
    method: 'GET',
    route: '/invoices/:id/time',
    setup: async (w) => {
      const id = await draftOnP(w);
      must(await call(w.app, 'POST', `/invoices/${id}/send`, { token: tokenOf(w, 'admin') }), 200, 'send');
      return id;
    },
    request: (_w, _me, id) => ({ path: `/invoices/${id}/time` }),
    expect: INVOICE_READERS(OK),
  }),
  row({
    method: 'PATCH',
    route: '/projects/:id/time-log',
    request: (w) => ({ path: `/projects/${w.projectP}/time-log`, body: { shared: true } }),
    expect: STAFF_ONLY(OK),
    invalid: (w) => ({ path: `/projects/${w.projectP}/time-log`, body: { shared: 'yes' } }),
  }),
  row({
    method: 'GET',
    route: '/projects/:id/time-log',
    setup: async (w) => {
      const res = await call(w.app, 'PATCH', `/projects/${w.projectP}/time-log`, { token: tokenOf(w, 'admin'), body: { shared: true } });
      must(res, 200, 'share the time log');
    },
    request: (w) => ({ path: `/projects/${w.projectP}/time-log` }),
    expect: INVOICE_READERS(OK),
    invalid: (w) => ({ path: `/projects/${w.projectP}/time-log`, query: { from: '2025-13-01' } }),
  }),
  row({
    method: 'GET',
    route: '/projects/:id/profitability',
    request: (w) => ({ path: `/projects/${w.projectP}/profitability` }),
    expect: PROFITABILITY_P(OK),
  }),
  row({
    method: 'GET',
    route: '/projects/:id/burn',
    request: (w) => ({ path: `/projects/${w.projectP}/burn`, query: { interval: 'month' } }),
    expect: PROFITABILITY_P(OK),
  }),
  row({
    method: 'GET',
    route: '/reports/profitability',
    request: () => ({ path: '/reports/profitability', query: { group_by: 'client' } }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/reports/profitability', query: { group_by: 'team' } }),
  }),
  row({
    method: 'GET',
    route: '/reports/profitability/export.csv',
    request: () => ({ path: '/reports/profitability/export.csv', query: { group_by: 'month' } }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/reports/profitability/export.csv', query: { from: '2025-1' } }),
  }),
  // outgoing webhooks: admins and the super admin
  row({
    method: 'POST',
    route: '/webhooks',
    request: () => ({ path: '/webhooks', body: WEBHOOK_BODY }),
    expect: STAFF_ONLY(CREATED),
    invalid: () => ({ path: '/webhooks', body: { ...WEBHOOK_BODY, events: ['project.exploded'] } }),
  }),
  row({ method: 'GET', route: '/webhooks', request: () => ({ path: '/webhooks' }), expect: STAFF_ONLY(OK) }),
  row({
    method: 'DELETE',
    route: '/webhooks/:id',
    setup: (w) => webhookWithDelivery(w),
    request: (_w, _me, made) => ({ path: `/webhooks/${made.webhook}` }),
    expect: STAFF_ONLY(NO_CONTENT),
    invalid: () => ({ path: '/webhooks/abc' }),
  }),
  row({
    method: 'GET',
    route: '/webhooks/:id/deliveries',
    setup: (w) => webhookWithDelivery(w),
    request: (_w, _me, made) => ({ path: `/webhooks/${made.webhook}/deliveries` }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/webhooks/abc/deliveries' }),
  }),
  row({
    method: 'POST',
    route: '/webhooks/:id/deliveries/:delivery_id/replay',
    setup: (w) => webhookWithDelivery(w),
    request: (_w, _me, made) => ({ path: `/webhooks/${made.webhook}/deliveries/${made.delivery}/replay` }),
    expect: STAFF_ONLY(ACCEPTED),
    invalid: () => ({ path: '/webhooks/1/deliveries/abc/replay' }),
  }),
  row({
    method: 'POST',
    route: '/webhooks/:id/deliveries/:delivery_id/replay',
    variant: "another endpoint's delivery",
    setup: async (w) => ({ first: await webhookWithDelivery(w), second: await webhookWithDelivery(w) }),
    request: (_w, _me, made) => ({ path: `/webhooks/${made.first.webhook}/deliveries/${made.second.delivery}/replay` }),
    expect: STAFF_ONLY(HIDE),
  }),

  // replies by e-mail: the provider's webhook answers only to INBOUND_EMAIL_SECRET (unset here), never to a session
  row({
    method: 'POST',
    route: '/inbound-email',
    request: () => ({
      path: '/inbound-email',
      body: 'From: a@x.example\r\nTo: reply+1-00@reply.example\r\nSubject: hi\r\n\r\nhello\r\n',
      headers: { 'content-type': 'message/rfc822' },
    }),
    expect: everyone(UNAUTH),
  }),

  // one-tap document links: redeeming needs only the token; the scope itself is tested in document-links.int.test.ts
  row({
    method: 'POST',
    route: '/document-links/redeem',
    request: () => ({ path: '/document-links/redeem', body: { token: `1-${'A'.repeat(43)}` } }),
    expect: everyone([404, 'LINK_INVALID']),
  }),
  row({
    method: 'GET',
    route: '/document-links/current',
    request: () => ({ path: '/document-links/current' }),
    expect: signedIn(HIDE),
  }),
  row({
    method: 'POST',
    route: '/document-links/code',
    request: () => ({ path: '/document-links/code' }),
    expect: signedIn(DENY),
  }),
  row({
    method: 'GET',
    route: '/document-links',
    request: (w) => ({ path: '/document-links', query: { kind: 'contract', document_id: w.projectP } }),
    expect: STAFF_ONLY(OK),
    invalid: () => ({ path: '/document-links', query: { kind: 'letter', document_id: '1' } }),
  }),
  row({
    method: 'DELETE',
    route: '/document-links/:id',
    request: () => ({ path: '/document-links/999999' }),
    expect: STAFF_ONLY(HIDE),
    invalid: () => ({ path: '/document-links/abc' }),
  }),

  // the brand: the super admin sets it; its logo is public
  row({
    method: 'GET',
    route: '/settings/brand',
    request: () => ({ path: '/settings/brand' }),
    expect: SUPERADMIN_ONLY(OK),
  }),
  row({
    method: 'PATCH',
    route: '/settings/brand',
    request: () => ({ path: '/settings/brand', body: { contact_phone: '+44 20 7946 0001' } }),
    expect: SUPERADMIN_ONLY(OK),
    invalid: () => ({ path: '/settings/brand', body: { primary_color: '#ffff00' } }),
  }),
  row({
    method: 'PUT',
    route: '/settings/brand/logo',
    request: () => {
      const upload = multipart([{ name: 'logo.svg', content: Buffer.from(MATRIX_LOGO) }]);
      return { path: '/settings/brand/logo', body: upload.body, headers: upload.headers };
    },
    expect: SUPERADMIN_ONLY(OK),
  }),
  row({
    method: 'DELETE',
    route: '/settings/brand/logo',
    request: () => ({ path: '/settings/brand/logo' }),
    expect: SUPERADMIN_ONLY(OK),
  }),
  row({
    method: 'GET',
    route: '/brand/logo',
    setup: async (w) => {
      const upload = multipart([{ name: 'logo.svg', content: Buffer.from(MATRIX_LOGO) }]);
      const res = await call(w.app, 'PUT', '/settings/brand/logo', { token: tokenOf(w, 'superadmin'), body: upload.body, headers: upload.headers });
      must(res, 200, 'brand logo');
    },
    request: () => ({ path: '/brand/logo' }),
    expect: everyone(OK),
  }),
];

/**
 * What a list shows each caller who may read it: a record of client A (or B) appears exactly to those who may see
 * it. Callers the list route refuses are left out (the access rows above cover them).
 */
export type VisibilityRow = {
  name: string;
  request: (w: World, me: Me) => Request;
  /** The ids a page of the answer lists. */
  ids: (body: any) => string[];
  target: (w: World) => string;
  shown: Partial<Record<Account, boolean>>;
};

const itemIds = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

export const VISIBILITY_ROWS: VisibilityRow[] = [
  {
    name: "GET /api/time-entries lists the member on P's time",
    request: () => ({ path: '/time-entries', query: { limit: '200' } }),
    ids: itemIds,
    target: (w) => w.entryP,
    shown: { memberOn: true, memberOff: false, teamlead: true, admin: true, superadmin: true },
  },
  {
    name: "GET /api/expenses lists the member on P's expense",
    request: () => ({ path: '/expenses', query: { limit: '100' } }),
    ids: itemIds,
    target: (w) => w.expenseP,
    shown: { memberOn: true, memberOff: false, teamlead: true, admin: true, superadmin: true },
  },
  {
    name: 'GET /api/projects lists P',
    request: () => ({ path: '/projects', query: { q: TITLE_P } }),
    ids: itemIds,
    target: (w) => w.projectP,
    shown: {
      clientA: true,
      ownerA2: true,
      billingA: true,
      memberA: true,
      clientB: false,
      memberOn: true,
      memberOff: false,
      teamlead: true,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: 'GET /api/projects lists Q',
    request: () => ({ path: '/projects', query: { q: TITLE_Q } }),
    ids: itemIds,
    target: (w) => w.projectQ,
    shown: {
      clientA: false,
      ownerA2: false,
      billingA: false,
      memberA: false,
      clientB: true,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: 'GET /api/companies lists company A',
    request: () => ({ path: '/companies', query: { q: 'Company A' } }),
    ids: itemIds,
    target: (w) => w.accounts.clientA.user.company_id!,
    shown: { admin: true, superadmin: true },
  },
  {
    name: "GET /api/tool-requests lists client A's request",
    request: () => ({ path: '/tool-requests', query: { limit: '100' } }),
    ids: itemIds,
    target: (w) => w.toolRequestA,
    shown: { clientA: true, ownerA2: true, billingA: true, memberA: true, clientB: false, admin: true, superadmin: true },
  },
  {
    name: "GET /api/notifications lists client A's notification",
    request: () => ({ path: '/notifications', query: { limit: '100' } }),
    ids: itemIds,
    target: (w) => w.notificationA,
    shown: {
      clientA: true,
      ownerA2: false,
      billingA: false,
      memberA: false,
      clientB: false,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: false,
      superadmin: false,
    },
  },
  {
    name: "GET /api/client/conversations lists P's conversation",
    request: (_w, me) => ({ path: '/client/conversations', query: { user_id: me.id } }),
    ids: (body) => body.conversations.map((c: { conversation_id: string }) => c.conversation_id),
    target: (w) => w.conversationP,
    shown: { clientA: true, ownerA2: true, billingA: true, memberA: true, clientB: false },
  },
  {
    name: "GET /api/superadmin/conversations lists P's conversation",
    request: (_w, me) => ({ path: '/superadmin/conversations', query: { user_id: me.id } }),
    ids: (body) => body.conversations.map((c: { conversation_id: string }) => c.conversation_id),
    target: (w) => w.conversationP,
    shown: { superadmin: true },
  },
  {
    name: "GET /api/board/summaries lists P's board",
    request: () => ({ path: '/board/summaries' }),
    ids: (body) => body.items.map((s: { project: { id: string } }) => s.project.id),
    target: (w) => w.projectP,
    shown: { memberOn: true, memberOff: false, teamlead: true, admin: true, superadmin: true },
  },
  {
    name: "GET /api/board/my-cards lists P's card assigned to the member on P",
    request: () => ({ path: '/board/my-cards' }),
    ids: itemIds,
    target: (w) => w.cardP,
    shown: { memberOn: true, memberOff: false, teamlead: false, admin: false, superadmin: false },
  },
  {
    name: 'GET /api/search finds P',
    request: () => ({ path: '/search', query: { q: TITLE_P, kinds: 'project' } }),
    ids: itemIds,
    target: (w) => w.projectP,
    shown: {
      clientA: true,
      ownerA2: true,
      billingA: true,
      memberA: true,
      clientB: false,
      memberOn: true,
      memberOff: false,
      teamlead: true,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: 'GET /api/search finds Q',
    request: () => ({ path: '/search', query: { q: TITLE_Q, kinds: 'project' } }),
    ids: itemIds,
    target: (w) => w.projectQ,
    shown: {
      clientA: false,
      ownerA2: false,
      billingA: false,
      memberA: false,
      clientB: true,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: "GET /api/search finds client A's message",
    request: () => ({ path: '/search', query: { q: 'Here is the logo', kinds: 'message' } }),
    ids: itemIds,
    target: (w) => String(w.messageFromA),
    shown: {
      clientA: true,
      ownerA2: true,
      billingA: true,
      memberA: true,
      clientB: false,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: false,
      superadmin: true,
    },
  },
  {
    name: "GET /api/search finds P's card",
    request: () => ({ path: '/search', query: { q: 'Card with a file', kinds: 'card' } }),
    ids: itemIds,
    target: (w) => w.cardP,
    shown: {
      clientA: false,
      ownerA2: false,
      billingA: false,
      memberA: false,
      clientB: false,
      memberOn: true,
      memberOff: false,
      teamlead: true,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: 'GET /api/search finds company A',
    request: () => ({ path: '/search', query: { q: 'Company A', kinds: 'company' } }),
    ids: itemIds,
    target: (w) => w.accounts.clientA.user.company_id!,
    shown: {
      clientA: true,
      ownerA2: true,
      billingA: true,
      memberA: true,
      clientB: false,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: true,
      superadmin: true,
    },
  },
  {
    name: 'GET /api/search finds client A',
    request: () => ({ path: '/search', query: { q: 'Client A', kinds: 'person' } }),
    ids: itemIds,
    target: (w) => w.accounts.clientA.user.id,
    shown: {
      clientA: true,
      ownerA2: true,
      billingA: true,
      memberA: true,
      clientB: false,
      memberOn: false,
      memberOff: false,
      teamlead: false,
      admin: true,
      superadmin: true,
    },
  },
  ...(['client', 'superadmin'] as const).map((side): VisibilityRow => ({
    name: `GET /api/${side}/get-all-messages lists client A's message`,
    request: (_w, me) => ({ path: `/${side}/get-all-messages`, query: { user_id: me.id, since_id: '0', limit: '200' } }),
    ids: (body) => body.messages.map((m: { id: number }) => String(m.id)),
    target: (w) => String(w.messageFromA),
    shown: side === 'client' ? { clientA: true, ownerA2: true, billingA: true, memberA: true, clientB: false } : { superadmin: true },
  })),
];

/** A URL the API handed out (`/api/...?a=b`) as a request under /api. */
function splitUrl(url: string): Request {
  const parsed = new URL(url, 'http://app.test');
  return { path: parsed.pathname.replace(/^\/api/, ''), query: Object.fromEntries(parsed.searchParams) };
}

/** Fastify route pattern (`/invitations/:id`) or OpenAPI path (`/invitations/{id}`) -> matcher of concrete paths. */
export function routeMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (/^(:\w+|\{\w+\})$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Every route the app serves, read from `printRoutes({ commonPrefix: false })`: each line is a tree node whose
 * depth is given by its indentation (4 characters per level) and whose path extends its parent's.
 */
export function parseRouteTree(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
