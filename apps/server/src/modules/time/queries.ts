import {
  isCurrency,
  isoWeekOf,
  type ClientTimeItem,
  type Currency,
  type Expense,
  type InvoiceStatus,
  type Role,
  type TimeEntry,
} from '@agency/schema';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, timeScope, type ProjectFacts, type SpentFacts, type TimesheetFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { boardCards, expenses, invoices, projectMembers, projects, timeEntries, users } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';

export type EntryRow = typeof timeEntries.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInfo = { project: ProjectRow; facts: ProjectFacts };

export const ENTRY_NOT_FOUND = 'Time entry not found';
export const EXPENSE_NOT_FOUND = 'Expense not found';
export const PROJECT_NOT_FOUND = 'Project not found';
export const TIMESHEET_NOT_FOUND = 'Timesheet not found';

export function expenseReceiptPath(expenseId: number) {
  return `/api/expenses/${expenseId}/receipt`;
}

export function currencyOf(value: string): Currency {
  return isCurrency(value) ? value : 'GBP';
}

/** A project and what the access policy decides on; null when there is none. */
export async function projectInfo(db: DbOrTx, projectId: number): Promise<ProjectInfo | null> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return null;
  const members = await db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId));
  return {
    project,
    facts: { companyId: project.companyId, clientId: project.clientId, teamLeadId: project.teamLeadId, memberIds: members.map((m) => m.id) },
  };
}

export async function requireProject(db: DbOrTx, projectId: number): Promise<ProjectInfo> {
  const info = await projectInfo(db, projectId);
  if (!info) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
  return info;
}

/**
 * Where time goes: a project, or a card (whose project it is). Naming both, they must agree. Unknown records are
 * 404, exactly like records the caller may not see.
 */
export async function resolveTarget(db: DbOrTx, projectId: string | undefined, cardId: string | null | undefined) {
  let card: { id: number; projectId: number } | null = null;
  if (cardId) {
    [card = null] = await db
      .select({ id: boardCards.id, projectId: boardCards.projectId })
      .from(boardCards)
      .where(eq(boardCards.id, Number(cardId)));
    if (!card) throw new AppError('NOT_FOUND', 'Card not found');
    if (projectId && Number(projectId) !== card.projectId) throw new AppError('VALIDATION_FAILED', 'card_id: That card is on another project');
  }
  const info = await requireProject(db, card?.projectId ?? Number(projectId));
  return { ...info, cardId: card?.id ?? null };
}

/**
 * One person's time is changed by one transaction at a time (on every node): the overlap and day-total checks, the
 * week's status and the running timer are then read and written without a race.
 */
export async function lockPerson(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('time-person'), ${userId}::int)`);
}

const person = (id: number, name: string) => ({ id: String(id), name });

// --- Entries ------------------------------------------------------------------------------------------------

const entryColumns = { entry: timeEntries, userName: users.name, projectTitle: projects.title, cardTitle: boardCards.title };
export type EntryListRow = { entry: EntryRow; userName: string; projectTitle: string; cardTitle: string | null };

export function entryQuery(db: DbOrTx) {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(boardCards, eq(boardCards.id, timeEntries.cardId));
}

export function presentEntry(row: EntryListRow): TimeEntry {
  const e = row.entry;
  return {
    id: String(e.id),
    user_id: String(e.userId),
    user: person(e.userId, row.userName),
    project_id: String(e.projectId),
    project_title: row.projectTitle,
    card_id: e.cardId === null ? null : String(e.cardId),
    card_title: e.cardId === null ? null : row.cardTitle,
    started_at: e.startedAt.toISOString(),
    ended_at: new Date(e.startedAt.getTime() + e.minutes * 60_000).toISOString(),
    minutes: e.minutes,
    date: e.workDate,
    week: isoWeekOf(e.workDate),
    note: e.note,
    billable: e.billable,
    status: e.status,
    invoice_id: e.invoiceId === null ? null : String(e.invoiceId),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export async function presentEntryById(db: DbOrTx, id: number): Promise<TimeEntry> {
  const [row] = await entryQuery(db).where(eq(timeEntries.id, id));
  if (!row) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
  return presentEntry(row);
}

/** The cursor of a list ordered by start, newest first: the last start and id seen, opaque to clients. */
export function decodeStartCursor(cursor: string): { at: string; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || Number.isNaN(Date.parse(at)) || !/^\d{1,15}$/.test(id ?? '')) throw new AppError('BAD_REQUEST', 'cursor: invalid cursor');
  return { at, id: Number(id) };
}

export function encodeStartCursor(startedAt: Date, id: number): string {
  return Buffer.from(`${startedAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

/** What a list of time or expenses shows the caller (`timeScope`), as SQL over that table's person and project. */
export function visibleSpending(actor: Actor, columns: { userId: PgColumn; projectId: PgColumn }): SQL | undefined {
  const scope = timeScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'own':
      return eq(columns.userId, scope.userId);
    case 'lead':
      return or(eq(columns.userId, scope.userId), ledBy(columns.projectId, scope.userId));
  }
}

