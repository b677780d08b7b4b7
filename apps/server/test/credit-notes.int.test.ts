// Credit notes beyond the statement (issue 33): each is in the audit log, on the invoice's PDF with the balance after
// credits, and counted in the "still due" of the receipts of later payments; one that settles the invoice keeps its
// document like any paid invoice's.
import type { Invoice } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices } from '../src/db/schema.js';
import { call, createTestApp, type TestApp } from './helpers.js';
import { approvedProject, getInvoice, LINE, makeWorld, pdfText, sentInvoice, type World } from './invoice-helpers.js';

let t: TestApp;
let w: World;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app);
  projectId = await approvedProject(t.app, w, { budget: 1_000_000 });
});
afterAll(async () => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);

async function creditNote(invoice: Invoice, amount: number, reason: string) {
  const res = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, { token: w.admin.token, body: { amount, reason } });
  expect(res.status, res.text).toBe(201);
  return res.body.credit_note as { credit_note_no: string };
}

async function pdf(path: string, token = w.client.token) {
  const res = await t.app.inject({
    method: 'GET',
    url: path.startsWith('/api/') ? path : `/api${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

describe('credit notes', () => {
  it('are in the audit log: who, the note, and what was due before and after', async () => {
    const invoice = await sentInvoice(t.app, w, projectId, { lines: [{ ...LINE, unit_price: 50_000 }] });
    const note = await creditNote(invoice, 10_000, 'Late delivery');
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'invoice.credit_note_issued')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(Number(w.admin.user.id));
    expect(rows[0]!.before).toMatchObject({ invoice_no: invoice.invoice_no, amount_credited: 0, amount_due: 60_000 });
    expect(rows[0]!.after).toMatchObject({
      credit_note_no: note.credit_note_no,
      amount: 10_000,
      reason: 'Late delivery',
      amount_credited: 10_000,
      amount_due: 50_000,
      status: 'sent',
    });
    // A refused one leaves nothing in the log.
    const tooMuch = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: 50_001, reason: 'Too much' },
    });
    expect(tooMuch.status).toBe(400);
    const after = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'invoice.credit_note_issued')));
    expect(after).toHaveLength(1);
  });

  it("are listed on the invoice's PDF, with the amount due after credits", async () => {
    const invoice = await sentInvoice(t.app, w, projectId, { lines: [{ ...LINE, unit_price: 100_000 }] });
    const first = await creditNote(invoice, 20_000, 'Late delivery');
    const second = await creditNote(invoice, 5_000, 'Goodwill');
    expect((await getInvoice(t.app, w.client.token, invoice.id)).amount_due).toBe(120_000 - 25_000);
    const text = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(text).toContain('CREDIT NOTES');
    expect(text).toMatch(new RegExp(`${first.credit_note_no}, \\d{2} \\w{3} \\d{4}: Late delivery\\s+-GBP 200\\.00`));
    expect(text).toMatch(new RegExp(`${second.credit_note_no}, \\d{2} \\w{3} \\d{4}: Goodwill\\s+-GBP 50\\.00`));
    expect(text).toMatch(/Credit notes\s+-GBP 250\.00/);
    expect(text).toMatch(/Amount due after credits\s+GBP 950\.00/);
  });

  it("leave an invoice without any the PDF's plain amount due", async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const text = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(text).not.toContain('CREDIT NOTES');
    expect(text).toMatch(/Amount due\s+GBP 120\.00/);
  });

  it("count in a later payment's receipt: still due is the total less payments and credits", async () => {
    const invoice = await sentInvoice(t.app, w, projectId, { lines: [{ ...LINE, unit_price: 100_000 }] });
    const pay = async (amount: number, reference: string) => {
      const res = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, { token: w.admin.token, body: { amount, date: today(), reference } });
      expect(res.status, res.text).toBe(201);
    };
    await pay(20_000, 'BANK-1');
    t.clock.advance(60_000);
    await creditNote(invoice, 30_000, 'Scope cut');
    t.clock.advance(60_000);
    await pay(10_000, 'BANK-2');
    const paid = await getInvoice(t.app, w.client.token, invoice.id);
    expect(paid.amount_due).toBe(120_000 - 20_000 - 30_000 - 10_000);
    const [before, after] = paid.payments;
    // The first receipt was for a payment before the credit: it stands as it was.
    const first = await pdf(before!.receipt_url!);
    expect(first).toMatch(/Still due\s+GBP 1,000\.00/);
    expect(first).not.toContain('Credit notes');
    const second = await pdf(after!.receipt_url!);
    expect(second).toMatch(/Credit notes\s+-GBP 300\.00/);
    expect(second).toMatch(/Still due\s+GBP 600\.00/);
  });

  it('that settle an invoice keep its document, credit notes and all, like any paid invoice', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const note = await creditNote(invoice, invoice.total, 'Written off');
    const [row] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, Number(invoice.id)));
    expect(row!.status).toBe('paid');
    expect(row!.pdfKey).not.toBeNull();
    expect(row!.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const text = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(text).toContain(note.credit_note_no);
    expect(text).toMatch(/Amount due after credits\s+GBP 0\.00/);
  });
});
