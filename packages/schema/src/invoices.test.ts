import { describe, expect, it } from 'vitest';
import {
  canChangeInvoiceStatus,
  createInvoiceInput,
  DEPOSIT_WAITING_NOTE,
  invoiceNoSchema,
  invoiceStateNote,
  invoiceStatusLabel,
  isFullyRefunded,
  MAX_INVOICE_LINES,
  shownInvoiceNotes,
} from './invoices.js';
import { formatInvoiceNo, parseInvoiceNo } from './invoice-numbers.js';

describe('invoice numbers', () => {
  it('are INV-<year>-<at least four digits>', () => {
    expect(formatInvoiceNo(2026, 1)).toBe('INV-2026-0001');
    expect(formatInvoiceNo(2026, 42)).toBe('INV-2026-0042');
    expect(formatInvoiceNo(2026, 9999)).toBe('INV-2026-9999');
    expect(formatInvoiceNo(2026, 12345)).toBe('INV-2026-12345');
  });

  it('parse back, and refuse anything else', () => {
    expect(parseInvoiceNo('INV-2026-0042')).toEqual({ year: 2026, sequence: 42 });
    expect(parseInvoiceNo('INV-2026-12345')).toEqual({ year: 2026, sequence: 12345 });
    for (const bad of ['INV-2026-042', 'INV-26-0042', 'inv-2026-0042', 'INV-2026-0000', 'INV-2026-0042 ', 'X']) {
      expect(parseInvoiceNo(bad), bad).toBeNull();
    }
    expect(invoiceNoSchema.safeParse('INV-2026-0001').success).toBe(true);
    expect(invoiceNoSchema.safeParse('INV-2026-1').success).toBe(false);
  });

  it('refuse a sequence of zero or a year out of range', () => {
    expect(() => formatInvoiceNo(2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNo(99, 1)).toThrow(RangeError);
  });
});

describe('invoice input', () => {
  const line = { description: 'Design', quantity: 1, unit_price: 1000, tax_rate: 20 };
  const problems = (input: unknown) => {
    const result = createInvoiceInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts lines and drops totals a caller sends', () => {
    const parsed = createInvoiceInput.parse({ project_id: '1', lines: [line], total: 1, subtotal: 999 });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed).not.toHaveProperty('subtotal');
  });

  it('refuses a KWD, BHD or OMR total a card could not pay (its last decimal not 0), naming the amounts that could be', () => {
    const kwd = { description: 'Design', quantity: 1, unit_price: 1234, tax_rate: 0 };
    expect(problems({ project_id: '1', currency: 'KWD', lines: [kwd] })).toEqual([
      'lines: The invoice total KWD 1.234 cannot be paid by card: card payments in KWD need an amount whose last decimal is 0, such as KWD 1.230 or KWD 1.240; change a line or the discount',
    ]);
    expect(problems({ project_id: '1', currency: 'BHD', lines: [kwd], discount: 4 })).toEqual([]);
    // 1.030 at 5 % tax is 1.0815 rounded to 1.082: the total is what counts.
    expect(problems({ project_id: '1', currency: 'OMR', lines: [{ ...kwd, unit_price: 1030, tax_rate: 5 }] })).toHaveLength(1);
    expect(problems({ project_id: '1', currency: 'GBP', lines: [kwd] })).toEqual([]);
  });

  it('refuses negative, fractional and too many amounts with clear messages', () => {
    expect(problems({ project_id: '1', lines: [{ ...line, unit_price: -1 }] })).toEqual(['lines.0.unit_price: Unit price cannot be negative']);
    expect(problems({ project_id: '1', lines: [{ ...line, unit_price: 10.5 }] })).toEqual([
      'lines.0.unit_price: Unit price must be a whole number of minor units (no fractions)',
    ]);
    expect(problems({ project_id: '1', lines: Array.from({ length: MAX_INVOICE_LINES + 1 }, () => line) })).toEqual([
      'lines: An invoice may have at most 100 lines',
    ]);
    expect(problems({ project_id: '1', lines: [line], discount: 1001 })).toEqual(['discount: Discount cannot be more than the subtotal']);
    expect(problems({ project_id: '1', lines: [line], currency: 'XYZ' })[0]).toMatch(/^currency: Unknown currency/);
    expect(problems({ project_id: '1', lines: [{ ...line, quantity: 1.234 }] })).toEqual([
      'lines.0.quantity: Quantity may have at most two decimals',
    ]);
  });

  it('refuses a due date before the issue date', () => {
    expect(problems({ project_id: '1', lines: [line], issue_date: '2026-05-10', due_date: '2026-05-01' })).toEqual([
      'due_date: The due date cannot be before the issue date',
    ]);
  });
});

