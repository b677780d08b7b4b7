import {
  cardAmountProblem,
  CURRENCY_DECIMALS,
  DATE_LOCALE,
  FINAL_INVOICE_STATUSES,
  isCurrency,
  PAYABLE_INVOICE_STATUSES,
  type Currency,
  type InvoiceStatus,
} from '@agency/schema';
import { AppError } from '../../core/errors.js';
import type { InvoiceFacts } from '../../core/policy.js';
import type { invoices } from '../../db/schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;

export const OPEN: InvoiceStatus[] = [...PAYABLE_INVOICE_STATUSES];

export function invoicePdfPath(id: number) {
  return `/api/invoices/${id}/pdf`;
}

export function receiptPdfPath(invoiceId: number, paymentId: number) {
  return `/api/invoices/${invoiceId}/payments/${paymentId}/receipt`;
}

/** One receipt per payment, named after its invoice: "INV-2026-0042-P17". */
export function receiptNoOf(invoiceNo: string, paymentId: number) {
  return `${invoiceNo}-P${paymentId}`;
}

/** A UTC calendar date `YYYY-MM-DD`. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** What the client still owes: nothing on a paid or void invoice. */
export function amountDueOf(row: Pick<InvoiceRow, 'status' | 'total' | 'amountPaid'> & { amountCredited?: number }): number {
  if (FINAL_INVOICE_STATUSES.includes(row.status)) return 0;
  return Math.max(0, row.total - row.amountPaid - (row.amountCredited ?? 0));
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (!constraint || name === constraint)) return true;
  }
  return false;
}

/** What the audit log keeps of an invoice around a change. */
export function auditState(row: InvoiceRow) {
  return { invoice_no: row.invoiceNo, status: row.status, currency: row.currency, total: row.total, due_date: row.dueDate };
}

export function factsOf(row: Pick<InvoiceRow, 'companyId' | 'status'>): InvoiceFacts {
  return { companyId: row.companyId, status: row.status };
}

/**
 * An amount as people read it in mails and notifications: "£1,200.00", "JP¥330,000", "KWD 1.005" (en-GB); in a
 * mail, in its reader's language ("1.200,00 £" in German).
 */
export function money(minor: number, currency: Currency, locale: string = DATE_LOCALE) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** CURRENCY_DECIMALS[currency]);
}

/**
 * 400 for an invoice total the client could not pay by card (Stripe's rule for three-decimal currencies). The
 * request schema checks it where the currency is named; here it is checked where it comes from the project or the
 * stored invoice too, and before an invoice made before the rule is sent.
 */
export function assertCardPayableTotal(total: number, currency: Currency) {
  const problem = cardAmountProblem(total, currency);
  if (problem) throw new AppError('VALIDATION_FAILED', `lines: The invoice total ${problem}; change a line or the discount`);
}

export function projectCurrency(currency: string): Currency {
  return isCurrency(currency) ? currency : 'GBP';
}

export function assertOpenProject(status: string) {
  if (status === 'pending' || status === 'rejected' || status === 'cancelled') {
    throw new AppError('UNPROCESSABLE', `Invoices are raised for approved projects; this one is ${status}`);
  }
}
