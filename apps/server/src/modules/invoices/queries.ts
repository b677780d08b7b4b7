import { formatInvoiceNo, type Invoice, type InvoiceListItem, type Payment } from '@agency/schema';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, type InvoiceScope } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { clientCompanies, invoiceCounters, invoices, payments, projects, users } from '../../db/schema.js';
import { amountDueOf, factsOf, invoicePdfPath, receiptPdfPath, type InvoiceRow } from './helpers.js';

type PaymentRow = typeof payments.$inferSelect;
/** Who an invoice is for: the person who asked for the work, and the company it is addressed to. */
export type Party = {
  clientName: string;
  clientEmail: string;
  /** Null for an invoice addressed to the company without a project. */
  projectTitle: string | null;
  companyId: number;
  companyName: string;
  billingAddress: string | null;
  country: string | null;
  taxNumber: string | null;
  billingEmail: string | null;
};

/** The columns a list shows: everything but the lines (a list of 100,000 invoices never reads them). */
const listColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  projectId: invoices.projectId,
  clientId: invoices.clientId,
  companyId: invoices.companyId,
  kind: invoices.kind,
  status: invoices.status,
  currency: invoices.currency,
  discount: invoices.discount,
  subtotal: invoices.subtotal,
  taxTotal: invoices.taxTotal,
  total: invoices.total,
  amountPaid: invoices.amountPaid,
  amountRefunded: invoices.amountRefunded,
  amountCredited: invoices.amountCredited,
  autoCharge: invoices.autoCharge,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  notes: invoices.notes,
  sentAt: invoices.sentAt,
  paidAt: invoices.paidAt,
  voidedAt: invoices.voidedAt,
  voidReason: invoices.voidReason,
  needsAttention: invoices.needsAttention,
  attentionNote: invoices.attentionNote,
  recurringInvoiceId: invoices.recurringInvoiceId,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  clientName: users.name,
  clientEmail: users.email,
  projectTitle: projects.title,
  companyName: clientCompanies.name,
  billingAddress: clientCompanies.billingAddress,
  country: clientCompanies.country,
  taxNumber: clientCompanies.taxNumber,
};
export type ListRow = Omit<InvoiceRow, 'lines' | 'pdfKey' | 'pdfSha256' | 'createdBy' | 'recurringPeriodOn' | 'paymentStageId' | 'search'> &
  Pick<Party, 'clientName' | 'clientEmail' | 'projectTitle' | 'companyName' | 'billingAddress' | 'country' | 'taxNumber'>;

export function presentListItem(row: ListRow, actor: Actor): InvoiceListItem {
  const staff = actor.role !== 'client';
  return {
    id: String(row.id),
    invoice_no: row.invoiceNo,
    project_id: row.projectId === null ? null : String(row.projectId),
    project_title: row.projectTitle,
    client: { id: String(row.clientId), name: row.clientName, email: row.clientEmail },
    company: {
      id: String(row.companyId),
      name: row.companyName,
      billing_address: row.billingAddress,
      country: row.country,
      tax_number: row.taxNumber,
    },
    currency: row.currency,
    discount: row.discount,
    subtotal: row.subtotal,
    tax_total: row.taxTotal,
    total: row.total,
    amount_paid: row.amountPaid,
    amount_refunded: row.amountRefunded,
    amount_credited: row.amountCredited,
    amount_due: amountDueOf(row),
    status: row.status,
    kind: row.kind,
    recurring_invoice_id: row.recurringInvoiceId === null ? null : String(row.recurringInvoiceId),
    issue_date: row.issueDate,
    due_date: row.dueDate,
    notes: row.notes,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    voided_at: row.voidedAt?.toISOString() ?? null,
    void_reason: row.voidReason,
    needs_attention: staff && row.needsAttention,
    attention_note: staff ? row.attentionNote : null,
    auto_charge: row.autoCharge,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentPayments(rows: PaymentRow[], receiptUrl: (paymentId: number) => string): Payment[] {
  const refunded = new Map<number, number>();
  for (const r of rows) if (r.kind === 'refund' && r.refundOf) refunded.set(r.refundOf, (refunded.get(r.refundOf) ?? 0) + r.amount);
  return rows.map((p) => ({
    id: String(p.id),
    kind: p.kind,
    amount: p.amount,
    method: p.method,
    reference: p.reference,
    received_on: p.receivedOn,
    receipt_url: p.kind === 'payment' ? receiptUrl(p.id) : null,
    refundable: p.kind === 'payment' && p.method === 'card' ? Math.max(0, p.amount - (refunded.get(p.id) ?? 0)) : 0,
    created_at: p.createdAt.toISOString(),
  }));
}

export function baseList(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, invoices.companyId));
}

export async function partyOf(db: DbOrTx, row: InvoiceRow): Promise<Party> {
  const [party] = await db
    .select({
      clientName: users.name,
      clientEmail: users.email,
      projectTitle: projects.title,
      companyId: clientCompanies.id,
      companyName: clientCompanies.name,
      billingAddress: clientCompanies.billingAddress,
      country: clientCompanies.country,
      taxNumber: clientCompanies.taxNumber,
      billingEmail: clientCompanies.billingEmail,
    })
    .from(users)
    .leftJoin(projects, row.projectId === null ? sql`false` : eq(projects.id, row.projectId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, row.companyId))
    .where(eq(users.id, row.clientId))
    .limit(1);
  return party;
}

async function paymentsOf(db: DbOrTx, invoiceId: number) {
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
}

export async function present(ctx: AppContext, row: InvoiceRow, actor: Actor, db: DbOrTx = ctx.db): Promise<Invoice> {
  const [party, paid] = await Promise.all([partyOf(db, row), paymentsOf(db, row.id)]);
  return {
    ...presentListItem({ ...row, ...party }, actor),
    lines: row.lines,
    // The API paths of the documents: each is sent only with the caller's bearer header (no signed link).
    payments: presentPayments(paid, (paymentId) => receiptPdfPath(row.id, paymentId)),
    pdf_url: invoicePdfPath(row.id),
  };
}

/** An invoice and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
export async function load(
  ctx: AppContext,
  actor: Actor,
  action: 'invoice:read' | 'invoice:pay',
  id: number,
  db: DbOrTx = ctx.db,
): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
  assertCan(actor, action, factsOf(row), 'Invoice not found');
  return row;
}

export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
  return row;
}

/** The next number of the year: one counter row per year, incremented under its row lock, so concurrent creations queue. */
export async function nextInvoiceNo(tx: Tx, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNo(year, row.last);
}

export async function staffIds(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

export async function refundedOf(tx: DbOrTx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.refundOf, paymentId), eq(payments.kind, 'refund')));
  return Number(row?.sum ?? 0);
}

/** The invoices a list scope selects, as SQL: a company sees its own once they are issued (drafts are the agency's). */
export function visibleInvoices(scope: InvoiceScope): SQL | undefined {
  return scope.kind === 'company' ? and(eq(invoices.companyId, scope.companyId), sql`${invoices.status} <> 'draft'`) : undefined;
}
