import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  goPath,
  computeInvoiceTotals,
  CURRENCY_DECIMALS,
  DATE_LOCALE,
  FINAL_INVOICE_STATUSES,
  formatInvoiceNo,
  invoiceAmountProblem,
  isCurrency,
  isPayable,
  minorToDecimalString,
  percentOf,
  PAYABLE_INVOICE_STATUSES,
  type CreateInvoiceData,
  type Currency,
  type Invoice,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceSummary,
  type Payment,
  type RecordPaymentInput,
  type RefundData,
  type UpdateInvoiceData,
} from '@agency/schema';
import { and, asc, desc, eq, exists, gt, gte, inArray, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { systemActor, type Actor, type Initiator } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, invoiceScope, type InvoiceFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  checkoutSessions,
  contracts,
  invoiceCounters,
  invoiceReminders,
  invoices,
  payments,
  projectBilling,
  projects,
  users,
  type MailAttachment,
} from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { signUrl } from '../../lib/signed-url.js';
import type { NotificationService } from '../notifications/service.js';
import type { ProjectService } from '../projects/service.js';
import { invoiceLifecycle } from './lifecycle.js';

export type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Party = { clientName: string; clientEmail: string; clientCompany: string | null; projectTitle: string };

const OPEN: InvoiceStatus[] = [...PAYABLE_INVOICE_STATUSES];

export function invoicePdfPath(id: number) {
  return `/api/invoices/${id}/pdf`;
}

/** A UTC calendar date `YYYY-MM-DD`. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** What the client still owes: nothing on a paid or void invoice. */
export function amountDueOf(row: Pick<InvoiceRow, 'status' | 'total' | 'amountPaid'>): number {
  if (FINAL_INVOICE_STATUSES.includes(row.status)) return 0;
  return Math.max(0, row.total - row.amountPaid);
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (!constraint || name === constraint)) return true;
  }
  return false;
}

/** What the audit log keeps of an invoice around a change. */
function auditState(row: InvoiceRow) {
  return { invoice_no: row.invoiceNo, status: row.status, currency: row.currency, total: row.total, due_date: row.dueDate };
}

function factsOf(row: Pick<InvoiceRow, 'clientId' | 'status'>): InvoiceFacts {
  return { clientId: row.clientId, status: row.status };
}

/** The columns a list shows: everything but the lines (a list of 100,000 invoices never reads them). */
const listColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  projectId: invoices.projectId,
  clientId: invoices.clientId,
  kind: invoices.kind,
  status: invoices.status,
  currency: invoices.currency,
  discount: invoices.discount,
  subtotal: invoices.subtotal,
  taxTotal: invoices.taxTotal,
  total: invoices.total,
  amountPaid: invoices.amountPaid,
  amountRefunded: invoices.amountRefunded,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  notes: invoices.notes,
  sentAt: invoices.sentAt,
  paidAt: invoices.paidAt,
  voidedAt: invoices.voidedAt,
  voidReason: invoices.voidReason,
  needsAttention: invoices.needsAttention,
  attentionNote: invoices.attentionNote,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  clientName: users.name,
  clientEmail: users.email,
  projectTitle: projects.title,
};
type ListRow = Omit<InvoiceRow, 'lines' | 'pdfKey' | 'pdfSha256' | 'createdBy'> & { clientName: string; clientEmail: string; projectTitle: string };

