import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import {
  cardAmountProblem,
  computeInvoiceTotals,
  currencySchema,
  QUANTITY_SCALE,
  TAX_RATE_SCALE,
  type Currency,
  type InvoiceLineInput,
} from './money.js';
import { assertNever, type Role } from './roles.js';
import { INVOICE_NO } from './invoice-numbers.js';

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** Statuses in which a client owes something and may pay. */
export const PAYABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['sent', 'partially_paid', 'overdue'];
/** Paid and void invoices never change again: no edit, no payment, no void (STYLE 21). */
export const FINAL_INVOICE_STATUSES: readonly InvoiceStatus[] = ['paid', 'void'];

export function isPayable(status: InvoiceStatus): boolean {
  return PAYABLE_INVOICE_STATUSES.includes(status);
}

/**
 * A paid invoice whose payments were all refunded. It stays `paid` in the lifecycle (nothing leaves paid, and a
 * refund is money back, not a reopened bill); `amount_paid` is net of refunds, so it is shown as refunded.
 */
export function isFullyRefunded(invoice: { status: InvoiceStatus; amount_paid: number; amount_refunded: number }): boolean {
  return invoice.status === 'paid' && invoice.amount_refunded > 0 && invoice.amount_paid <= 0;
}

/** What an invoice's status chip says: the lifecycle status, or "Refunded" for a paid invoice refunded in full. */
export function invoiceStatusLabel(invoice: { status: InvoiceStatus; amount_paid: number; amount_refunded: number }): string {
  return isFullyRefunded(invoice) ? 'Refunded' : INVOICE_STATUS_LABELS[invoice.status];
}

/** `milestone`: a payment plan's stage, released by a date, a board card or by hand. */
export const INVOICE_KINDS = ['standard', 'deposit', 'milestone'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** What a deposit invoice says while it waits for its payment. Written by the product, not stored: it changes once paid. */
export const DEPOSIT_WAITING_NOTE = 'The work starts as soon as this deposit is paid.';

/**
 * The sentence an invoice ends on for its state, on the web and in the PDF: a deposit says the work waits for it
 * until it is paid, any paid invoice says when (`paidOn`, written by the caller in its reader's format) and, for a
 * deposit, that the work has started. Null when its state has nothing to say (a void or fully refunded invoice).
 */
export function invoiceStateNote(
  invoice: { kind: InvoiceKind; status: InvoiceStatus; amount_paid: number; amount_refunded: number },
  paidOn: string,
): string | null {
  switch (invoice.status) {
    case 'paid': {
      if (isFullyRefunded(invoice)) return null;
      const when = paidOn ? `Paid on ${paidOn}.` : 'Paid.';
      return `${when} Thank you: ${invoice.kind === 'deposit' ? 'the work has started.' : 'this invoice is paid in full.'}`;
    }
    case 'draft':
    case 'sent':
    case 'partially_paid':
    case 'overdue':
      return invoice.kind === 'deposit' ? DEPOSIT_WAITING_NOTE : null;
    case 'void':
      return null;
    default:
      return assertNever(invoice.status);
  }
}

/**
 * An invoice's notes as shown: as written, except a deposit's copy of DEPOSIT_WAITING_NOTE, which deposits raised
 * before the note was the product's own still store; `invoiceStateNote` says it while it is true.
 */
export function shownInvoiceNotes(invoice: { kind: InvoiceKind; notes: string | null }): string | null {
  const notes = invoice.notes?.trim() || null;
  return invoice.kind === 'deposit' && notes === DEPOSIT_WAITING_NOTE ? null : notes;
}

export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_METHODS = ['card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Card', bank_transfer: 'Bank transfer' };

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** A checkout page handed out for an invoice: open until paid (`complete`) or past its time (`expired`). */
export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/**
 * What the product itself may cause, with no person behind it: a payment provider's event, a refund, the
 * overdue job. The state machines name these beside the roles.
 */
export const INVOICE_TRIGGERS = ['payment', 'refund', 'due_date_passed', 'credit'] as const;
export type InvoiceTrigger = (typeof INVOICE_TRIGGERS)[number];

type InvoiceEdge = {
  from: readonly InvoiceStatus[];
  to: InvoiceStatus;
  who: (role: Role) => boolean;
  system: readonly InvoiceTrigger[];
};

const isStaff = (role: Role) => role === 'admin' || role === 'superadmin';
const nobody = () => false;
const OPEN: readonly InvoiceStatus[] = ['sent', 'partially_paid', 'overdue'];

/**
 * The invoice lifecycle as data. Staff send drafts and void unpaid invoices; money moves the rest: a payment
 * (the provider's event, or an offline payment staff record), a refund, and the overdue job change the status as
 * a consequence, never by hand. Nothing leaves paid or void.
 */
export const INVOICE_TRANSITIONS: readonly InvoiceEdge[] = [
  { from: ['draft'], to: 'sent', who: isStaff, system: [] },
  { from: ['draft', 'sent', 'overdue'], to: 'void', who: isStaff, system: [] },
  { from: OPEN, to: 'partially_paid', who: nobody, system: ['payment', 'refund'] },
  { from: OPEN, to: 'paid', who: nobody, system: ['payment', 'credit'] },
  { from: ['sent', 'partially_paid'], to: 'overdue', who: nobody, system: ['due_date_passed', 'payment', 'refund'] },
  { from: ['partially_paid'], to: 'sent', who: nobody, system: ['refund'] },
];

/** Whether this role may move an invoice from `from` to `to` by hand (the buttons the web app shows). */
export function canChangeInvoiceStatus(role: Role, from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_TRANSITIONS.some((e) => e.to === to && e.from.includes(from) && e.who(role));
}

// --- Numbers ------------------------------------------------------------------------------------------------

export const invoiceNoSchema = z.string().regex(INVOICE_NO, 'Not an invoice number (INV-<year>-<number>)').max(40);

// --- Constants ----------------------------------------------------------------------------------------------

export const MAX_INVOICE_LINES = 100;
/** No invoice may total more than this many minor units: exact in a JavaScript number, far above any real invoice. */
export const MAX_INVOICE_TOTAL = 1_000_000_000_000;
export const MAX_UNIT_PRICE = 100_000_000_000;
export const MAX_QUANTITY = 1_000_000;
export const DEPOSIT_PERCENT_DEFAULT = 30;
export const INVOICE_DUE_DAYS_DEFAULT = 14;
/** Reminder days relative to the due date: three days before, one and seven days after. */
export const INVOICE_REMINDER_DAYS_DEFAULT = '-3,1,7';

// --- Input --------------------------------------------------------------------------------------------------

function hasAtMostDecimals(value: number, scale: number) {
  return Math.abs(value * scale - Math.round(value * scale)) < 1e-6;
}

const wholeMinor = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number of minor units` })
    .int(`${what} must be a whole number of minor units (no fractions)`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is too large`);

