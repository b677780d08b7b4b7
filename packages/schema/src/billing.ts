import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { currencySchema } from './money.js';

// --- Saved cards and autopay --------------------------------------------------------------------------------

/** A saved card as anyone may see it: brand, last four digits and expiry, never the number. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  is_default: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof paymentMethodSchema>;

export const autopayStateSchema = z.object({
  /** Autopay stopped after the last retry of a failed charge; saving a new card starts it again. */
  paused: z.boolean(),
  paused_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AutopayState = z.infer<typeof autopayStateSchema>;

export const paymentMethodListSchema = z.object({ items: z.array(paymentMethodSchema), autopay: autopayStateSchema });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

/** Staff name the company whose cards they look at; a client always sees its own company's. */
export const paymentMethodListQuery = z.object({ company_id: idString('Invalid company').optional() });

/** Days after a failed off-session charge on which it is tried again (DUNNING_RETRY_DAYS). */
export const DUNNING_RETRY_DAYS_DEFAULT = '3,5,7';

// --- Statements and credit notes ----------------------------------------------------------------------------

export const statementQuery = z
  .object({ from: isoDateSchema, to: isoDateSchema, currency: currencySchema.optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end of the range cannot be before its start' });
export type StatementQuery = z.input<typeof statementQuery>;

export const STATEMENT_LINE_KINDS = ['invoice', 'payment', 'refund', 'credit_note'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** One movement of the account: an invoice raises the balance, a payment or credit note lowers it, a refund raises it. */
export const statementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  reference: z.string(),
  description: z.string(),
  invoice_id: z.string(),
  /** Signed minor units: positive raises what the company owes. */
  amount: z.number(),
  /** The balance after this line. */
  balance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A company's account in one currency over a date range: opening balance plus the lines is the closing balance. */
export const statementSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  currency: currencySchema,
  opening_balance: z.number(),
  lines: z.array(statementLineSchema),
  closing_balance: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

export const createCreditNoteInput = z.object({
  amount: z
    .number({ error: 'Amount must be a number of minor units' })
    .int('Amount must be a whole number of minor units (no fractions)')
    .min(1, 'Amount must be more than zero')
    .max(1_000_000_000_000, 'Amount is too large'),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(500, 'Reason must be at most 500 characters'),
});
export type CreateCreditNoteInput = z.input<typeof createCreditNoteInput>;

export const creditNoteSchema = z.object({
  id: z.string(),
  credit_note_no: z.string(),
  invoice_id: z.string(),
  invoice_no: z.string(),
  amount: z.number(),
  currency: currencySchema,
  reason: z.string(),
  issued_on: z.string(),
  created_at: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export function formatCreditNoteNo(year: number, n: number): string {
  return `CN-${year}-${String(n).padStart(4, '0')}`;
}