describe('invoice transitions', () => {
  it('lets staff send and void, never a client; nothing leaves paid or void', () => {
    expect(canChangeInvoiceStatus('admin', 'draft', 'sent')).toBe(true);
    expect(canChangeInvoiceStatus('superadmin', 'overdue', 'void')).toBe(true);
    expect(canChangeInvoiceStatus('client', 'draft', 'sent')).toBe(false);
    expect(canChangeInvoiceStatus('admin', 'paid', 'void')).toBe(false);
    expect(canChangeInvoiceStatus('admin', 'partially_paid', 'void')).toBe(false);
    for (const to of ['draft', 'sent', 'partially_paid', 'overdue', 'void'] as const) {
      expect(canChangeInvoiceStatus('superadmin', 'paid', to)).toBe(false);
      expect(canChangeInvoiceStatus('superadmin', 'void', to)).toBe(false);
    }
  });
});

describe('refunded invoices', () => {
  it('a paid invoice whose whole payment went back reads "Refunded"; a part refund still reads "Paid"', () => {
    const paid = { status: 'paid' as const, amount_paid: 12000, amount_refunded: 0 };
    expect(invoiceStatusLabel(paid)).toBe('Paid');
    expect(invoiceStatusLabel({ ...paid, amount_paid: 7000, amount_refunded: 5000 })).toBe('Paid');
    expect(isFullyRefunded({ ...paid, amount_paid: 0, amount_refunded: 12000 })).toBe(true);
    expect(invoiceStatusLabel({ ...paid, amount_paid: 0, amount_refunded: 12000 })).toBe('Refunded');
  });

  it('only a paid invoice is ever "Refunded": an open one whose part payment went back is still owed', () => {
    expect(invoiceStatusLabel({ status: 'sent', amount_paid: 0, amount_refunded: 500 })).toBe('Sent');
    expect(invoiceStatusLabel({ status: 'overdue', amount_paid: 0, amount_refunded: 500 })).toBe('Overdue');
    expect(invoiceStatusLabel({ status: 'void', amount_paid: 0, amount_refunded: 500 })).toBe('Void');
    expect(invoiceStatusLabel({ status: 'paid', amount_paid: 0, amount_refunded: 0 })).toBe('Paid');
  });
});

describe('what an invoice says of its state', () => {
  const deposit = { kind: 'deposit' as const, amount_paid: 0, amount_refunded: 0 };
  const standard = { ...deposit, kind: 'standard' as const };

  it('a deposit says the work waits for it until it is paid, and that the work has started once it is', () => {
    for (const status of ['draft', 'sent', 'partially_paid', 'overdue'] as const) {
      expect(invoiceStateNote({ ...deposit, status }, '')).toBe('The work starts as soon as this deposit is paid.');
    }
    expect(invoiceStateNote({ ...deposit, status: 'paid', amount_paid: 3000 }, '27 Nov 2026')).toBe(
      'Paid on 27 Nov 2026. Thank you: the work has started.',
    );
    expect(invoiceStateNote({ ...deposit, status: 'void' }, '')).toBeNull();
  });

  it('any paid invoice says when it was paid; an open one says nothing; a refunded one no thanks', () => {
    expect(invoiceStateNote({ ...standard, status: 'paid', amount_paid: 3000 }, '05 Mar 2026')).toBe(
      'Paid on 05 Mar 2026. Thank you: this invoice is paid in full.',
    );
    expect(invoiceStateNote({ ...standard, status: 'sent' }, '')).toBeNull();
    expect(invoiceStateNote({ ...deposit, status: 'paid', amount_paid: 0, amount_refunded: 3000 }, '05 Mar 2026')).toBeNull();
  });

  it('leaves out the waiting sentence a deposit stored as its note before, and keeps notes people wrote', () => {
    expect(shownInvoiceNotes({ kind: 'deposit', notes: DEPOSIT_WAITING_NOTE })).toBeNull();
    expect(shownInvoiceNotes({ kind: 'deposit', notes: null })).toBeNull();
    expect(shownInvoiceNotes({ kind: 'deposit', notes: 'Pay to account 12.' })).toBe('Pay to account 12.');
    expect(shownInvoiceNotes({ kind: 'standard', notes: DEPOSIT_WAITING_NOTE })).toBe(DEPOSIT_WAITING_NOTE);
    expect(shownInvoiceNotes({ kind: 'standard', notes: '  ' })).toBeNull();
  });
});