export const invoiceLineInput = z.object({
  description: z
    .string({ error: 'Each line needs a description' })
    .trim()
    .min(1, 'Each line needs a description')
    .max(500, 'A line description must be at most 500 characters'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than zero')
    .max(MAX_QUANTITY, 'Quantity is too large')
    .refine((q) => hasAtMostDecimals(q, QUANTITY_SCALE), 'Quantity may have at most two decimals'),
  unit_price: wholeMinor('Unit price', MAX_UNIT_PRICE),
  tax_rate: z
    .number({ error: 'Tax rate must be a number (percent)' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate cannot be more than 100 %')
    .refine((r) => hasAtMostDecimals(r, TAX_RATE_SCALE), 'Tax rate may have at most three decimals')
    .default(0),
});
export type InvoiceLine = z.input<typeof invoiceLineInput>;

const linesSchema = z
  .array(invoiceLineInput, { error: 'Lines must be a list' })
  .min(1, 'An invoice needs at least one line')
  .max(MAX_INVOICE_LINES, `An invoice may have at most ${MAX_INVOICE_LINES} lines`);

/** What is wrong with lines and a discount together (the discount against the subtotal, the total's size), or null. */
export function invoiceAmountProblem(lines: readonly InvoiceLineInput[], discount: number): { path: string; message: string } | null {
  const totals = computeInvoiceTotals(lines, 0);
  if (discount > totals.subtotal) return { path: 'discount', message: 'Discount cannot be more than the subtotal' };
  if (totals.subtotal + totals.tax_total > MAX_INVOICE_TOTAL) return { path: 'lines', message: 'The invoice total is too large' };
  return null;
}

const invoiceFields = {
  lines: linesSchema,
  discount: wholeMinor('Discount', MAX_INVOICE_TOTAL).default(0),
  currency: currencySchema.optional(),
  issue_date: isoDateSchema.optional(),
  due_date: isoDateSchema.optional(),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
  /** Charge the company's default saved card when the invoice is sent (autopay). */
  auto_charge: z.boolean({ error: 'auto_charge must be true or false' }).optional(),
};

function checkDates(value: { issue_date?: string; due_date?: string }, ctx: z.RefinementCtx) {
  if (value.issue_date && value.due_date && value.due_date < value.issue_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date cannot be before the issue date' });
  }
}

function checkAmounts(value: { lines?: InvoiceLineInput[]; discount?: number; currency?: Currency }, ctx: z.RefinementCtx) {
  // Lines that are themselves wrong have their own messages; totals of them would only add noise.
  if (!value.lines || !linesSchema.safeParse(value.lines).success) return;
  const problem = invoiceAmountProblem(value.lines, value.discount ?? 0);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  // An invoice the client could not pay by card: refused where its currency is named (the server checks the
  // project's currency otherwise).
  const card = value.currency ? cardAmountProblem(computeInvoiceTotals(value.lines, value.discount ?? 0).total, value.currency) : null;
  if (!problem && card) ctx.addIssue({ code: 'custom', path: ['lines'], message: `The invoice total ${card}; change a line or the discount` });
}

/** Totals are not accepted: the server computes them from the lines (extra fields are dropped). */
export const createInvoiceInput = z.object({ project_id: idString('Choose a project'), ...invoiceFields }).superRefine((value, ctx) => {
  checkDates(value, ctx);
  checkAmounts(value, ctx);
});
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;
export type CreateInvoiceData = z.output<typeof createInvoiceInput>;

export const updateInvoiceInput = z
  .object({
    lines: linesSchema.optional(),
    discount: wholeMinor('Discount', MAX_INVOICE_TOTAL).optional(),
    currency: invoiceFields.currency,
    issue_date: invoiceFields.issue_date,
    due_date: invoiceFields.due_date,
    notes: invoiceFields.notes,
    auto_charge: invoiceFields.auto_charge,
  })
  .superRefine((value, ctx) => {
    checkDates(value, ctx);
    checkAmounts(value, ctx);
  });
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;
export type UpdateInvoiceData = z.output<typeof updateInvoiceInput>;

export const voidInvoiceInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(500, 'Reason must be at most 500 characters'),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceInput>;

export const recordPaymentInput = z.object({
  amount: wholeMinor('Amount', MAX_INVOICE_TOTAL).refine((v) => v > 0, 'Amount must be more than zero'),
  date: isoDateSchema,
  reference: z
    .string({ error: 'A reference is required' })
    .trim()
    .min(1, 'A reference is required (the bank transfer reference)')
    .max(200, 'Reference must be at most 200 characters'),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

export const refundInput = z.object({
  payment_id: idString('Choose the card payment to refund'),
  /** Minor units; the whole refundable rest of the payment when absent. */
  amount: wholeMinor('Amount', MAX_INVOICE_TOTAL)
    .refine((v) => v > 0, 'Amount must be more than zero')
    .optional(),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});
export type RefundInput = z.input<typeof refundInput>;
export type RefundData = z.output<typeof refundInput>;

export const invoiceListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  project_id: idString('Invalid project').optional(),
  client_id: idString('Invalid client').optional(),
  status: invoiceStatusSchema.optional(),
  attention: z.enum(['true', 'false']).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

export const billingSettingsInput = z.object({ auto_deposit: z.boolean({ error: 'auto_deposit must be true or false' }) });

// --- Answers ------------------------------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  tax_rate: z.number(),
  amount: z.number(),
  discount: z.number(),
  tax: z.number(),
});

export const paymentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  /** The day the money arrived (offline payments) or the day it was recorded. */
  received_on: z.string(),
  /** A short-lived signed link to the payment's receipt PDF, for the session that asked; null for a refund. */
  receipt_url: z.string().nullable(),
  /** For a card payment: what may still be refunded. */
  refundable: z.number(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

const partySchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
/** Who an invoice is addressed to: the client's company. */
export const invoiceAddresseeSchema = z.object({
  id: z.string(),
  name: z.string(),
  billing_address: z.string().nullable(),
  country: z.string().nullable(),
  tax_number: z.string().nullable(),
});
export type InvoiceAddressee = z.infer<typeof invoiceAddresseeSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  invoice_no: z.string(),
  /** Null for an invoice addressed to the company without a project (a recurring invoice's). */
  project_id: z.string().nullable(),
  project_title: z.string().nullable(),
  client: partySchema,
  company: invoiceAddresseeSchema,
  currency: currencySchema,
  lines: z.array(invoiceLineSchema),
  discount: z.number(),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  /** Received less refunded. */
  amount_paid: z.number(),
  amount_refunded: z.number(),
  /** Taken off by credit notes. */
  amount_credited: z.number(),
  /** What the client still owes; nothing on a paid or void invoice. */
  amount_due: z.number(),
  status: invoiceStatusSchema,
  kind: z.enum(INVOICE_KINDS),
  /** The recurring invoice that raised it, if one did. */
  recurring_invoice_id: z.string().nullable(),
  issue_date: z.string(),
  due_date: z.string(),
  notes: z.string().nullable(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** A payment event that did not match (amount, currency, a closed invoice): staff look at it. Always false for clients. */
  needs_attention: z.boolean(),
  attention_note: z.string().nullable(),
  /** Charged to the company's default saved card when sent. */
  auto_charge: z.boolean(),
  payments: z.array(paymentSchema),
  /** A short-lived signed link to the PDF for the session that asked. */
  pdf_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListItemSchema = invoiceSchema.omit({ lines: true, payments: true, pdf_url: true });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceTotalsSchema = z.object({
  currency: currencySchema,
  invoiced: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  overdue: z.number(),
  count: z.number(),
  overdue_count: z.number(),
});
export type InvoiceTotalsRow = z.infer<typeof invoiceTotalsSchema>;

export const invoiceSummarySchema = z.object({
  totals: z.array(invoiceTotalsSchema),
  /** Money received less refunds, by calendar month (UTC) and currency, oldest first, the last twelve months. */
  revenue_by_month: z.array(z.object({ month: z.string(), currency: currencySchema, amount: z.number() })),
  needs_attention: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const billingSettingsSchema = z.object({
  project_id: z.string(),
  auto_deposit: z.boolean(),
  deposit_percent: z.number(),
  deposit_invoice_id: z.string().nullable(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });
