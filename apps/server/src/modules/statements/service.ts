import {
  formatCreditNoteNo,
  FINAL_INVOICE_STATUSES,
  type CreateCreditNoteInput,
  type CreditNote,
  type Currency,
  type Statement,
  type StatementLine,
} from '@agency/schema';
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { systemActor, type Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { clientCompanies, creditNoteCounters, creditNotes, invoices, payments } from '../../db/schema.js';
import { readerLocale } from '../../i18n/index.js';
import { brandLogoPng } from '../../integrations/brand.js';
import { freeze } from '../invoices/documents.js';
import { amountDueOf, auditState, factsOf, isoDay, money, type InvoiceRow } from '../invoices/helpers.js';
import { invoiceLifecycle } from '../invoices/lifecycle.js';
import { load, lockInvoice } from '../invoices/queries.js';
import { notifyCompany } from '../invoices/recipients.js';
import type { NotificationService } from '../notifications/service.js';

type CreditNoteRow = typeof creditNotes.$inferSelect;

function presentCreditNote(row: CreditNoteRow, invoiceNo: string): CreditNote {
  return {
    id: String(row.id),
    credit_note_no: row.creditNoteNo,
    invoice_id: String(row.invoiceId),
    invoice_no: invoiceNo,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    issued_on: row.issuedOn,
    created_at: row.createdAt.toISOString(),
  };
}

const KIND_ORDER: Record<StatementLine['kind'], number> = { invoice: 0, payment: 1, credit_note: 2, refund: 3 };

/**
 * Statements and credit notes (issue 33): a company's account in one currency over a date range, from its issued
 * invoices (void ones left out), the money received and refunded, and credit notes; and credit notes themselves,
 * which take an amount off what an issued invoice still asks for.
 */
export function createStatementService(ctx: AppContext, notifications: NotificationService) {
  async function companyFor(actor: Actor, id: number) {
    const [company] = await ctx.db.select().from(clientCompanies).where(eq(clientCompanies.id, id)).limit(1);
    assertCan(actor, 'statement:read', { companyId: company?.id ?? -1 }, 'Company not found');
    if (!company) throw new AppError('NOT_FOUND', 'Company not found');
    return company;
  }

  async function statement(actor: Actor, companyId: number, query: { from: string; to: string; currency?: Currency }): Promise<Statement> {
    const company = await companyFor(actor, companyId);
    let currency = query.currency;
    if (!currency) {
      const [latest] = await ctx.db
        .select({ currency: invoices.currency })
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), ne(invoices.status, 'draft')))
        .orderBy(desc(invoices.id))
        .limit(1);
      currency = latest?.currency ?? 'GBP';
    }
    const issued = and(
      eq(invoices.companyId, companyId),
      eq(invoices.currency, currency),
      inArray(invoices.status, ['sent', 'partially_paid', 'paid', 'overdue']),
    );
    const [raised, moved, credited] = await Promise.all([
      ctx.db
        .select({ id: invoices.id, no: invoices.invoiceNo, date: invoices.issueDate, total: invoices.total })
        .from(invoices)
        .where(and(issued, lte(invoices.issueDate, query.to))),
      ctx.db
        .select({
          id: payments.id,
          invoiceId: payments.invoiceId,
          no: invoices.invoiceNo,
          kind: payments.kind,
          method: payments.method,
          date: payments.receivedOn,
          amount: payments.amount,
          reference: payments.reference,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(issued, lte(payments.receivedOn, query.to))),
      ctx.db
        .select({
          id: creditNotes.id,
          invoiceId: creditNotes.invoiceId,
          no: creditNotes.creditNoteNo,
          invoiceNo: invoices.invoiceNo,
          date: creditNotes.issuedOn,
          amount: creditNotes.amount,
          reason: creditNotes.reason,
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(and(issued, lte(creditNotes.issuedOn, query.to))),
    ]);
    type Entry = Omit<StatementLine, 'balance'> & { id: number };
    const entries: Entry[] = [
      ...raised.map((r) => ({
        id: r.id,
        date: r.date,
        kind: 'invoice' as const,
        reference: r.no,
        description: 'Invoice issued',
        invoice_id: String(r.id),
        amount: r.total,
      })),
      ...moved.map((p) => ({
        id: p.id,
        date: p.date,
        kind: p.kind,
        reference: p.no,
        description: p.kind === 'refund' ? 'Refund' : p.method === 'card' ? 'Card payment' : `Bank transfer${p.reference ? ` (${p.reference})` : ''}`,
        invoice_id: String(p.invoiceId),
        amount: p.kind === 'refund' ? p.amount : -p.amount,
      })),
      ...credited.map((c) => ({
        id: c.id,
        date: c.date,
        kind: 'credit_note' as const,
        reference: c.no,
        description: `Credit on ${c.invoiceNo}: ${c.reason}`,
        invoice_id: String(c.invoiceId),
        amount: -c.amount,
      })),
    ].sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id);
    let balance = 0;
    const lines: StatementLine[] = [];
    for (const { id: _id, ...entry } of entries) {
      balance += entry.amount;
      if (entry.date >= query.from) lines.push({ ...entry, balance });
    }
    const opening = entries.filter((e) => e.date < query.from).reduce((sum, e) => sum + e.amount, 0);
    return {
      company: { id: String(company.id), name: company.name },
      from: query.from,
      to: query.to,
      currency,
      opening_balance: opening,
      lines,
      closing_balance: balance,
    };
  }

  return {
    statement,

    async statementPdf(actor: Actor, companyId: number, query: { from: string; to: string; currency?: Currency }) {
      const data = await statement(actor, companyId, query);
      const [company] = await ctx.db.select().from(clientCompanies).where(eq(clientCompanies.id, companyId)).limit(1);
      const { renderStatementPdf } = await import('../../integrations/statement-pdf.js');
      const bytes = await renderStatementPdf({
        locale: readerLocale(actor.locale, ctx.config.defaultLocale),
        agency: { name: ctx.brand.current().agencyName, email: ctx.brand.current().contactEmail, url: ctx.config.appUrl },
        logo: await brandLogoPng(ctx.brand.current(), ctx.storage),
        company: { name: company.name, billingAddress: company.billingAddress },
        from: data.from,
        to: data.to,
        currency: data.currency,
        openingBalance: data.opening_balance,
        lines: data.lines,
        closingBalance: data.closing_balance,
      });
      const safe =
        company.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 40) || 'company';
      return { filename: `statement-${safe}-${data.from}-${data.to}.pdf`, bytes: Buffer.from(bytes) };
    },

    async listCreditNotes(actor: Actor, invoiceId: number): Promise<{ items: CreditNote[] }> {
      const invoice = await load(ctx, actor, 'invoice:read', invoiceId);
      const rows = await ctx.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.id));
      return { items: rows.map((r) => presentCreditNote(r, invoice.invoiceNo)) };
    },

    /**
     * A credit note against an issued invoice: at most what is still due on it (400 otherwise), numbered
     * CN-<year>-NNNN from its own yearly counter. It lowers what is due; one that covers the rest settles the invoice.
     */
    async createCreditNote(actor: Actor, invoiceId: number, input: CreateCreditNoteInput): Promise<{ credit_note: CreditNote }> {
      assertCan(actor, 'invoice:manage', null);
      return ctx.transaction(async (tx, publish) => {
        const row = await lockInvoice(tx, invoiceId);
        if (row.status === 'draft') throw new AppError('VALIDATION_FAILED', 'amount: A draft has nothing to credit; edit its lines instead');
        const left = FINAL_INVOICE_STATUSES.includes(row.status) ? 0 : amountDueOf(row);
        if (input.amount > left) {
          throw new AppError('VALIDATION_FAILED', `amount: A credit note can be at most what is left on the invoice (${money(left, row.currency)})`);
        }
        const now = ctx.now();
        const year = now.getUTCFullYear();
        const [counter] = await tx
          .insert(creditNoteCounters)
          .values({ year, last: 1 })
          .onConflictDoUpdate({ target: creditNoteCounters.year, set: { last: sql`${creditNoteCounters.last} + 1` } })
          .returning({ last: creditNoteCounters.last });
        const [note] = await tx
          .insert(creditNotes)
          .values({
            creditNoteNo: formatCreditNoteNo(year, counter.last),
            invoiceId,
            companyId: row.companyId,
            amount: input.amount,
            currency: row.currency,
            reason: input.reason.trim(),
            issuedOn: isoDay(now),
            createdBy: actor.id,
            createdAt: now,
          })
          .returning();
        const amountCredited = row.amountCredited + input.amount;
        const settled = input.amount === left;
        let updated: InvoiceRow;
        if (settled) {
          updated = await invoiceLifecycle.transition(tx, {
            table: invoices,
            id: row.id,
            actor: systemActor('credit'),
            resource: factsOf(row),
            from: row.status,
            to: 'paid',
            set: { amountCredited, paidAt: now, updatedAt: now },
          });
          publish({ type: 'invoice.status_changed', invoiceId: row.id, projectId: row.projectId, from: row.status, to: 'paid', actorId: actor.id });
          // Settled by credit: its document, credit notes and all, is stored once like any paid invoice's.
          updated = await freeze(ctx, tx, updated);
        } else {
          [updated] = await tx.update(invoices).set({ amountCredited, updatedAt: now }).where(eq(invoices.id, row.id)).returning();
        }
        await recordAudit(
          tx,
          actor,
          'invoice.credit_note_issued',
          {
            type: 'invoice',
            id: row.id,
            before: { ...auditState(row), amount_credited: row.amountCredited, amount_due: left },
            after: {
              ...auditState(updated),
              credit_note_no: note.creditNoteNo,
              amount: note.amount,
              reason: note.reason,
              amount_credited: updated.amountCredited,
              amount_due: amountDueOf(updated),
            },
          },
          now,
        );
        await notifyCompany(notifications, tx, publish, row.companyId, {
          kind: 'invoice_credit_note',
          title: `Credit note ${note.creditNoteNo} on ${row.invoiceNo}`,
          body: `${money(input.amount, row.currency)} is taken off ${row.invoiceNo}: ${note.reason}.${settled ? ' Nothing more is due on it.' : ''}`,
          target: { type: 'invoice', id: String(row.id) },
          projectId: row.projectId,
        });
        return { credit_note: presentCreditNote(note, row.invoiceNo) };
      });
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
