import type { Invoice } from '@agency/schema';

/** An invoice as the API returns it, for web tests. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: '11',
    invoice_no: 'INV-2026-0042',
    project_id: '3',
    project_title: 'Booking site',
    client: { id: '7', name: 'Chloe Client', email: 'chloe@example.test' },
    company: { id: '3', name: 'Chloe & Co', billing_address: null, country: null, tax_number: null },
    currency: 'GBP',
    lines: [{ description: 'Design', quantity: 1, unit_price: 100000, tax_rate: 20, amount: 100000, discount: 0, tax: 20000 }],
    discount: 0,
    subtotal: 100000,
    tax_total: 20000,
    total: 120000,
    amount_paid: 0,
    amount_refunded: 0,
    amount_due: 120000,
    status: 'sent',
    kind: 'standard',
    recurring_invoice_id: null,
    issue_date: '2026-03-01',
    due_date: '2026-03-15',
    notes: null,
    sent_at: '2026-03-01T10:00:00.000Z',
    paid_at: null,
    voided_at: null,
    void_reason: null,
    needs_attention: false,
    attention_note: null,
    payments: [],
    pdf_url: '/api/invoices/11/pdf?expires=1&sid=1&sig=x',
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