/** The project column is one of the projects this person leads. */
export function ledBy(projectId: PgColumn, leadId: number): SQL {
  return sql`${projectId} in (select ${projects.id} from ${projects} where ${projects.teamLeadId} = ${leadId})`;
}

/** An entry and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
export async function loadEntry(db: DbOrTx, actor: Actor, action: 'time:read' | 'time:edit', id: number) {
  const [entry] = await db.select().from(timeEntries).where(eq(timeEntries.id, id)).limit(1);
  if (!entry) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
  const info = await requireProject(db, entry.projectId);
  assertCan(actor, action, { ownerId: entry.userId, project: info.facts }, ENTRY_NOT_FOUND);
  return { entry, info };
}

// --- People and their weeks ---------------------------------------------------------------------------------

/**
 * A person whose time is tracked, with who leads the projects they are a member of, in one query; null for anyone
 * else.
 */
export async function timesheetFacts(db: DbOrTx, userId: number): Promise<{ name: string; role: Role; facts: TimesheetFacts } | null> {
  const [user] = await db
    .select({
      name: users.name,
      role: users.role,
      // Written out: in a one-table select Drizzle names columns without their table, which a subquery would misread.
      leadIds: sql<(string | number)[]>`array(
        select distinct p.team_lead_id from project_members pm join projects p on p.id = pm.project_id
        where pm.user_id = ${userId} and p.team_lead_id is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || (user.role !== 'teamlead' && user.role !== 'teammember')) return null;
  return { name: user.name, role: user.role, facts: { userId, userRole: user.role, leadIds: user.leadIds.map(Number) } };
}

export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// --- Expenses -----------------------------------------------------------------------------------------------

const expenseColumns = { expense: expenses, userName: users.name, projectTitle: projects.title };
export type ExpenseListRow = { expense: ExpenseRow; userName: string; projectTitle: string };

export function expenseQuery(db: DbOrTx) {
  return db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .innerJoin(projects, eq(projects.id, expenses.projectId));
}

export function presentExpense(ctx: AppContext, actor: Actor, row: ExpenseListRow): Expense {
  const x = row.expense;
  return {
    id: String(x.id),
    user_id: String(x.userId),
    user: person(x.userId, row.userName),
    project_id: String(x.projectId),
    project_title: row.projectTitle,
    date: x.date,
    amount: x.amount,
    currency: x.currency,
    category: x.category,
    description: x.description,
    billable: x.billable,
    status: x.status,
    invoice_id: x.invoiceId === null ? null : String(x.invoiceId),
    receipt:
      x.receiptStoredFilename && x.receiptName && x.receiptMime
        ? {
            name: x.receiptName,
            mime: x.receiptMime,
            size: x.receiptSize ?? 0,
            url: signUrl(ctx.signingKey, expenseReceiptPath(x.id), ctx.now(), ctx.config.signedUrlTtlMs, actor.sessionId),
          }
        : null,
    rejection_reason: x.status === 'rejected' ? x.rejectionReason : null,
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
  };
}

export async function presentExpenseById(ctx: AppContext, actor: Actor, id: number, db: DbOrTx = ctx.db): Promise<Expense> {
  const [row] = await expenseQuery(db).where(eq(expenses.id, id));
  if (!row) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
  return presentExpense(ctx, actor, row);
}

export async function loadExpense(db: DbOrTx, actor: Actor, action: 'time:read' | 'time:edit' | 'expense:decide', id: number) {
  const [expense] = await db.select().from(expenses).where(eq(expenses.id, id)).limit(1);
  if (!expense) throw new AppError('NOT_FOUND', EXPENSE_NOT_FOUND);
  const info = await requireProject(db, expense.projectId);
  const facts: SpentFacts = { ownerId: expense.userId, project: info.facts };
  assertCan(actor, action, facts, EXPENSE_NOT_FOUND);
  return { expense, info, facts };
}

export async function staffIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

// --- What a client sees of time -----------------------------------------------------------------------------

/**
 * Time as a client company reads it: the day, the minutes, who and on what, and whether it is on an issued invoice.
 * Time on a draft still reads as approved (the draft is the agency's own until it is sent), and so does time on a
 * voided invoice, which gives it back.
 */
export function clientTimeQuery(db: DbOrTx) {
  return db
    .select({
      id: timeEntries.id,
      workDate: timeEntries.workDate,
      startedAt: timeEntries.startedAt,
      minutes: timeEntries.minutes,
      note: timeEntries.note,
      person: users.name,
      cardTitle: boardCards.title,
      invoiceStatus: invoices.status,
    })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(boardCards, eq(boardCards.id, timeEntries.cardId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId));
}

export type ClientTimeRow = {
  id: number;
  workDate: string;
  startedAt: Date;
  minutes: number;
  note: string;
  person: string;
  cardTitle: string | null;
  invoiceStatus: InvoiceStatus | null;
};

export function presentClientTime(row: ClientTimeRow): ClientTimeItem {
  return {
    id: String(row.id),
    date: row.workDate,
    minutes: row.minutes,
    person: row.person,
    card_title: row.cardTitle,
    note: row.note,
    status: row.invoiceStatus !== null && row.invoiceStatus !== 'draft' && row.invoiceStatus !== 'void' ? 'billed' : 'approved',
  };
}
