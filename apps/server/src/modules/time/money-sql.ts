import { sql } from 'drizzle-orm';
import { invoices } from '../../db/schema.js';

/**
 * An issued invoice's money as the profitability figures count it, without tax: what was invoiced (subtotal less
 * discount) and the same share of what was paid, rounded half-up. In whole numbers while the product fits a bigint
 * (amounts under 2,000,000,000 minor units), in numeric beyond.
 */
export const invoicedNet = sql<string>`(${invoices.subtotal} - ${invoices.discount})`;
export const paidNet = sql<string>`case
  when ${invoices.total} <= 0 or ${invoices.amountPaid} <= 0 then 0
  when ${invoices.amountPaid} < 2000000000 and ${invoicedNet} < 2000000000
    then (2 * ${invoices.amountPaid} * ${invoicedNet} + ${invoices.total}) / (2 * ${invoices.total})
  else round(${invoices.amountPaid}::numeric * ${invoicedNet} / ${invoices.total})::bigint end`;
/** Invoices that count: issued ones, not drafts (the agency's own) and not void ones. */
export const issued = sql`${invoices.status} not in ('draft', 'void')`;
