import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Locale } from '@agency/schema';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { readerLocale } from '../../i18n/index.js';
import { brandLogoPng } from '../../integrations/brand.js';
import { creditNotes, invoices, payments, users, type MailAttachment } from '../../db/schema.js';
import { billingContacts } from '../companies/queries.js';
import { aboutLine, aboutOf } from './describe.js';
import { amountDueOf, receiptNoOf, type InvoiceRow } from './helpers.js';
import { partyOf } from './queries.js';

/**
 * The language of the documents mailed to a company's billing contacts (one attachment for all of them): theirs
 * when they all read the same one, else the agency's default. A billing address without an account reads the default.
 */
export async function billingLocale(ctx: AppContext, db: DbOrTx, companyId: number): Promise<Locale> {
  const fallback = ctx.config.defaultLocale;
  const contacts = await billingContacts(db, companyId);
  const people = contacts.mailUserIds.length
    ? await db.select({ locale: users.locale }).from(users).where(inArray(users.id, contacts.mailUserIds))
    : [];
  const chosen = new Set([...people.map((p) => readerLocale(p.locale, fallback)), ...(contacts.addresses.length ? [fallback] : [])]);
  return chosen.size === 1 ? [...chosen][0] : fallback;
}

/** The invoice as a PDF, rendered as it is now, in `locale` (the agency's default when left out). */
export async function pdfData(ctx: AppContext, db: DbOrTx, row: InvoiceRow, locale: Locale = ctx.config.defaultLocale) {
  const [party, about, credits] = await Promise.all([
    partyOf(db, row),
    aboutOf(db, row),
    db
      .select({ no: creditNotes.creditNoteNo, issuedOn: creditNotes.issuedOn, amount: creditNotes.amount, reason: creditNotes.reason })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, row.id))
      .orderBy(asc(creditNotes.id)),
  ]);
  // pdf-lib is loaded on the first document rather than at every start.
  const { renderInvoicePdf } = await import('../../integrations/invoice-pdf.js');
  return renderInvoicePdf({
    locale,
    agency: {
      name: ctx.brand.current().agencyName,
      phone: ctx.brand.current().contactPhone,
      email: ctx.brand.current().contactEmail,
      url: ctx.config.appUrl,
    },
    logo: await brandLogoPng(ctx.brand.current(), ctx.storage),
    client: { name: party.clientName, email: party.billingEmail ?? party.clientEmail, company: party.companyName },
    addressee: { address: party.billingAddress, country: party.country, taxNumber: party.taxNumber },
    projectTitle: party.projectTitle,
    about: aboutLine(about),
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
    amountRefunded: row.amountRefunded,
    creditNotes: credits,
    amountDue: amountDueOf(row),
    paidAt: row.paidAt,
    notes: row.notes,
    voidReason: row.voidReason,
    instructions: ctx.config.payments.instructions,
  });
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * The receipt of one payment as a PDF, with the invoice as it stood just after that payment: the payments up to
 * it, less the refunds made before it. Rendered the same whenever it is asked for, since nothing of a recorded
 * payment or of a sent invoice's total changes. In `locale` (the agency's default when left out).
 */
export async function receiptPdf(ctx: AppContext, db: DbOrTx, row: InvoiceRow, payment: PaymentRow, locale?: Locale) {
  const [party, ledger, [creditedBefore]] = await Promise.all([
    partyOf(db, row),
    db
      .select({ id: payments.id, kind: payments.kind, amount: payments.amount })
      .from(payments)
      .where(eq(payments.invoiceId, row.id))
      .orderBy(asc(payments.id)),
    // Credit notes issued before the payment was recorded: what the client owed when they paid was less by them.
    db
      .select({ sum: sql<string>`coalesce(sum(${creditNotes.amount}), 0)` })
      .from(creditNotes)
      .where(and(eq(creditNotes.invoiceId, row.id), lt(creditNotes.createdAt, payment.createdAt))),
  ]);
  let paidToDate = 0;
  for (const entry of ledger) {
    if (entry.kind === 'payment' && entry.id <= payment.id) paidToDate += entry.amount;
    if (entry.kind === 'refund' && entry.id < payment.id) paidToDate -= entry.amount;
  }
  const credited = Number(creditedBefore?.sum ?? 0);
  const receiptNo = receiptNoOf(row.invoiceNo, payment.id);
  const { renderReceiptPdf } = await import('../../integrations/receipt-pdf.js');
  const bytes = await renderReceiptPdf({
    locale: locale ?? (await billingLocale(ctx, db, row.companyId)),
    agency: {
      name: ctx.brand.current().agencyName,
      phone: ctx.brand.current().contactPhone,
      email: ctx.brand.current().contactEmail,
      url: ctx.config.appUrl,
    },
    logo: await brandLogoPng(ctx.brand.current(), ctx.storage),
    client: { name: party.clientName, email: party.clientEmail, company: party.companyName },
    projectTitle: party.projectTitle,
    invoiceNo: row.invoiceNo,
    kind: row.kind,
    receiptNo,
    currency: row.currency,
    receivedOn: payment.receivedOn,
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    invoiceTotal: row.total,
    paidToDate,
    credited,
    amountDue: Math.max(0, row.total - paidToDate - credited),
  });
  return { receiptNo, bytes: Buffer.from(bytes) };
}

/**
 * Stores a PDF of the invoice as it is now, for the company's billing contacts (in their language, `billingLocale`):
 * the key and the file's SHA-256.
 */
export async function storePdf(ctx: AppContext, db: DbOrTx, row: InvoiceRow, label: string) {
  const bytes = Buffer.from(await pdfData(ctx, db, row, await billingLocale(ctx, db, row.companyId)));
  const key = `invoices/${row.id}/${row.invoiceNo}-${label}-${crypto.randomBytes(6).toString('hex')}.pdf`;
  await ctx.storage.put(key, Readable.from([bytes]));
  return { key, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

export function pdfAttachment(row: InvoiceRow, key: string): MailAttachment {
  return { filename: `${row.invoiceNo}.pdf`, content_type: 'application/pdf', storage_key: key };
}

/** A paid or void invoice's document is stored once, with its hash, and never rendered again (STYLE 21). */
export async function freeze(ctx: AppContext, tx: Tx, row: InvoiceRow): Promise<InvoiceRow> {
  const stored = await storePdf(ctx, tx, row, row.status);
  const [updated] = await tx
    .update(invoices)
    .set({ pdfKey: stored.key, pdfSha256: stored.sha256 })
    .where(and(eq(invoices.id, row.id), isNull(invoices.pdfKey)))
    .returning();
  return updated ?? row;
}
