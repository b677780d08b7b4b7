import { computeInvoiceTotals, type BillablePreview, type BillTimeGroup } from '@agency/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import { expenses, invoices, timeEntries } from '../../../db/schema.js';
import { expenseLines, timeLines } from '../billing.js';
import type { TimeDeps } from '../deps.js';
import { entryQuery, expenseQuery, presentEntry, presentExpense } from '../queries.js';
import { NO_PROJECT, rateAndProject, timeBillingProblem } from './bill-time.js';

/** What "Add time and expenses" would add to a draft, grouped as asked, and why anything approved would stay off it. */
export function billablePreview({ ctx }: TimeDeps) {
  return async (actor: Actor, invoiceId: number, groupBy: BillTimeGroup): Promise<BillablePreview> => {
    assertCan(actor, 'invoice:manage', null);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found');
    const projectId = invoice.projectId;
    if (projectId === null) throw new AppError('UNPROCESSABLE', NO_PROJECT);
    const project = await rateAndProject(ctx.db, projectId);
    const waiting = (table: typeof timeEntries | typeof expenses) =>
      and(eq(table.projectId, projectId), eq(table.status, 'approved'), eq(table.billable, true), isNull(table.invoiceId));
    const [entryRows, expenseRows] = await Promise.all([
      entryQuery(ctx.db).where(waiting(timeEntries)).orderBy(asc(timeEntries.startedAt)),
      expenseQuery(ctx.db).where(waiting(expenses)).orderBy(asc(expenses.date)),
    ]);
    const problems: string[] = [];
    const timeProblem = entryRows.length > 0 ? timeBillingProblem(project, project.hourlyRate, invoice.currency) : null;
    if (timeProblem) problems.push(timeProblem);
    const elsewhere = expenseRows.filter((r) => r.expense.currency !== invoice.currency);
    if (elsewhere.length > 0) {
      problems.push(`${elsewhere.length} approved expense(s) in other currencies go on an invoice in their own currency`);
    }
    if (invoice.status !== 'draft') problems.push(`Time is billed on a draft; this invoice is ${invoice.status.replace('_', ' ')}`);
    const billableExpenses = expenseRows.filter((r) => r.expense.currency === invoice.currency);
    const lines = [
      ...(timeProblem
        ? []
        : timeLines(
            entryRows.map((r) => ({ ...r.entry, userName: r.userName, cardTitle: r.cardTitle })),
            groupBy,
            project.hourlyRate ?? 0,
            0,
            project.title,
          )),
      ...expenseLines(
        billableExpenses.map((r) => r.expense),
        0,
      ),
    ];
    return {
      currency: invoice.currency,
      hourly_rate: project.hourlyRate,
      lines: computeInvoiceTotals(lines).lines.map(({ description, quantity, unit_price, amount }) => ({
        description,
        quantity,
        unit_price,
        amount,
      })),
      entries: entryRows.map(presentEntry),
      expenses: expenseRows.map((r) => presentExpense(ctx, actor, r)),
      problems,
    };
  };
}