function presentListItem(row: ListRow, actor: Actor): InvoiceListItem {
  const staff = actor.role !== 'client';
  return {
    id: String(row.id),
    invoice_no: row.invoiceNo,
    project_id: String(row.projectId),
    project_title: row.projectTitle,
    client: { id: String(row.clientId), name: row.clientName, email: row.clientEmail },
    currency: row.currency,
    discount: row.discount,
    subtotal: row.subtotal,
    tax_total: row.taxTotal,
    total: row.total,
    amount_paid: row.amountPaid,
    amount_refunded: row.amountRefunded,
    amount_due: amountDueOf(row),
    status: row.status,
    kind: row.kind,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    notes: row.notes,
    sent_at: row.sentAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    voided_at: row.voidedAt?.toISOString() ?? null,
    void_reason: row.voidReason,
    needs_attention: staff && row.needsAttention,
    attention_note: staff ? row.attentionNote : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentPayments(rows: PaymentRow[]): Payment[] {
  const refunded = new Map<number, number>();
  for (const r of rows) if (r.kind === 'refund' && r.refundOf) refunded.set(r.refundOf, (refunded.get(r.refundOf) ?? 0) + r.amount);
  return rows.map((p) => ({
    id: String(p.id),
    kind: p.kind,
    amount: p.amount,
    method: p.method,
    reference: p.reference,
    received_on: p.receivedOn,
    refundable: p.kind === 'payment' && p.method === 'card' ? Math.max(0, p.amount - (refunded.get(p.id) ?? 0)) : 0,
    created_at: p.createdAt.toISOString(),
  }));
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const INVOICE_CSV_HEADER = [
  'invoice_no',
  'status',
  'kind',
  'client',
  'client_email',
  'project',
  'currency',
  'issue_date',
  'due_date',
  'subtotal',
  'discount',
  'tax_total',
  'total',
  'amount_paid',
  'amount_refunded',
  'amount_due',
  'sent_at',
  'paid_at',
];

export function createInvoiceService(ctx: AppContext, notifications: NotificationService, projectService: ProjectService) {
  const today = () => isoDay(ctx.now());

  function baseList(db: DbOrTx) {
    return db
      .select(listColumns)
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.clientId))
      .innerJoin(projects, eq(projects.id, invoices.projectId));
  }

  async function partyOf(db: DbOrTx, row: InvoiceRow): Promise<Party> {
    const [party] = await db
      .select({ clientName: users.name, clientEmail: users.email, clientCompany: users.company, projectTitle: projects.title })
      .from(users)
      .innerJoin(projects, eq(projects.id, row.projectId))
      .where(eq(users.id, row.clientId))
      .limit(1);
    return party;
  }

  async function paymentsOf(db: DbOrTx, invoiceId: number) {
    return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
  }

  async function present(row: InvoiceRow, actor: Actor, db: DbOrTx = ctx.db): Promise<Invoice> {
    const [party, paid] = await Promise.all([partyOf(db, row), paymentsOf(db, row.id)]);
    return {
      ...presentListItem({ ...row, clientName: party.clientName, clientEmail: party.clientEmail, projectTitle: party.projectTitle }, actor),
      lines: row.lines,
      payments: presentPayments(paid),
      pdf_url: signUrl(ctx.signingKey, invoicePdfPath(row.id), ctx.now(), ctx.config.signedUrlTtlMs, actor.sessionId),
    };
  }

  /** An invoice and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
  async function load(actor: Actor, action: 'invoice:read' | 'invoice:pay', id: number, db: DbOrTx = ctx.db): Promise<InvoiceRow> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
    assertCan(actor, action, factsOf(row), 'Invoice not found');
    return row;
  }

  async function lockInvoice(tx: Tx, id: number): Promise<InvoiceRow> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
    return row;
  }

  /** The next number of the year: one counter row per year, incremented under its row lock, so concurrent creations queue. */
  async function nextInvoiceNo(tx: Tx): Promise<string> {
    const year = ctx.now().getUTCFullYear();
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
      .returning({ last: invoiceCounters.last });
    return formatInvoiceNo(year, row.last);
  }

  async function staffIds(db: DbOrTx) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
    return rows.map((r) => r.id);
  }

  async function pdfData(db: DbOrTx, row: InvoiceRow) {
    const party = await partyOf(db, row);
    // pdf-lib is loaded on the first document rather than at every start.
    const { renderInvoicePdf } = await import('../../integrations/invoice-pdf.js');
    return renderInvoicePdf({
      agency: { name: ctx.config.brandName, phone: ctx.config.contactPhone, email: ctx.config.contactEmail, url: ctx.config.appUrl },
      client: { name: party.clientName, email: party.clientEmail, company: party.clientCompany },
      projectTitle: party.projectTitle,
      invoiceNo: row.invoiceNo,
      kind: row.kind,
      status: row.status,
      currency: row.currency,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      lines: row.lines,
      subtotal: row.subtotal,
      discount: row.discount,
      taxTotal: row.taxTotal,
      total: row.total,
      amountPaid: row.amountPaid,
      amountDue: amountDueOf(row),
      notes: row.notes,
      voidReason: row.voidReason,
      instructions: ctx.config.payments.instructions,
    });
  }

  /** Stores a PDF of the invoice as it is now; the key and the file's SHA-256. */
  async function storePdf(db: DbOrTx, row: InvoiceRow, label: string) {
    const bytes = Buffer.from(await pdfData(db, row));
    const key = `invoices/${row.id}/${row.invoiceNo}-${label}-${crypto.randomBytes(6).toString('hex')}.pdf`;
    await ctx.storage.put(key, Readable.from([bytes]));
    return { key, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
  }

  function pdfAttachment(row: InvoiceRow, key: string): MailAttachment {
    return { filename: `${row.invoiceNo}.pdf`, content_type: 'application/pdf', storage_key: key };
  }

  /** A paid or void invoice's document is stored once, with its hash, and never rendered again (STYLE 21). */
  async function freeze(tx: Tx, row: InvoiceRow): Promise<InvoiceRow> {
    const stored = await storePdf(tx, row, row.status);
    const [updated] = await tx
      .update(invoices)
      .set({ pdfKey: stored.key, pdfSha256: stored.sha256 })
      .where(and(eq(invoices.id, row.id), isNull(invoices.pdfKey)))
      .returning();
    return updated ?? row;
  }

  /** An amount as people read it in mails and notifications: "£1,200.00", "JP¥330,000", "KWD 1.005". */
  function money(minor: number, currency: Currency) {
    return new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency }).format(minor / 10 ** CURRENCY_DECIMALS[currency]);
  }

  /** Sends an issued invoice: the PDF is stored and mailed with an in-app notification to the client. */
  async function announceSent(tx: Tx, publish: Publish, row: InvoiceRow) {
    const party = await partyOf(tx, row);
    const pdf = await storePdf(tx, row, 'sent');
    const what = row.kind === 'deposit' ? 'deposit invoice' : 'invoice';
    await notifications.notify(tx, publish, [row.clientId], {
      kind: 'invoice_sent',
      title: `${row.kind === 'deposit' ? 'Deposit invoice' : 'New invoice'} ${row.invoiceNo}`,
      body: `${row.invoiceNo} for "${party.projectTitle}": ${money(row.total, row.currency)}, due ${row.dueDate}.`,
      mailText: [
        `Hello ${party.clientName},`,
        '',
        `Your ${what} ${row.invoiceNo} for "${party.projectTitle}" is attached.`,
        `Amount due: ${money(amountDueOf(row), row.currency)}, by ${row.dueDate}.`,
        '',
        'You can pay it by card from your client area.',
      ].join('\n'),
      attachments: [pdfAttachment(row, pdf.key)],
      target: { type: 'invoice', id: String(row.id) },
      projectId: row.projectId,
    });
  }

  type LedgerChange = { kind: 'payment' | 'refund'; amount: number; paymentId: number };

  /**
   * Applies one recorded payment or refund to its invoice (locked by the caller): the amounts, and the status that
   * follows from them through the state machine. A paid invoice stays paid (a refund is money back, not a
   * reopened bill). A payment publishes `invoice.payment_recorded`, from which a job mails the receipt (and freezes
   * the document once paid in full); paying a deposit in full starts the project.
   */
  async function settle(tx: Tx, publish: Publish, row: InvoiceRow, change: LedgerChange, actorId: number | null): Promise<InvoiceRow> {
    const amountPaid = row.amountPaid + (change.kind === 'payment' ? change.amount : -change.amount);
    const amountRefunded = row.amountRefunded + (change.kind === 'refund' ? change.amount : 0);
    const pastDue = row.dueDate < today();
    let to: InvoiceStatus = row.status;
    if (row.status !== 'paid') {
      if (amountPaid >= row.total) to = 'paid';
      else if (pastDue) to = 'overdue';
      else to = amountPaid > 0 ? 'partially_paid' : 'sent';
    }
    const now = ctx.now();
    const set = { amountPaid, amountRefunded, updatedAt: now, ...(to === 'paid' && row.status !== 'paid' ? { paidAt: now } : {}) };
    let updated: InvoiceRow;
    if (to === row.status) {
      [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, row.id)).returning();
    } else {
      const initiator: Initiator = systemActor(change.kind);
      updated = await invoiceLifecycle.transition(tx, {
        table: invoices,
        id: row.id,
        actor: initiator,
        resource: factsOf(row),
        from: row.status,
        to,
        set,
      });
      publish({ type: 'invoice.status_changed', invoiceId: row.id, projectId: row.projectId, from: row.status, to, actorId });
    }
    publish({ type: 'invoice.payment_recorded', invoiceId: row.id, paymentId: change.paymentId, amount: change.amount, kind: change.kind });

    const party = await partyOf(tx, updated);
    if (change.kind === 'payment') {
      // In-app now; the receipt mail with the PDF follows from a job after commit (sendReceipt), so a provider's
      // webhook is answered without rendering a document while it holds the invoice.
      await notifications.notify(tx, publish, [row.clientId], {
        kind: 'invoice_payment_received',
        title: `Payment received for ${row.invoiceNo}`,
        body: `We received ${money(change.amount, row.currency)} for ${row.invoiceNo}. ${to === 'paid' ? 'It is paid in full.' : `Still due: ${money(amountDueOf(updated), row.currency)}.`}`,
        target: { type: 'invoice', id: String(row.id) },
        projectId: row.projectId,
        mail: false,
      });
      if (to === 'paid') {
        await notifications.notify(
          tx,
          publish,
          (await staffIds(tx)).filter((id) => id !== actorId),
          {
            kind: 'invoice_paid',
            title: `Invoice ${row.invoiceNo} paid`,
            body: `${row.invoiceNo} (${party.clientName}, "${party.projectTitle}") is paid: ${money(row.total, row.currency)}.`,
            target: { type: 'invoice', id: String(row.id) },
            projectId: row.projectId,
          },
        );
        if (row.kind === 'deposit')
          await projectService.kickoff(tx, publish, row.projectId, `Started automatically: the deposit ${row.invoiceNo} was paid.`);
      }
    } else {
      await notifications.notify(tx, publish, [row.clientId], {
        kind: 'invoice_refunded',
        title: `Refund issued for ${row.invoiceNo}`,
        body: `We refunded ${money(change.amount, row.currency)} of your payment for ${row.invoiceNo}.`,
        target: { type: 'invoice', id: String(row.id) },
        projectId: row.projectId,
      });
    }
    return updated;
  }

  async function refundedOf(tx: DbOrTx, paymentId: number): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.refundOf, paymentId), eq(payments.kind, 'refund')));
    return Number(row?.sum ?? 0);
  }

  function projectCurrency(currency: string): Currency {
    return isCurrency(currency) ? currency : 'GBP';
  }

  function assertOpenProject(status: string) {
    if (status === 'pending' || status === 'rejected' || status === 'cancelled') {
      throw new AppError('UNPROCESSABLE', `Invoices are raised for approved projects; this one is ${status}`);
    }
  }

  async function createDeposit(projectId: number, by: Actor | null): Promise<{ invoiceId: number | null; outcome: string }> {
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) return { invoiceId: null, outcome: 'no_project' };
    const [existing] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
      .limit(1);
    if (existing) return { invoiceId: existing.id, outcome: 'exists' };
    if (!by) {
      const [billing] = await ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, projectId)).limit(1);
      if (billing && !billing.autoDeposit) return { invoiceId: null, outcome: 'disabled' };
    }
    const percent = ctx.config.payments.depositPercent;
    const amount = project.budgetMinor ? percentOf(project.budgetMinor, percent) : 0;
    if (amount <= 0) return { invoiceId: null, outcome: 'no_budget' };
    const currency = projectCurrency(project.currency);
    const lines = [{ description: `Deposit (${percent} %) for "${project.title}"`, quantity: 1, unit_price: amount, tax_rate: 0 }];
    const totals = computeInvoiceTotals(lines, 0);
    const issue = today();
    try {
      const created = await ctx.transaction(async (tx, publish) => {
        const now = ctx.now();
        const [row] = await tx
          .insert(invoices)
          .values({
            invoiceNo: await nextInvoiceNo(tx),
            projectId,
            clientId: project.clientId,
            kind: 'deposit',
            status: 'sent',
            currency,
            lines: totals.lines,
            discount: 0,
            subtotal: totals.subtotal,
            taxTotal: totals.tax_total,
            total: totals.total,
            issueDate: issue,
            dueDate: addDays(issue, ctx.config.payments.invoiceDueDays),
            notes: 'The work starts as soon as this deposit is paid.',
            sentAt: now,
            createdBy: by?.id ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        publish({ type: 'invoice.created', invoiceId: row.id, projectId, kind: 'deposit' });
        await announceSent(tx, publish, row);
        return row;
      });
      return { invoiceId: created.id, outcome: 'created' };
    } catch (err) {
      // Two announcements of one signature raced: the other one created it.
      if (isUniqueViolation(err, 'invoices_deposit_project_key')) {
        const [row] = await ctx.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
          .limit(1);
        return { invoiceId: row?.id ?? null, outcome: 'exists' };
      }
      throw err;
    }
  }

  const service = {
    get: async (actor: Actor, id: number) => present(await load(actor, 'invoice:read', id), actor),

    async getByNumber(actor: Actor, invoiceNo: string) {
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.invoiceNo, invoiceNo)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
      assertCan(actor, 'invoice:read', factsOf(row), 'Invoice not found');
      return present(row, actor);
    },

    async list(actor: Actor, query: InvoiceListQuery & { limit: number }) {
      assertCan(actor, 'invoice:list', null);
      const scope = invoiceScope(actor);
      const after = decodeCursor(query.cursor);
      const rows = await baseList(ctx.db)
        .where(
          and(
            scope.kind === 'client' ? and(eq(invoices.clientId, scope.clientId), sql`${invoices.status} <> 'draft'`) : undefined,
            query.project_id ? eq(invoices.projectId, Number(query.project_id)) : undefined,
            query.client_id ? eq(invoices.clientId, Number(query.client_id)) : undefined,
            query.status ? eq(invoices.status, query.status) : undefined,
            query.attention === 'true' && scope.kind === 'all' ? eq(invoices.needsAttention, true) : undefined,
            after ? lt(invoices.id, after) : undefined,
          ),
        )
        .orderBy(desc(invoices.id))
        .limit(query.limit + 1);
      return toPage(rows, query.limit, (row) => presentListItem(row, actor));
    },

    async create(actor: Actor, input: CreateInvoiceData) {
      assertCan(actor, 'invoice:manage', null);
      const projectId = Number(input.project_id);
      const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      assertOpenProject(project.status);
      const totals = computeInvoiceTotals(input.lines, input.discount);
      const issue = input.issue_date ?? today();
      const due = input.due_date ?? addDays(issue, ctx.config.payments.invoiceDueDays);
      if (due < issue) throw new AppError('VALIDATION_FAILED', 'due_date: The due date cannot be before the issue date');
      const row = await ctx.transaction(async (tx, publish) => {
        const now = ctx.now();
        const [created] = await tx
          .insert(invoices)
          .values({
            invoiceNo: await nextInvoiceNo(tx),
            projectId,
            clientId: project.clientId,
            kind: 'standard',
            status: 'draft',
            currency: input.currency ?? projectCurrency(project.currency),
            lines: totals.lines,
            discount: totals.discount,
            subtotal: totals.subtotal,
            taxTotal: totals.tax_total,
            total: totals.total,
            issueDate: issue,
            dueDate: due,
            notes: input.notes || null,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        publish({ type: 'invoice.created', invoiceId: created.id, projectId, kind: 'standard' });
        await recordAudit(tx, actor, 'invoice.created', { type: 'invoice', id: created.id, after: auditState(created) }, now);
        return created;
      });
      return present(row, actor);
    },

    async update(actor: Actor, id: number, input: UpdateInvoiceData) {
      assertCan(actor, 'invoice:manage', null);
      const row = await ctx.transaction(async (tx) => {
        const current = await lockInvoice(tx, id);
        if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
        if (current.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'Only drafts can be edited; void this invoice and raise a new one');
        const lines = (input.lines ?? current.lines).map(({ description, quantity, unit_price, tax_rate }) => ({
          description,
          quantity,
          unit_price,
          tax_rate,
        }));
        const discount = input.discount ?? current.discount;
        const problem = invoiceAmountProblem(lines, discount);
        if (problem) throw new AppError('VALIDATION_FAILED', `${problem.path}: ${problem.message}`);
        const issue = input.issue_date ?? current.issueDate;
        const due = input.due_date ?? current.dueDate;
        if (due < issue) throw new AppError('VALIDATION_FAILED', 'due_date: The due date cannot be before the issue date');
        const totals = computeInvoiceTotals(lines, discount);
        const [updated] = await tx
          .update(invoices)
          .set({
            lines: totals.lines,
            discount: totals.discount,
            subtotal: totals.subtotal,
            taxTotal: totals.tax_total,
            total: totals.total,
            currency: input.currency ?? current.currency,
            issueDate: issue,
            dueDate: due,
            notes: input.notes === undefined ? current.notes : input.notes || null,
            updatedAt: ctx.now(),
          })
          .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
          .returning();
        if (!updated) throw new AppError('STALE_STATE');
        await recordAudit(tx, actor, 'invoice.updated', { type: 'invoice', id, before: auditState(current), after: auditState(updated) }, ctx.now());
        return updated;
      });
      return present(row, actor);
    },

    async send(actor: Actor, id: number) {
      assertCan(actor, 'invoice:manage', null);
      const row = await ctx.transaction(async (tx, publish) => {
        const current = await lockInvoice(tx, id);
        if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
        const now = ctx.now();
        const updated = await invoiceLifecycle.transition(tx, {
          table: invoices,
          id,
          actor,
          resource: factsOf(current),
          from: current.status,
          to: 'sent',
          set: { sentAt: now, updatedAt: now },
        });
        publish({ type: 'invoice.status_changed', invoiceId: id, projectId: current.projectId, from: current.status, to: 'sent', actorId: actor.id });
        await recordAudit(tx, actor, 'invoice.sent', { type: 'invoice', id, before: auditState(current), after: auditState(updated) }, now);
        await announceSent(tx, publish, updated);
        return updated;
      });
      return present(row, actor);
    },

    async void(actor: Actor, id: number, reason: string) {
      assertCan(actor, 'invoice:manage', null);
      const row = await ctx.transaction(async (tx, publish) => {
        const current = await lockInvoice(tx, id);
        if (FINAL_INVOICE_STATUSES.includes(current.status)) throw new AppError('INVOICE_IMMUTABLE');
        // An overdue invoice may have part of its money too: a void invoice keeps none.
        if (current.status === 'partially_paid' || current.amountPaid > 0) {
          throw new AppError('INVALID_TRANSITION', 'This invoice has payments on it: refund them before voiding it');
        }
        const now = ctx.now();
        const updated = await invoiceLifecycle.transition(tx, {
          table: invoices,
          id,
          actor,
          resource: factsOf(current),
          from: current.status,
          to: 'void',
          set: { voidedAt: now, voidReason: reason, updatedAt: now },
        });
        publish({ type: 'invoice.status_changed', invoiceId: id, projectId: current.projectId, from: current.status, to: 'void', actorId: actor.id });
        await recordAudit(
          tx,
          actor,
          'invoice.voided',
          { type: 'invoice', id, before: auditState(current), after: { ...auditState(updated), reason } },
          now,
        );
        if (current.status !== 'draft') {
          await notifications.notify(tx, publish, [current.clientId], {
            kind: 'invoice_void',
            title: `Invoice ${current.invoiceNo} cancelled`,
            body: `${current.invoiceNo} was voided and is no longer due. Reason: ${reason}`,
            target: { type: 'invoice', id: String(id) },
            projectId: current.projectId,
          });
        }
        return freeze(tx, updated);
      });
      return present(row, actor);
    },

    /** An offline payment (a bank transfer) that staff record by hand. */
    async recordPayment(actor: Actor, id: number, input: RecordPaymentInput) {
      assertCan(actor, 'invoice:manage', null);
      if (input.date > today()) throw new AppError('VALIDATION_FAILED', 'date: A payment cannot be dated in the future');
      const row = await ctx.transaction(async (tx, publish) => {
        const current = await lockInvoice(tx, id);
        if (current.status === 'paid') throw new AppError('INVOICE_ALREADY_PAID');
        if (!isPayable(current.status)) throw new AppError('INVOICE_NOT_DUE', 'Only sent invoices take payments');
        const due = amountDueOf(current);
        if (input.amount > due) {
          throw new AppError('PAYMENT_EXCEEDS_DUE', `The payment is more than the amount due (${money(due, current.currency)})`);
        }
        const [payment] = await tx
          .insert(payments)
          .values({
            invoiceId: id,
            kind: 'payment',
            method: 'bank_transfer',
            amount: input.amount,
            currency: current.currency,
            reference: input.reference,
            receivedOn: input.date,
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .returning();
        await recordAudit(
          tx,
          actor,
          'invoice.payment_recorded',
          {
            type: 'invoice',
            id,
            after: { payment_id: String(payment.id), amount: input.amount, currency: current.currency, reference: input.reference, date: input.date },
          },
          ctx.now(),
        );
        return settle(tx, publish, current, { kind: 'payment', amount: input.amount, paymentId: payment.id }, actor.id);
      });
      return present(row, actor);
    },

    /**
     * Refunds a card payment (all of what is left of it, or part) through the provider. The invoice stays locked
     * while the provider is asked, so two refunds never both spend the same money; the idempotency key makes a
     * retried request the same refund.
     */
    async refund(actor: Actor, id: number, input: RefundData) {
      assertCan(actor, 'invoice:manage', null);
      const row = await ctx.transaction(async (tx, publish) => {
        const current = await lockInvoice(tx, id);
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, Number(input.payment_id)), eq(payments.invoiceId, id), eq(payments.kind, 'payment')))
          .limit(1);
        if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
        if (payment.method !== 'card' || !payment.providerPaymentId) {
          throw new AppError('CONFLICT', 'Only card payments are refunded here; return a bank transfer from the bank');
        }
        if (payment.provider !== ctx.payments.name) {
          throw new AppError('CONFLICT', `This payment was taken by the ${payment.provider} provider, which is not the one configured`);
        }
        const refunded = await refundedOf(tx, payment.id);
        const refundable = payment.amount - refunded;
        const amount = input.amount ?? refundable;
        if (amount <= 0 || amount > refundable) {
          throw new AppError('REFUND_EXCEEDS_PAYMENT', `At most ${money(Math.max(0, refundable), current.currency)} of this payment can be refunded`);
        }
        const result = await ctx.payments.refund({
          paymentIntent: payment.providerPaymentId,
          amount,
          idempotencyKey: `refund:${payment.id}:${refunded}:${amount}`,
          invoiceNo: current.invoiceNo,
        });
        const [refund] = await tx
          .insert(payments)
          .values({
            invoiceId: id,
            kind: 'refund',
            method: 'card',
            amount,
            currency: current.currency,
            reference: input.reason || `Refund ${result.refundId}`,
            provider: ctx.payments.name,
            providerRef: result.refundId,
            providerPaymentId: payment.providerPaymentId,
            refundOf: payment.id,
            receivedOn: today(),
            createdBy: actor.id,
            createdAt: ctx.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (!refund) return current;
        await recordAudit(
          tx,
          actor,
          'invoice.refunded',
          {
            type: 'invoice',
            id,
            after: { payment_id: String(payment.id), refund_id: String(refund.id), amount, currency: current.currency, reason: input.reason ?? null },
          },
          ctx.now(),
        );
        return settle(tx, publish, current, { kind: 'refund', amount, paymentId: refund.id }, actor.id);
      });
      return present(row, actor);
    },

    async clearAttention(actor: Actor, id: number) {
      assertCan(actor, 'invoice:manage', null);
      const [row] = await ctx.db
        .update(invoices)
        .set({ needsAttention: false, attentionNote: null, updatedAt: ctx.now() })
        .where(eq(invoices.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
      return present(row, actor);
    },

    /** The client's card checkout for what is due now: the provider's page, the same one while it is open. */
    async checkout(actor: Actor, id: number) {
      const row = await load(actor, 'invoice:pay', id);
      if (row.status === 'paid') throw new AppError('INVOICE_ALREADY_PAID');
      const amount = amountDueOf(row);
      if (!isPayable(row.status) || amount <= 0) throw new AppError('INVOICE_NOT_DUE');
      const provider = ctx.payments;
      const [open] = await ctx.db
        .select()
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.invoiceId, id),
            eq(checkoutSessions.provider, provider.name),
            eq(checkoutSessions.status, 'open'),
            eq(checkoutSessions.amount, amount),
            eq(checkoutSessions.currency, row.currency),
            gte(checkoutSessions.expiresAt, new Date(ctx.now().getTime() + 60_000)),
          ),
        )
        .orderBy(desc(checkoutSessions.id))
        .limit(1);
      if (open) return { url: open.url };
      const party = await partyOf(ctx.db, row);
      const successUrl = `${ctx.config.appUrl}/paymentsuccess/${row.invoiceNo}`;
      const cancelUrl = `${ctx.config.appUrl}/paymentcancel`;
      const session = await provider.createCheckout({
        invoiceId: row.id,
        invoiceNo: row.invoiceNo,
        amount,
        currency: row.currency,
        description: `${row.kind === 'deposit' ? 'Deposit' : 'Invoice'} for ${party.projectTitle}`,
        customerEmail: party.clientEmail,
        successUrl,
        cancelUrl,
        idempotencyKey: `checkout:${row.id}:${amount}`,
      });
      await ctx.db
        .insert(checkoutSessions)
        .values({
          provider: provider.name,
          sessionId: session.sessionId,
          invoiceId: row.id,
          amount,
          currency: row.currency,
          url: session.url,
          successUrl,
          cancelUrl,
          expiresAt: session.expiresAt,
          createdAt: ctx.now(),
        })
        .onConflictDoNothing();
      return { url: session.url };
    },

    /**
     * The PDF: a paid or void invoice's stored document (its hash checked first), otherwise rendered as it is now.
     * `actor` is null for a signed download link, which is its own proof of access.
     */
    async pdf(actor: Actor | null, id: number): Promise<{ invoiceNo: string; bytes: Buffer }> {
      const row = actor ? await load(actor, 'invoice:read', id) : (await ctx.db.select().from(invoices).where(eq(invoices.id, id)).limit(1))[0];
      if (!row) throw new AppError('NOT_FOUND', 'Invoice not found');
      if (row.pdfKey && row.pdfSha256) {
        const stream = await ctx.storage.read(row.pdfKey);
        if (!stream) throw new AppError('INTERNAL', 'The stored invoice document is missing');
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        if (crypto.createHash('sha256').update(bytes).digest('hex') !== row.pdfSha256) {
          ctx.log.error({ invoiceId: row.id, key: row.pdfKey }, 'stored invoice PDF does not match its hash; not served');
          throw new AppError('DOCUMENT_TAMPERED');
        }
        return { invoiceNo: row.invoiceNo, bytes };
      }
      return { invoiceNo: row.invoiceNo, bytes: Buffer.from(await pdfData(ctx.db, row)) };
    },

    async summary(actor: Actor): Promise<InvoiceSummary> {
      assertCan(actor, 'invoice:report', null);
      const totals = await ctx.db
        .select({
          currency: invoices.currency,
          invoiced: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} not in ('draft', 'void')), 0)`,
          paid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${invoices.status} <> 'draft'), 0)`,
          outstanding: sql<string>`coalesce(sum(greatest(${invoices.total} - ${invoices.amountPaid}, 0)) filter (where ${invoices.status} in ('sent', 'partially_paid', 'overdue')), 0)`,
          overdue: sql<string>`coalesce(sum(greatest(${invoices.total} - ${invoices.amountPaid}, 0)) filter (where ${invoices.status} = 'overdue'), 0)`,
          count: sql<string>`count(*) filter (where ${invoices.status} not in ('draft', 'void'))`,
          overdueCount: sql<string>`count(*) filter (where ${invoices.status} = 'overdue')`,
        })
        .from(invoices)
        .groupBy(invoices.currency)
        .orderBy(asc(invoices.currency));
      const now = ctx.now();
      const months: string[] = [];
      for (let i = 11; i >= 0; i -= 1) months.push(isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))).slice(0, 7));
      const revenue = await ctx.db
        .select({
          month: sql<string>`to_char(${payments.receivedOn}, 'YYYY-MM')`,
          currency: payments.currency,
          amount: sql<string>`sum(case when ${payments.kind} = 'payment' then ${payments.amount} else -${payments.amount} end)`,
        })
        .from(payments)
        .where(gte(payments.receivedOn, `${months[0]}-01`))
        .groupBy(sql`1`, payments.currency);
      const currencies = [...new Set([...totals.map((t) => t.currency), ...revenue.map((r) => r.currency)])].sort();
      const byKey = new Map(revenue.map((r) => [`${r.month}:${r.currency}`, Number(r.amount)]));
      const [attention] = await ctx.db
        .select({ n: sql<string>`count(*)` })
        .from(invoices)
        .where(eq(invoices.needsAttention, true));
      return {
        totals: totals.map((t) => ({
          currency: t.currency,
          invoiced: Number(t.invoiced),
          paid: Number(t.paid),
          outstanding: Number(t.outstanding),
          overdue: Number(t.overdue),
          count: Number(t.count),
          overdue_count: Number(t.overdueCount),
        })),
        revenue_by_month: months.flatMap((month) =>
          currencies.map((currency) => ({ month, currency, amount: byKey.get(`${month}:${currency}`) ?? 0 })),
        ),
        needs_attention: Number(attention?.n ?? 0),
      };
    },

    /** Every invoice the list's filters select, as CSV rows (amounts in major units of their currency), a page at a time. */
    async *exportCsv(actor: Actor, query: Pick<InvoiceListQuery, 'status' | 'client_id' | 'project_id' | 'attention'>): AsyncGenerator<string> {
      assertCan(actor, 'invoice:report', null);
      yield `${INVOICE_CSV_HEADER.join(',')}\r\n`;
      let after: number | undefined;
      for (;;) {
        const rows = await baseList(ctx.db)
          .where(
            and(
              query.project_id ? eq(invoices.projectId, Number(query.project_id)) : undefined,
              query.client_id ? eq(invoices.clientId, Number(query.client_id)) : undefined,
              query.status ? eq(invoices.status, query.status) : undefined,
              query.attention === 'true' ? eq(invoices.needsAttention, true) : undefined,
              after ? lt(invoices.id, after) : undefined,
            ),
          )
          .orderBy(desc(invoices.id))
          .limit(1000);
        if (rows.length === 0) return;
        const m = (minor: number, r: ListRow) => minorToDecimalString(minor, r.currency);
        yield rows
          .map((r) =>
            [
              r.invoiceNo,
              r.status,
              r.kind,
              r.clientName,
              r.clientEmail,
              r.projectTitle,
              r.currency,
              r.issueDate,
              r.dueDate,
              m(r.subtotal, r),
              m(r.discount, r),
              m(r.taxTotal, r),
              m(r.total, r),
              m(r.amountPaid, r),
              m(r.amountRefunded, r),
              m(amountDueOf(r), r),
              r.sentAt?.toISOString() ?? null,
              r.paidAt?.toISOString() ?? null,
            ]
              .map(csvCell)
              .join(','),
          )
          .map((line) => `${line}\r\n`)
          .join('');
        after = rows[rows.length - 1].id;
        if (rows.length < 1000) return;
      }
    },

    async billing(actor: Actor, projectId: number) {
      assertCan(actor, 'invoice:manage', null);
      const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      const [billing] = await ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, projectId)).limit(1);
      const [deposit] = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'deposit')))
        .limit(1);
      return {
        project_id: String(projectId),
        auto_deposit: billing?.autoDeposit ?? true,
        deposit_percent: ctx.config.payments.depositPercent,
        deposit_invoice_id: deposit ? String(deposit.id) : null,
      };
    },

    async setBilling(actor: Actor, projectId: number, autoDeposit: boolean) {
      assertCan(actor, 'invoice:manage', null);
      const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      const now = ctx.now();
      await ctx.db
        .insert(projectBilling)
        .values({ projectId, autoDeposit, updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({ target: projectBilling.projectId, set: { autoDeposit, updatedBy: actor.id, updatedAt: now } });
      return service.billing(actor, projectId);
    },

    /** Staff raise the deposit invoice by hand (the automatic one is off, or the contract was signed on paper). */
    async createDepositNow(actor: Actor, projectId: number) {
      assertCan(actor, 'invoice:manage', null);
      const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      assertOpenProject(project.status);
      const result = await createDeposit(projectId, actor);
      if (result.outcome === 'exists') throw new AppError('CONFLICT', 'This project already has a deposit invoice');
      if (result.outcome === 'no_budget' || !result.invoiceId)
        throw new AppError('UNPROCESSABLE', 'The project has no budget to take a deposit from');
      return service.get(actor, result.invoiceId);
    },

    /** From a signed client contract: the deposit invoice, once per project however often this runs. */
    createDepositForSignedContract: (projectId: number) => createDeposit(projectId, null),

    /** The overdue job: open invoices past their due date become overdue, and the client is told once. */
    async markOverdue(): Promise<number> {
      const day = today();
      const due = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(inArray(invoices.status, ['sent', 'partially_paid']), lt(invoices.dueDate, day)))
        .orderBy(asc(invoices.dueDate))
        .limit(500);
      let changed = 0;
      for (const { id } of due) {
        const moved = await ctx.transaction(async (tx, publish) => {
          const row = await lockInvoice(tx, id);
          if ((row.status !== 'sent' && row.status !== 'partially_paid') || row.dueDate >= day) return false;
          await invoiceLifecycle.transition(tx, {
            table: invoices,
            id,
            actor: systemActor('due_date_passed'),
            resource: factsOf(row),
            from: row.status,
            to: 'overdue',
            set: { updatedAt: ctx.now() },
          });
          publish({ type: 'invoice.status_changed', invoiceId: id, projectId: row.projectId, from: row.status, to: 'overdue', actorId: null });
          await notifications.notify(tx, publish, [row.clientId], {
            kind: 'invoice_overdue',
            title: `Invoice ${row.invoiceNo} overdue`,
            body: `${row.invoiceNo} was due on ${row.dueDate}: ${money(amountDueOf(row), row.currency)} is still to pay.`,
            target: { type: 'invoice', id: String(id) },
            projectId: row.projectId,
          });
          return true;
        });
        if (moved) changed += 1;
      }
      return changed;
    },

    /**
     * Reminders, INVOICE_REMINDER_DAYS around the due date: for each open invoice the latest reminder day reached,
     * recorded (invoice, day) under a primary key first, so it goes out once however many nodes run the job.
     * Reminder days that passed before the invoice was sent are skipped.
     */
    async sendReminders(): Promise<number> {
      const offsets = ctx.config.payments.reminderDays;
      if (offsets.length === 0) return 0;
      const day = today();
      const latestOffset = offsets[offsets.length - 1];
      const candidates = await ctx.db
        .select()
        .from(invoices)
        .where(
          and(
            inArray(invoices.status, OPEN),
            lte(invoices.dueDate, addDays(day, -offsets[0])),
            notExists(
              ctx.db
                .select({ one: sql`1` })
                .from(invoiceReminders)
                .where(and(eq(invoiceReminders.invoiceId, invoices.id), eq(invoiceReminders.offsetDays, latestOffset))),
            ),
          ),
        )
        .orderBy(asc(invoices.dueDate))
        .limit(500);
      let sent = 0;
      for (const row of candidates) {
        const reached = offsets.filter((d) => addDays(row.dueDate, d) <= day);
        const offset = reached[reached.length - 1];
        if (offset === undefined || amountDueOf(row) <= 0) continue;
        if (row.sentAt && isoDay(row.sentAt) >= addDays(row.dueDate, offset)) continue;
        const done = await ctx.transaction(async (tx, publish) => {
          const [claimed] = await tx
            .insert(invoiceReminders)
            .values({ invoiceId: row.id, offsetDays: offset, sentAt: ctx.now() })
            .onConflictDoNothing()
            .returning();
          if (!claimed) return false;
          const when = offset < 0 ? `is due on ${row.dueDate}` : offset === 0 ? 'is due today' : `was due on ${row.dueDate}`;
          await notifications.notify(tx, publish, [row.clientId], {
            kind: 'invoice_reminder',
            title: `Payment reminder: ${row.invoiceNo}${offset > 0 ? ' is overdue' : ''}`,
            body: `${row.invoiceNo} ${when}: ${money(amountDueOf(row), row.currency)} to pay.`,
            target: { type: 'invoice', id: String(row.id) },
            projectId: row.projectId,
          });
          return true;
        });
        if (done) sent += 1;
      }
      return sent;
    },

    /**
     * The receipt of one payment: a paid invoice's document is frozen (stored once with its hash) and mailed as
     * the receipt; a part payment gets the invoice as it now stands. Claimed under the payment's row lock and marked
     * in the same transaction as the mail, so it goes out once however often the job runs.
     */
    async sendReceipt(paymentId: number): Promise<'sent' | 'done'> {
      return ctx.transaction(async (tx, publish) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
        if (!payment || payment.kind !== 'payment' || payment.receiptSentAt) return 'done';
        let row = await lockInvoice(tx, payment.invoiceId);
        let attachment: MailAttachment;
        if (row.status === 'paid') {
          row = await freeze(tx, row);
          attachment = pdfAttachment(row, row.pdfKey!);
        } else {
          attachment = pdfAttachment(row, (await storePdf(tx, row, 'receipt')).key);
        }
        const party = await partyOf(tx, row);
        const [client] = await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, row.clientId)).limit(1);
        if (client?.status === 'active') {
          await ctx.mailer.enqueue(tx, publish, [
            {
              to: client.email,
              subject: `Payment received for ${row.invoiceNo} · ${ctx.config.brandName}`,
              text: [
                `Hello ${party.clientName},`,
                '',
                `Thank you: we received ${money(payment.amount, payment.currency)} for invoice ${row.invoiceNo} ("${party.projectTitle}").`,
                row.status === 'paid'
                  ? 'The invoice is paid in full; the paid invoice is attached as your receipt.'
                  : `Still due: ${money(amountDueOf(row), row.currency)}. The invoice as it stands is attached.`,
                '',
                `Open it: ${ctx.config.appUrl}${goPath({ type: 'invoice', id: String(row.id) })}`,
              ].join('\n'),
              attachments: [attachment],
            },
          ]);
        }
        await tx.update(payments).set({ receiptSentAt: ctx.now() }).where(eq(payments.id, paymentId));
        return 'sent';
      });
    },

    /** Payments whose receipt job never ran (a crash between commit and queueing), for the sweep to queue again. */
    async paymentsAwaitingReceipt(olderThan: Date): Promise<number[]> {
      const rows = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.kind, 'payment'), isNull(payments.receiptSentAt), lt(payments.createdAt, olderThan)))
        .limit(500);
      return rows.map((r) => r.id);
    },

    /**
     * Projects whose deposit a crash left unraised: the client contract was signed before `signedBefore`, the
     * automatic deposit is on, the project still waits in `approved` for its deposit, and it has no deposit invoice.
     * The deposit job is queued again for each; the invoice itself stays unique per project.
     */
    async projectsAwaitingDeposit(signedBefore: Date): Promise<number[]> {
      const rows = await ctx.db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.status, 'approved'),
            gt(projects.budgetMinor, 0),
            exists(
              ctx.db
                .select({ one: sql`1` })
                .from(contracts)
                .where(
                  and(
                    eq(contracts.projectId, projects.id),
                    eq(contracts.kind, 'client'),
                    eq(contracts.status, 'signed'),
                    lt(contracts.signedAt, signedBefore),
                  ),
                ),
            ),
            notExists(
              ctx.db
                .select({ one: sql`1` })
                .from(invoices)
                .where(and(eq(invoices.projectId, projects.id), eq(invoices.kind, 'deposit'))),
            ),
            notExists(
              ctx.db
                .select({ one: sql`1` })
                .from(projectBilling)
                .where(and(eq(projectBilling.projectId, projects.id), eq(projectBilling.autoDeposit, false))),
            ),
          ),
        )
        .orderBy(asc(projects.id))
        .limit(100);
      return rows.map((r) => r.id);
    },

    // Used by the payments module's fulfilment, inside its transaction.
    lockInvoice,
    settle,
    refundedOf,
    amountDueOf,
    staffIds,
  };
  return service;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
