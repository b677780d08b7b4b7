import { MAX_INVOICE_LINES, type BillTimeInput, type Invoice } from '@agency/schema';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { DbOrTx } from '../../../db/client.js';
import { billedItems, boardCards, expenses, projectRates, projects, timeEntries } from '../../../db/schema.js';
import { expenseLines, timeLines } from '../billing.js';
import type { TimeDeps } from '../deps.js';
import { currencyOf, namesOf } from '../queries.js';

const approvedUnbilled = (table: typeof timeEntries | typeof expenses, projectId: number) =>
  and(eq(table.projectId, projectId), eq(table.status, 'approved'), eq(table.billable, true), isNull(table.invoiceId));

/** What stops time from going onto an invoice in `currency`, or null: the project needs an hourly rate in it. */
export function timeBillingProblem(project: { currency: string }, hourlyRate: number | null, currency: string): string | null {
  if (hourlyRate === null) return 'The project has no hourly rate: set it before billing its time';
  if (currencyOf(project.currency) !== currency) {
    return `The project's hourly rate is in ${project.currency} and this invoice in ${currency}: bill its time on an invoice in ${project.currency}`;
  }
  return null;
}

/** The titles of the cards some entries are on. */
export async function cardTitles(db: DbOrTx, entries: readonly { cardId: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(entries.map((e) => e.cardId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: boardCards.id, title: boardCards.title }).from(boardCards).where(inArray(boardCards.id, ids));
  return new Map(rows.map((c) => [c.id, c.title]));
}

export async function rateAndProject(tx: DbOrTx, projectId: number) {
  const [row] = await tx
    .select({ title: projects.title, currency: projects.currency, hourlyRate: projectRates.hourlyRate })
    .from(projects)
    .leftJoin(projectRates, eq(projectRates.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return { title: row.title, currency: row.currency, hourlyRate: row.hourlyRate ?? null };
}

/** Time and expenses belong to a project: an invoice addressed to a company without one takes none. */
export const NO_PROJECT = 'This invoice has no project: time and expenses are billed onto an invoice for their project';

/**
 * "Add time and expenses" on a draft: the project's approved, billable, unbilled time (grouped by card, person or
 * day) and expenses in the invoice's currency become lines, added through the invoice's own edit in this
 * transaction. Claiming is one conditional update (`status = 'approved' and invoice_id is null`): of drafts billing
 * the same project at once, the first takes each entry and the others find it gone; `billed_items`' primary key
 * holds that in the database too. Nothing to bill is 409; time that cannot be billed here (no rate, another
 * currency) is 422, and nothing changes.
 */
export function billTime({ ctx, invoices }: TimeDeps) {
  return async (actor: Actor, invoiceId: number, input: BillTimeInput): Promise<Invoice> => {
    assertCan(actor, 'invoice:manage', null);
    const taxRate = input.tax_rate ?? 0;
    return ctx.transaction(async (tx, publish) => {
      const draft = await invoices.lockInvoice(tx, invoiceId);
      if (draft.status !== 'draft') {
        throw new AppError('INVALID_TRANSITION', `Time is billed on a draft; invoice ${draft.invoiceNo} is ${draft.status.replace('_', ' ')}`);
      }
      if (draft.projectId === null) throw new AppError('UNPROCESSABLE', NO_PROJECT);
      const projectId = draft.projectId;
      const project = await rateAndProject(tx, projectId);
      const problem = timeBillingProblem(project, project.hourlyRate, draft.currency);
      const now = ctx.now();
      if (problem) {
        const [waiting] = await tx.select({ n: count() }).from(timeEntries).where(approvedUnbilled(timeEntries, projectId));
        if (waiting.n > 0) throw new AppError('UNPROCESSABLE', problem);
      }
      const entries = problem
        ? []
        : await tx
            .update(timeEntries)
            .set({ status: 'billed', invoiceId, updatedAt: now })
            .where(approvedUnbilled(timeEntries, projectId))
            .returning({
              id: timeEntries.id,
              userId: timeEntries.userId,
              cardId: timeEntries.cardId,
              workDate: timeEntries.workDate,
              minutes: timeEntries.minutes,
            });
      const spent = await tx
        .update(expenses)
        .set({ status: 'billed', invoiceId, updatedAt: now })
        .where(and(approvedUnbilled(expenses, projectId), eq(expenses.currency, draft.currency)))
        .returning({ id: expenses.id, date: expenses.date, amount: expenses.amount, category: expenses.category, description: expenses.description });
      if (entries.length === 0 && spent.length === 0) {
        throw new AppError('CONFLICT', 'Nothing to bill: this project has no approved, billable time or expenses that are not on an invoice already');
      }
      await tx
        .insert(billedItems)
        .values([
          ...entries.map((e) => ({ itemKind: 'time' as const, itemId: e.id, invoiceId, billedAt: now })),
          ...spent.map((x) => ({ itemKind: 'expense' as const, itemId: x.id, invoiceId, billedAt: now })),
        ]);
      const names = await namesOf(tx, [...new Set(entries.map((e) => e.userId))]);
      const cards = await cardTitles(tx, entries);
      const added = [
        ...(entries.length
          ? timeLines(
              entries.map((e) => ({
                ...e,
                userName: names.get(e.userId) ?? '',
                cardTitle: e.cardId === null ? null : (cards.get(e.cardId) ?? null),
              })),
              input.group_by,
              project.hourlyRate!,
              taxRate,
              project.title,
            )
          : []),
        ...expenseLines(spent, taxRate),
      ];
      const lines = [
        ...draft.lines.map(({ description, quantity, unit_price, tax_rate }) => ({ description, quantity, unit_price, tax_rate })),
        ...added,
      ];
      if (lines.length > MAX_INVOICE_LINES) {
        throw new AppError(
          'UNPROCESSABLE',
          `That would make ${lines.length} lines; an invoice has at most ${MAX_INVOICE_LINES}. Group the time by card or by person`,
        );
      }
      const invoice = await invoices.update(actor, invoiceId, { lines }, tx);
      await recordAudit(
        tx,
        actor,
        'invoice.time_billed',
        { type: 'invoice', id: invoiceId, after: { group_by: input.group_by, entries: entries.length, expenses: spent.length, lines: added.length } },
        now,
      );
      publish({
        type: 'time.billed',
        invoiceId,
        projectId,
        entryIds: entries.map((e) => e.id),
        expenseIds: spent.map((x) => x.id),
        actorId: actor.id,
      });
      return invoice;
    });
  };
}
