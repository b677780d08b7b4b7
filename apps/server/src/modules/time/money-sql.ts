import { sql } from 'drizzle-orm';
import { invoices } from '../../db/schema.js';

/**
 * An issued invoice's money as the profitability figures count it, without tax: what was invoiced (subtotal less
 * discount) and the same share of what was paid, rounded half-up (numeric arithmetic: the products exceed bigint).
 */
export const invoicedNet = sql<string>`(${invoices.subtotal} - ${invoices.discount})`;
export const paidNet = sql<string>`case when ${invoices.total} > 0 then round(${invoices.amountPaid}::numeric * (${invoices.subtotal} - ${invoices.discount}) / ${invoices.total})::bigint else 0 end`;
/** Invoices that count: issued ones, not drafts (the agency's own) and not void ones. */
export const issued = sql`${invoices.status} not in ('draft', 'void')`;
