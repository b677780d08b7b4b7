import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatDate, formatInvoiceNo, parseInvoiceNo, type Invoice } from '@agency/schema';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, invoiceReminders, invoices, notifications, projectEvents } from '../src/db/schema.js';
import { sweepInvoiceJobs } from '../src/modules/invoices/jobs.js';
import { call, createTestApp, mailsTo as allMailsTo, must, type TestApp } from './helpers.js';
import {
  approvedProject,
  createInvoice,
  DAY_MS,
  eventually,
  getInvoice,
  LINE,
  mailsTo,
  makeWorld,
  pdfText,
  sentInvoice,
  type World,
} from './invoice-helpers.js';

let t: TestApp;
let w: World;
let projectId: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5', INVOICE_REMINDER_DAYS: '-3,1,7' });
  w = await makeWorld(t.app);
  projectId = await approvedProject(t.app, w, { budget: 500_000 });
});
afterAll(async () => t.close());

describe('amounts', () => {
  it('computes totals on the server, per line and half-up, and ignores the figures a caller sends', async () => {
    const invoice = await createInvoice(t.app, w.admin.token, {
      project_id: projectId,
      lines: [
        { description: 'Design', quantity: 1, unit_price: 1005, tax_rate: 20 },
        { description: 'Hosting', quantity: 1, unit_price: 13, tax_rate: 20 },
        { description: 'Hours', quantity: 1.5, unit_price: 333, tax_rate: 0 },
      ],
      subtotal: 1,
      tax_total: 1,
      total: 1,
      amount_paid: 999,
      status: 'paid',
    });
    expect(invoice.lines.map((l) => [l.amount, l.tax])).toEqual([
      [1005, 201],
      [13, 3],
      [500, 0],
    ]);
    expect(invoice).toMatchObject({
      subtotal: 1518,
      tax_total: 204,
      total: 1722,
      amount_paid: 0,
      amount_due: 1722,
      status: 'draft',
      currency: 'GBP',
    });
  });

  it('shares a discount over the lines before tax', async () => {
    const invoice = await createInvoice(t.app, w.admin.token, {
      project_id: projectId,
      lines: [
        { description: 'A', quantity: 1, unit_price: 100, tax_rate: 20 },
        { description: 'B', quantity: 1, unit_price: 100, tax_rate: 20 },
        { description: 'C', quantity: 1, unit_price: 100, tax_rate: 0 },
      ],
      discount: 100,
    });
    expect(invoice).toMatchObject({ subtotal: 300, discount: 100, tax_total: 26, total: 226 });
  });

  it.each([
    ['JPY', 1005, 10, { subtotal: 1005, tax_total: 101, total: 1106 }],
    ['KWD', 1009, 10, { subtotal: 1009, tax_total: 101, total: 1110 }],
    ['EUR', 999, 21, { subtotal: 999, tax_total: 210, total: 1209 }],
  ])('invoices in the project currency %s with its own minor units', async (currency, unit, rate, expected) => {
    const project = await approvedProject(t.app, w, { budget: 100_000, currency });
    const invoice = await createInvoice(t.app, w.owner.token, {
      project_id: project,
      lines: [{ description: 'Work', quantity: 1, unit_price: unit, tax_rate: rate }],
    });
    expect(invoice.currency).toBe(currency);
    expect(invoice).toMatchObject(expected);
  });

  it.each([
    ['a negative price', { lines: [{ ...LINE, unit_price: -5 }] }, 'Unit price cannot be negative'],
    ['a fractional price', { lines: [{ ...LINE, unit_price: 10.5 }] }, 'Unit price must be a whole number of minor units (no fractions)'],
    ['a negative discount', { discount: -1 }, 'Discount cannot be negative'],
    ['a fractional discount', { discount: 0.5 }, 'Discount must be a whole number of minor units (no fractions)'],
    ['more than 100 lines', { lines: Array.from({ length: 101 }, () => LINE) }, 'An invoice may have at most 100 lines'],
    ['no lines', { lines: [] }, 'An invoice needs at least one line'],
    ['a discount above the subtotal', { discount: 10001 }, 'Discount cannot be more than the subtotal'],
    ['an unknown currency', { currency: 'XYZ' }, 'Unknown currency'],
    ['a zero quantity', { lines: [{ ...LINE, quantity: 0 }] }, 'Quantity must be more than zero'],
    ['a tax rate over 100 %', { lines: [{ ...LINE, tax_rate: 120 }] }, 'Tax rate cannot be more than 100 %'],
  ])('refuses %s with 400 and a clear message', async (_name, body, message) => {
    const res = await call(t.app, 'POST', '/invoices', { token: w.admin.token, body: { project_id: projectId, lines: [LINE], ...body } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toContain(message);
  });

  it('refuses an invoice for a project that is not approved (422) or does not exist (404)', async () => {
    const pending = await call(t.app, 'POST', '/projects', {
      token: w.client.token,
      body: { title: 'Pending one', description: 'Waiting for approval' },
    });
    const res = await call(t.app, 'POST', '/invoices', { token: w.admin.token, body: { project_id: pending.body.project.id, lines: [LINE] } });
    expect(res.status).toBe(422);
    expect((await call(t.app, 'POST', '/invoices', { token: w.admin.token, body: { project_id: '999999', lines: [LINE] } })).status).toBe(404);
  });
});

describe('numbers', () => {
  it('are INV-<year>-<four digits>, one after the other', async () => {
    const a = await createInvoice(t.app, w.admin.token, { project_id: projectId });
    const b = await createInvoice(t.app, w.admin.token, { project_id: projectId });
    expect(a.invoice_no).toMatch(new RegExp(`^INV-${year}-\\d{4,}$`));
    expect(parseInvoiceNo(b.invoice_no)!.sequence).toBe(parseInvoiceNo(a.invoice_no)!.sequence + 1);
  });

  it('stay unique and gap-free under 20 concurrent creations', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'POST', '/invoices', { token: i % 2 ? w.admin.token : w.owner.token, body: { project_id: projectId, lines: [LINE] } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const sequences = results.map((r) => parseInvoiceNo(r.body.invoice.invoice_no)!.sequence).sort((x, y) => x - y);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences[19] - sequences[0]).toBe(19);
  });

  it('go past four digits without losing order', () => {
    expect(formatInvoiceNo(year, 10000)).toBe(`INV-${year}-10000`);
  });
});

describe('lifecycle', () => {
  it('edits a draft, sends it with the PDF by e-mail and in-app, and then refuses edits', async () => {
    const draft = await createInvoice(t.app, w.admin.token, { project_id: projectId });
    const edited = await call(t.app, 'PATCH', `/invoices/${draft.id}`, {
      token: w.admin.token,
      body: { lines: [{ description: 'Design, revised', quantity: 2, unit_price: 5000, tax_rate: 0 }], notes: 'Thank you' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.invoice).toMatchObject({ total: 10000, notes: 'Thank you' });
    expect((await call(t.app, 'PATCH', `/invoices/${draft.id}`, { token: w.admin.token, body: { discount: 10001 } })).status).toBe(400);

    // A client never sees a draft.
    expect((await call(t.app, 'GET', `/invoices/${draft.id}`, { token: w.client.token })).status).toBe(404);

    const sent = await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.invoice.status).toBe('sent');
    expect(sent.body.invoice.sent_at).not.toBeNull();

    const mails = await mailsTo(t.app, w.client.user.email, `New invoice ${draft.invoice_no}`);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.attachments).toEqual([expect.objectContaining({ filename: `${draft.invoice_no}.pdf`, content_type: 'application/pdf' })]);
    const attached = fs.readFileSync(path.join(t.config.filesDir, mail!.attachments![0].storage_key));
    expect(pdfText(attached)).toContain(draft.invoice_no);
    const notes = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, Number(w.client.user.id)));
    expect(notes.some((n) => n.targetType === 'invoice' && n.targetId === draft.id)).toBe(true);

    const again = await call(t.app, 'PATCH', `/invoices/${draft.id}`, { token: w.admin.token, body: { notes: 'x' } });
    expect(again.status).toBe(409);
    expect((await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.admin.token })).body.code).toBe('INVALID_TRANSITION');
  });

  it('records offline payments: partial, then in full; then the invoice is immutable', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    expect(invoice.total).toBe(12000);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tooMuch = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 12001, date: today, reference: 'BANK-1' },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('PAYMENT_EXCEEDS_DUE');
    for (const bad of [{ amount: -1 }, { amount: 10.5 }, { amount: 0 }]) {
      const res = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.admin.token,
        body: { date: today, reference: 'x', ...bad },
      });
      expect(res.status).toBe(400);
    }
    const part = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 2000, date: today, reference: 'BANK-1' },
    });
    expect(part.status, part.text).toBe(201);
    expect(part.body.invoice).toMatchObject({ status: 'partially_paid', amount_paid: 2000, amount_due: 10000 });
    const rest = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.owner.token,
      body: { amount: 10000, date: today, reference: 'BANK-2' },
    });
    expect(rest.body.invoice).toMatchObject({ status: 'paid', amount_paid: 12000, amount_due: 0 });
    expect(rest.body.invoice.paid_at).not.toBeNull();
    expect(rest.body.invoice.payments.map((p: { method: string; reference: string }) => [p.method, p.reference])).toEqual([
      ['bank_transfer', 'BANK-1'],
      ['bank_transfer', 'BANK-2'],
    ]);

    const again = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 1, date: today, reference: 'X' },
    });
    expect(again.body.code).toBe('INVOICE_ALREADY_PAID');
    expect((await call(t.app, 'PATCH', `/invoices/${invoice.id}`, { token: w.admin.token, body: { notes: 'x' } })).body.code).toBe(
      'INVOICE_IMMUTABLE',
    );
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/void`, { token: w.admin.token, body: { reason: 'Mistake' } })).body.code).toBe(
      'INVOICE_IMMUTABLE',
    );
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token })).body.code).toBe('INVOICE_ALREADY_PAID');
  });

  it('voids an unpaid invoice with a reason; a void invoice never changes again', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/void`, { token: w.admin.token, body: {} })).status).toBe(400);
    const voided = await call(t.app, 'POST', `/invoices/${invoice.id}/void`, { token: w.admin.token, body: { reason: 'Raised twice' } });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.invoice).toMatchObject({ status: 'void', void_reason: 'Raised twice', amount_due: 0 });
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/send`, { token: w.admin.token })).body.code).toBe('INVOICE_IMMUTABLE');
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token })).body.code).toBe('INVOICE_NOT_DUE');
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(
      (await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, { token: w.admin.token, body: { amount: 1, date: today, reference: 'x' } })).body
        .code,
    ).toBe('INVOICE_NOT_DUE');
  });

  it('does not void an invoice that has money on it, partly paid or overdue', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const today = t.clock.now().toISOString().slice(0, 10);
    await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, { token: w.admin.token, body: { amount: 100, date: today, reference: 'x' } });
    const res = await call(t.app, 'POST', `/invoices/${invoice.id}/void`, { token: w.admin.token, body: { reason: 'Changed our mind' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_TRANSITION');

    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const late = await sentInvoice(t.app, w, projectId, { issue_date: day(-20), due_date: day(-10) });
    const part = await call(t.app, 'POST', `/invoices/${late.id}/payments`, {
      token: w.admin.token,
      body: { amount: 100, date: today, reference: 'y' },
    });
    expect(part.body.invoice).toMatchObject({ status: 'overdue', amount_paid: 100 });
    const lateVoid = await call(t.app, 'POST', `/invoices/${late.id}/void`, { token: w.admin.token, body: { reason: 'Changed our mind' } });
    expect(lateVoid.status).toBe(409);
    expect(lateVoid.body.code).toBe('INVALID_TRANSITION');
  });

  it('the database itself refuses to change what a paid or void invoice billed, and keeps refunds recordable', async () => {
    const refusal = async (change: Promise<unknown>) => {
      const err = await change.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, 'the database accepted the change').not.toBeNull();
      expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/cannot (change|be deleted)/);
    };
    const voided = await sentInvoice(t.app, w, projectId);
    await call(t.app, 'POST', `/invoices/${voided.id}/void`, { token: w.admin.token, body: { reason: 'Raised twice' } });
    const id = Number(voided.id);
    const db = t.app.ctx.db;
    await refusal(db.update(invoices).set({ total: 1 }).where(eq(invoices.id, id)));
    await refusal(t.app.ctx.database.executeSql('update invoices set total = total + 1 where id = $1', [id]));
    await refusal(db.update(invoices).set({ status: 'sent' }).where(eq(invoices.id, id)));
    await refusal(db.update(invoices).set({ lines: [] }).where(eq(invoices.id, id)));
    await refusal(db.delete(invoices).where(eq(invoices.id, id)));
    expect(await getInvoice(t.app, w.admin.token, voided.id)).toMatchObject({ status: 'void', total: voided.total, lines: voided.lines });

    const today = t.clock.now().toISOString().slice(0, 10);
    const paid = await sentInvoice(t.app, w, projectId);
    await call(t.app, 'POST', `/invoices/${paid.id}/payments`, { token: w.admin.token, body: { amount: paid.total, date: today, reference: 'z' } });
    for (const change of [
      { discount: 1 },
      { currency: 'EUR' as const },
      { clientId: Number(w.otherClient.user.id) },
      { subtotal: 0 },
      { taxTotal: 0 },
    ]) {
      await refusal(
        db
          .update(invoices)
          .set(change)
          .where(eq(invoices.id, Number(paid.id))),
      );
    }
    // What the product still records on a final invoice: a refund's amounts, the staff flag, the frozen document.
    await db
      .update(invoices)
      .set({ amountPaid: paid.total - 100, amountRefunded: 100, needsAttention: true, attentionNote: 'check', updatedAt: t.clock.now() })
      .where(eq(invoices.id, Number(paid.id)));
    const cleared = await call(t.app, 'POST', `/invoices/${paid.id}/attention/clear`, { token: w.admin.token });
    expect(cleared.body.invoice).toMatchObject({ status: 'paid', amount_paid: paid.total - 100, amount_refunded: 100, needs_attention: false });
    const stored = await eventually(async () => {
      const [row] = await db
        .select()
        .from(invoices)
        .where(eq(invoices.id, Number(paid.id)));
      expect(row.pdfKey).not.toBeNull();
      return row;
    });
    await refusal(
      db
        .update(invoices)
        .set({ pdfKey: 'elsewhere.pdf' })
        .where(eq(invoices.id, Number(paid.id))),
    );
    expect(stored.status).toBe('paid');
    // Back to what its payments say: the revenue report, in this same database, adds up the payments.
    await db
      .update(invoices)
      .set({ amountPaid: paid.total, amountRefunded: 0 })
      .where(eq(invoices.id, Number(paid.id)));
  });
});

describe('PDF', () => {
  it('has the agency and client blocks, lines, tax, totals, status and how to pay', async () => {
    const invoice = await sentInvoice(t.app, w, projectId, {
      lines: [
        { description: 'Logo design', quantity: 1, unit_price: 150050, tax_rate: 20 },
        { description: 'Hosting for a year', quantity: 12, unit_price: 999, tax_rate: 20 },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf`, headers: { authorization: `Bearer ${w.client.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Brightline Studio',
      'INVOICE',
      invoice.invoice_no,
      'Clara Client',
      w.client.user.email,
      'Logo design',
      'Hosting for a year',
      'GBP 1,500.50',
      'GBP 119.88',
      'Subtotal',
      'Tax',
      'Total',
      'Amount due',
      'Status: Sent',
      'HOW TO PAY',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("serves to the client's session at the address the invoice names, and never to a stranger", async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const detail = await getInvoice(t.app, w.client.token, invoice.id);
    const viaLink = await t.app.inject({ method: 'GET', url: detail.pdf_url, headers: { authorization: `Bearer ${w.client.token}` } });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: detail.pdf_url })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`, { token: w.otherClient.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`, { token: w.lead.token })).status).toBe(403);
  });

  it('stores a paid invoice once and checks its hash whenever it is served', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const today = t.clock.now().toISOString().slice(0, 10);
    await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: invoice.total, date: today, reference: 'BANK' },
    });
    // Frozen by the receipt job right after the payment.
    const row = await eventually(async () => {
      const [found] = await t.app.ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, Number(invoice.id)));
      expect(found.pdfKey).toBeTruthy();
      return found;
    });
    const [receipt] = await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`);
    expect(receipt.attachments).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/^receipt-INV-\d{4}-\d{4,}-P\d+\.pdf$/) }),
      expect.objectContaining({ storage_key: row.pdfKey }),
    ]);
    // The job running again (a retry, another node, the sweep) sends nothing more.
    const paymentId = Number((await getInvoice(t.app, w.admin.token, invoice.id)).payments[0].id);
    expect(await t.app.services.invoices.sendReceipt(paymentId)).toBe('done');
    expect(await t.app.services.invoices.paymentsAwaitingReceipt(new Date(t.clock.now().getTime() + 60_000))).not.toContain(paymentId);
    expect(await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`)).toHaveLength(1);
    const file = path.join(t.config.filesDir, row.pdfKey!);
    const stored = fs.readFileSync(file);
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(row.pdfSha256);
    expect(pdfText(stored)).toContain('Status: Paid');
    const first = await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`, { token: w.client.token });
    expect(first.status).toBe(200);

    fs.writeFileSync(file, Buffer.concat([stored, Buffer.from('tampered')]));
    const tampered = await call(t.app, 'GET', `/invoices/${invoice.id}/pdf`, { token: w.client.token });
    expect(tampered.status).toBe(500);
    expect(tampered.body.code).toBe('DOCUMENT_TAMPERED');
    fs.writeFileSync(file, stored);
  });
});

describe('receipts', () => {
  const receiptOf = async (invoiceId: string, paymentId: string, token = w.client.token) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceId}/payments/${paymentId}/receipt`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res;
  };

  it('one per payment: the PDF names the payer, amount, day, method and what was still due; the mail attaches it', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.admin.token,
        body: { amount: 2000, date: day(-2), reference: 'BANK-71' },
      }),
      201,
      'first payment',
    );
    const paid = must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.owner.token,
        body: { amount: 10000, date: day(0), reference: 'BANK-72' },
      }),
      201,
      'second payment',
    ).body.invoice as Invoice;
    const [first, second] = paid.payments;

    const firstRes = await receiptOf(invoice.id, first.id);
    expect(firstRes.statusCode).toBe(200);
    expect(firstRes.headers['content-type']).toBe('application/pdf');
    expect(firstRes.headers['content-disposition']).toBe(`inline; filename="receipt-${invoice.invoice_no}-P${first.id}.pdf"`);
    const firstText = pdfText(firstRes.rawPayload);
    for (const expected of [
      'RECEIPT',
      `${invoice.invoice_no}-P${first.id}`,
      `Received ${formatDate(day(-2))}`,
      'Clara Client',
      w.client.user.email,
      'GBP 20.00',
      'Paid by Bank transfer, reference BANK-71',
      'GBP 120.00',
      `Thank you. GBP 100.00 of invoice ${invoice.invoice_no} is still to pay.`,
    ]) {
      expect(firstText, expected).toContain(expected);
    }
    // The first payment's receipt says what was due after it, not what is due now.
    const secondText = pdfText((await receiptOf(invoice.id, second.id, w.admin.token)).rawPayload);
    expect(secondText).toContain(`Received ${formatDate(day(0))}`);
    expect(secondText).toContain('Paid by Bank transfer, reference BANK-72');
    expect(secondText).toContain(`Thank you: invoice ${invoice.invoice_no} is paid in full.`);
    expect(pdfText((await receiptOf(invoice.id, first.id)).rawPayload)).toBe(firstText);

    // Each payment's mail carries its own receipt, first, and the invoice.
    const mails = await eventually(async () => {
      const found = await mailsTo(t.app, w.client.user.email, `Payment received for ${invoice.invoice_no}`);
      expect(found).toHaveLength(2);
      return found;
    });
    for (const [payment, reference] of [
      [first, 'BANK-71'],
      [second, 'BANK-72'],
    ] as const) {
      const mail = mails.find((m) => m.attachments?.[0]?.filename === `receipt-${invoice.invoice_no}-P${payment.id}.pdf`);
      expect(mail?.attachments, payment.id).toEqual([
        expect.objectContaining({ content_type: 'application/pdf' }),
        expect.objectContaining({ filename: `${invoice.invoice_no}.pdf` }),
      ]);
      const attached = pdfText(fs.readFileSync(path.join(t.config.filesDir, mail!.attachments![0].storage_key)));
      expect(attached).toContain(`Paid by Bank transfer, reference ${reference}`);
      expect(attached).toContain('Clara Client');
    }
  });

  it('opens through its signed link; a refund, another invoice’s payment, another client and the team are refused', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const paid = must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.admin.token,
        body: { amount: 2000, date: t.clock.now().toISOString().slice(0, 10), reference: 'BANK-9' },
      }),
      201,
      'payment',
    ).body.invoice as Invoice;
    const payment = paid.payments[0];
    const detail = await getInvoice(t.app, w.client.token, invoice.id);
    expect(detail.payments[0].receipt_url).toBe(`/api/invoices/${invoice.id}/payments/${payment.id}/receipt`);
    const viaLink = await t.app.inject({
      method: 'GET',
      url: detail.payments[0].receipt_url!,
      headers: { authorization: `Bearer ${w.client.token}` },
    });
    expect(viaLink.statusCode).toBe(200);
    expect(pdfText(viaLink.rawPayload)).toContain('Paid by Bank transfer, reference BANK-9');
    // The address alone opens nothing.
    expect((await t.app.inject({ method: 'GET', url: detail.payments[0].receipt_url! })).statusCode).toBe(401);
    const other = await sentInvoice(t.app, w, projectId);

    expect((await receiptOf(other.id, payment.id, w.admin.token)).statusCode).toBe(404);
    expect((await receiptOf(invoice.id, payment.id, w.otherClient.token)).statusCode).toBe(404);
    expect((await receiptOf(invoice.id, payment.id, w.lead.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/payments/${payment.id}/receipt`)).status).toBe(401);

    // A refund is no payment: it has no receipt.
    const checkout = must(await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token }), 200, 'checkout');
    await t.app.inject({
      method: 'POST',
      url: new URL(checkout.body.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424242&expiry=12%2F40&cvc=123',
    });
    const card = (await getInvoice(t.app, w.admin.token, invoice.id)).payments.find((p) => p.method === 'card')!;
    const refunded = must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/refunds`, { token: w.admin.token, body: { payment_id: card.id, amount: 100 } }),
      201,
      'refund',
    ).body.invoice as Invoice;
    const refund = refunded.payments.find((p) => p.kind === 'refund')!;
    expect(refund.receipt_url).toBeNull();
    expect((await receiptOf(invoice.id, refund.id, w.admin.token)).statusCode).toBe(404);
    expect(pdfText((await receiptOf(invoice.id, card.id)).rawPayload)).toContain('Paid by Card');
  });
});

describe('who sees what', () => {
  it('a client lists only its own invoices; another client’s id or number is 404; employees see none', async () => {
    const mine = await sentInvoice(t.app, w, projectId);
    const otherProject = await approvedProject(t.app, w, { client: w.otherClient, budget: 1000 });
    const theirs = await sentInvoice(t.app, w, otherProject);

    const list = await call(t.app, 'GET', '/invoices', { token: w.client.token, query: { limit: '100' } });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((i: Invoice) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.body.items.every((i: Invoice) => i.client.id === w.client.user.id && i.status !== 'draft')).toBe(true);

    for (const path of [`/invoices/${theirs.id}`, `/invoices/${theirs.invoice_no}`, `/invoices/${theirs.id}/pdf`]) {
      const res = await call(t.app, 'GET', path, { token: w.client.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Invoice not found', code: 'NOT_FOUND' });
    }
    expect((await call(t.app, 'POST', `/invoices/${theirs.id}/checkout`, { token: w.client.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/invoices/INV-${year}-999999`, { token: w.client.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/invoices/not-a-number', { token: w.client.token })).status).toBe(400);

    for (const employee of [w.lead, w.member]) {
      expect((await call(t.app, 'GET', '/invoices', { token: employee.token })).status).toBe(403);
      expect((await call(t.app, 'GET', `/invoices/${mine.id}`, { token: employee.token })).status).toBe(403);
    }
    const byNumber = await call(t.app, 'GET', `/invoices/${mine.invoice_no}`, { token: w.client.token });
    expect(byNumber.body.invoice.id).toBe(mine.id);
  });

  it('lists filter by project, client and status, page by cursor', async () => {
    const project = await approvedProject(t.app, w, { budget: 1000 });
    const made = [
      await sentInvoice(t.app, w, project),
      await sentInvoice(t.app, w, project),
      await createInvoice(t.app, w.owner.token, { project_id: project }),
    ];
    const all = await call(t.app, 'GET', '/invoices', { token: w.admin.token, query: { project_id: project } });
    expect(all.body.items.map((i: Invoice) => i.id)).toEqual(made.map((i) => i.id).reverse());
    const drafts = await call(t.app, 'GET', '/invoices', { token: w.admin.token, query: { project_id: project, status: 'draft' } });
    expect(drafts.body.items.map((i: Invoice) => i.id)).toEqual([made[2].id]);
    const page1 = await call(t.app, 'GET', '/invoices', { token: w.admin.token, query: { project_id: project, limit: '2' } });
    expect(page1.body.items).toHaveLength(2);
    const page2 = await call(t.app, 'GET', '/invoices', {
      token: w.admin.token,
      query: { project_id: project, limit: '2', cursor: page1.body.next_cursor },
    });
    expect(page2.body.items.map((i: Invoice) => i.id)).toEqual([made[0].id]);
    expect(page2.body.next_cursor).toBeNull();
    const byClient = await call(t.app, 'GET', '/invoices', { token: w.owner.token, query: { client_id: w.otherClient.user.id } });
    expect(byClient.body.items.every((i: Invoice) => i.client.id === w.otherClient.user.id)).toBe(true);
    expect((await call(t.app, 'GET', '/invoices', { token: w.admin.token, query: { status: 'lost' } })).status).toBe(400);
  });
});

describe('checkout', () => {
  it('gives the invoice’s client the provider’s page for what is due, the same page while it is open', async () => {
    const invoice = await sentInvoice(t.app, w, projectId);
    const a = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token });
    expect(a.status, a.text).toBe(200);
    expect(a.body.url).toMatch(/^http:\/\/app\.test\/api\/payments\/local\/checkout\/cs_local_/);
    const b = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token });
    expect(b.body.url).toBe(a.body.url);
    expect((await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.admin.token })).status).toBe(403);
    const draft = await createInvoice(t.app, w.owner.token, { project_id: projectId });
    expect((await call(t.app, 'POST', `/invoices/${draft.id}/checkout`, { token: w.client.token })).status).toBe(404);
  });
});

describe('the deposit and the kickoff', () => {
  async function publishSigned(project: string, kind: 'client' | 'team') {
    await t.app.ctx.transaction(async (_tx, publish) =>
      publish({ type: 'contract.signed', contractId: 77, projectId: Number(project), kind, signerId: Number(w.client.user.id) }),
    );
  }
  async function depositsOf(project: string) {
    const res = await call(t.app, 'GET', '/invoices', { token: w.owner.token, query: { project_id: project } });
    return res.body.items.filter((i: Invoice) => i.kind === 'deposit') as Invoice[];
  }

  it('a signed client contract raises and sends the deposit once; paying it starts the project on its own', async () => {
    const project = await approvedProject(t.app, w, { budget: 150_050 });
    await publishSigned(project, 'client');
    const [deposit] = await eventually(async () => {
      const found = await depositsOf(project);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(deposit).toMatchObject({ status: 'sent', kind: 'deposit', total: 45_015, currency: 'GBP', notes: null });
    expect(await mailsTo(t.app, w.client.user.email, `Deposit invoice ${deposit.invoice_no}`)).toHaveLength(1);
    const waiting = 'The work starts as soon as this deposit is paid.';
    const pdf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${deposit.id}/pdf`,
        headers: { authorization: `Bearer ${w.client.token}` },
      });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    expect((await pdf()).split(waiting)).toHaveLength(2);
    // A deposit raised before stored the sentence as its note: it is still said once.
    await t.app.ctx.db
      .update(invoices)
      .set({ notes: waiting })
      .where(eq(invoices.id, Number(deposit.id)));
    expect((await pdf()).split(waiting)).toHaveLength(2);

    // The same announcement again, and twice at once: still one deposit.
    await Promise.all([publishSigned(project, 'client'), publishSigned(project, 'client')]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await depositsOf(project)).toHaveLength(1);

    const today = t.clock.now().toISOString().slice(0, 10);
    const paid = await call(t.app, 'POST', `/invoices/${deposit.id}/payments`, {
      token: w.admin.token,
      body: { amount: deposit.total, date: today, reference: 'BANK' },
    });
    expect(paid.body.invoice.status).toBe('paid');
    // Paid, the deposit no longer says the work waits for it: it says when it was paid and that the work started.
    const paidText = await pdf();
    expect(paidText).toContain(`Paid on ${formatDate(paid.body.invoice.paid_at, { timeZone: 'UTC' })}. Thank you: the work has started.`);
    expect(paidText).not.toContain(waiting);
    const started = await call(t.app, 'GET', `/projects/${project}`, { token: w.client.token });
    expect(started.body.project.status).toBe('in_progress');
    const timeline = await call(t.app, 'GET', `/projects/${project}/activity`, { token: w.client.token });
    const kickoff = timeline.body.items.at(-1);
    expect(kickoff).toMatchObject({ kind: 'status_changed', from_status: 'approved', to_status: 'in_progress', actor: null, automatic: true });
    expect(kickoff.note).toContain(deposit.invoice_no);
    for (const person of [w.client, w.lead, w.member]) {
      const rows = await t.app.ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, Number(person.user.id)));
      expect(
        rows.some((n) => n.kind === 'project_in_progress' && n.projectId === Number(project)),
        person.user.email,
      ).toBe(true);
    }
    const events = await t.app.ctx.db
      .select()
      .from(projectEvents)
      .where(eq(projectEvents.projectId, Number(project)));
    expect(events.filter((e) => e.toStatus === 'in_progress')).toHaveLength(1);
  });

  it('through the contracts module: the client signs its contract and the deposit invoice follows, once', async () => {
    const project = await approvedProject(t.app, w, { budget: 200_000 });
    const contracts = await eventually(async () => {
      const res = await call(t.app, 'GET', '/contracts', { token: w.owner.token, query: { project_id: project } });
      expect(res.body.items.map((c: { kind: string }) => c.kind)).toContain('client');
      return res.body.items as { id: string; kind: string; signer: { id: string } }[];
    });
    const contract = contracts.find((c) => c.kind === 'client')!;
    expect((await call(t.app, 'POST', `/contracts/${contract.id}/send`, { token: w.owner.token, body: {} })).status).toBe(200);
    // The team contract is signed by the member: it asks for no deposit.
    const team = contracts.find((c) => c.kind === 'team' && c.signer.id === w.member.user.id)!;
    await call(t.app, 'POST', `/contracts/${team.id}/send`, { token: w.owner.token, body: {} });
    const teamSigned = await call(t.app, 'POST', `/contracts/${team.id}/sign`, {
      token: w.member.token,
      body: { signature_name: 'Member Person', agree: true },
    });
    expect(teamSigned.status, teamSigned.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await depositsOf(project)).toHaveLength(0);

    const signed = await call(t.app, 'POST', `/contracts/${contract.id}/sign`, {
      token: w.client.token,
      body: { signature_name: 'Clara Client', agree: true },
    });
    expect(signed.status, signed.text).toBe(200);
    const [deposit] = await eventually(async () => {
      const found = await depositsOf(project);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(deposit).toMatchObject({ kind: 'deposit', status: 'sent', total: 60_000 });
    // Signing again is refused and raises nothing more.
    expect(
      (await call(t.app, 'POST', `/contracts/${contract.id}/sign`, { token: w.client.token, body: { signature_name: 'Clara Client', agree: true } }))
        .status,
    ).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await depositsOf(project)).toHaveLength(1);
  });

  it('no deposit for a team contract, or when staff turned it off', async () => {
    const project = await approvedProject(t.app, w, { budget: 10_000 });
    await publishSigned(project, 'team');
    const off = await approvedProject(t.app, w, { budget: 10_000 });
    const settings = await call(t.app, 'PUT', `/projects/${off}/billing`, { token: w.admin.token, body: { auto_deposit: false } });
    expect(settings.body.billing).toMatchObject({ auto_deposit: false, deposit_percent: 30, deposit_invoice_id: null });
    await publishSigned(off, 'client');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await depositsOf(project)).toHaveLength(0);
    expect(await depositsOf(off)).toHaveLength(0);

    // Staff can still raise it by hand, once.
    const manual = await call(t.app, 'POST', `/projects/${off}/deposit-invoice`, { token: w.admin.token });
    expect(manual.status, manual.text).toBe(201);
    expect(manual.body.invoice).toMatchObject({ kind: 'deposit', status: 'sent', total: 3000 });
    expect((await call(t.app, 'POST', `/projects/${off}/deposit-invoice`, { token: w.admin.token })).status).toBe(409);
    expect((await call(t.app, 'GET', `/projects/${off}/billing`, { token: w.owner.token })).body.billing.deposit_invoice_id).toBe(
      manual.body.invoice.id,
    );
  });

  it('a signed client contract whose deposit was never queued gets it from the sweep, once however often it runs', async () => {
    // The state a crash between the signature's commit and the queueing of its job leaves: a client contract
    // signed a while ago, and no deposit. The contract is marked signed directly, so no event announces it.
    async function signedLongAgo(project: string) {
      const client = await eventually(async () => {
        const [row] = await t.app.ctx.db
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.projectId, Number(project)), eq(contracts.kind, 'client')));
        expect(row).toBeDefined();
        return row;
      });
      await t.app.ctx.db
        .update(contracts)
        .set({ status: 'signed', signedAt: new Date(t.clock.now().getTime() - 60 * 60_000) })
        .where(eq(contracts.id, client.id));
    }
    const project = await approvedProject(t.app, w, { budget: 80_000 });
    await signedLongAgo(project);
    const off = await approvedProject(t.app, w, { budget: 80_000 });
    await call(t.app, 'PUT', `/projects/${off}/billing`, { token: w.admin.token, body: { auto_deposit: false } });
    await signedLongAgo(off);
    expect(await depositsOf(project)).toHaveLength(0);

    // Twice at once, as two nodes would: one deposit job for the project, none for the one whose deposit is off.
    const [first, second] = await Promise.all([
      sweepInvoiceJobs(t.app.ctx, t.app.services.invoices),
      sweepInvoiceJobs(t.app.ctx, t.app.services.invoices),
    ]);
    expect(first.deposits).toContain(Number(project));
    expect(second.deposits).toContain(Number(project));
    expect(first.deposits).not.toContain(Number(off));
    const [deposit] = await eventually(async () => {
      const found = await depositsOf(project);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(deposit).toMatchObject({ kind: 'deposit', status: 'sent', total: 24_000 });
    expect(await mailsTo(t.app, w.client.user.email, `Deposit invoice ${deposit.invoice_no}`)).toHaveLength(1);

    // Once it exists the sweep has nothing more to do for the project, and running it again changes nothing.
    expect((await sweepInvoiceJobs(t.app.ctx, t.app.services.invoices)).deposits).not.toContain(Number(project));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await depositsOf(project)).toHaveLength(1);
    expect(await depositsOf(off)).toHaveLength(0);
  });

  it('a paid deposit never moves a project that is not approved', async () => {
    const project = await approvedProject(t.app, w, { budget: 10_000 });
    await call(t.app, 'POST', `/projects/${project}/status`, { token: w.owner.token, body: { status: 'in_progress' } });
    const deposit = await call(t.app, 'POST', `/projects/${project}/deposit-invoice`, { token: w.admin.token });
    const today = t.clock.now().toISOString().slice(0, 10);
    const paid = await call(t.app, 'POST', `/invoices/${deposit.body.invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: deposit.body.invoice.total, date: today, reference: 'x' },
    });
    expect(paid.body.invoice.status).toBe('paid');
    const timeline = await call(t.app, 'GET', `/projects/${project}/activity`, { token: w.owner.token });
    expect(timeline.body.items.filter((e: { automatic: boolean }) => e.automatic)).toHaveLength(0);
  });
});

describe('jobs: overdue and reminders', () => {
  it('marks open invoices past their due date overdue once, and reminds before and after, each reminder once', async () => {
    const project = await approvedProject(t.app, w, { budget: 10_000 });
    const issue = t.clock.now().toISOString().slice(0, 10);
    const due = new Date(t.clock.now().getTime() + 5 * DAY_MS).toISOString().slice(0, 10);
    const invoice = await sentInvoice(t.app, w, project, { issue_date: issue, due_date: due });
    const reminders = () => mailsTo(t.app, w.client.user.email, `Payment reminder: ${invoice.invoice_no}`);
    // Every text to the client writes the due date as a day ("02 Dec 2026"), never as the API's 2026-12-02.
    const dueDay = formatDate(due);
    const notes = (title: string) =>
      t.app.ctx.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.userId, Number(w.client.user.id)), like(notifications.title, `${title}%`)))
        .orderBy(asc(notifications.id))
        .then((rows) => rows.map((r) => r.body));
    const mailText = async (subject: string) =>
      (await allMailsTo(t.app, w.client.user.email)).filter((m) => m.subject.startsWith(subject)).map((m) => m.text);
    expect(await notes(`New invoice ${invoice.invoice_no}`)).toEqual([expect.stringContaining(`, due ${dueDay}.`)]);
    await eventually(async () => expect(await mailText(`New invoice ${invoice.invoice_no}`)).toEqual([expect.stringContaining(`, by ${dueDay}.`)]));

    expect(await t.app.services.invoices.sendReminders()).toBe(0);
    t.clock.advance(2 * DAY_MS + 60_000); // three days before the due date
    await t.app.services.invoices.sendReminders();
    await t.app.services.invoices.sendReminders();
    expect(await reminders()).toHaveLength(1);
    expect(await notes(`Payment reminder: ${invoice.invoice_no}`)).toEqual([expect.stringContaining(`is due on ${dueDay}:`)]);
    expect((await t.app.services.invoices.markOverdue()) >= 0).toBe(true);
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('sent');

    t.clock.advance(4 * DAY_MS); // one day after the due date
    await Promise.all([t.app.services.invoices.markOverdue(), t.app.services.invoices.markOverdue()]);
    expect((await getInvoice(t.app, w.client.token, invoice.id)).status).toBe('overdue');
    const overdueMails = await mailsTo(t.app, w.client.user.email, `Invoice ${invoice.invoice_no} overdue`);
    expect(overdueMails).toHaveLength(1);
    await Promise.all([t.app.services.invoices.sendReminders(), t.app.services.invoices.sendReminders()]);
    expect(await reminders()).toHaveLength(2);
    expect(await notes(`Invoice ${invoice.invoice_no} overdue`)).toEqual([expect.stringContaining(`was due on ${dueDay}:`)]);
    expect((await notes(`Payment reminder: ${invoice.invoice_no}`))[1]).toContain(`was due on ${dueDay}:`);

    // A partial payment keeps it overdue; paying the rest ends the reminders. Dated the day the invoice was issued:
    // a payment dated six days ahead of the file's clock could fall in a month the revenue report does not show yet.
    const today = issue;
    const part = await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: 100, date: today, reference: 'x' },
    });
    expect(part.body.invoice.status).toBe('overdue');
    await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
      token: w.admin.token,
      body: { amount: part.body.invoice.amount_due, date: today, reference: 'y' },
    });
    t.clock.advance(7 * DAY_MS);
    await t.app.services.invoices.sendReminders();
    expect(await reminders()).toHaveLength(2);
    // Back to today: sessions idle for more than a week would have ended.
    t.clock.advance(-(13 * DAY_MS + 60_000));
  });

  it('skips the reminder days that passed before an invoice was sent, and later sends only the latest day reached', async () => {
    const reminders = (invoiceNo: string) => mailsTo(t.app, w.client.user.email, `Payment reminder: ${invoiceNo}`);
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const project = await approvedProject(t.app, w, { budget: 10_000 });
    // Sent twenty days after its due date: every reminder day (-3, 1 and 7) is behind it, so none is ever sent.
    const late = await sentInvoice(t.app, w, project, { issue_date: day(-30), due_date: day(-20) });
    // Sent two days after its due date: -3 and 1 are behind it; 7 is still ahead.
    const recent = await sentInvoice(t.app, w, project, { issue_date: day(-10), due_date: day(-2) });
    await t.app.services.invoices.markOverdue();
    await t.app.services.invoices.sendReminders();
    expect(await reminders(late.invoice_no)).toHaveLength(0);
    expect(await reminders(recent.invoice_no)).toHaveLength(0);

    // Five days on (seven after the due date) with no run in between: one reminder, the seven-day one, not the ones missed.
    t.clock.advance(5 * DAY_MS + 60_000);
    try {
      await Promise.all([t.app.services.invoices.sendReminders(), t.app.services.invoices.sendReminders()]);
      expect(await reminders(late.invoice_no)).toHaveLength(0);
      const sent = await reminders(recent.invoice_no);
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toContain('is overdue');
      const claimed = await t.app.ctx.db
        .select()
        .from(invoiceReminders)
        .where(eq(invoiceReminders.invoiceId, Number(recent.id)));
      expect(claimed.map((r) => r.offsetDays)).toEqual([7]);
    } finally {
      t.clock.advance(-(5 * DAY_MS + 60_000));
    }
  });
});

describe('reports', () => {
  it('totals invoiced, paid, outstanding and overdue per currency, revenue by month, and a CSV export', async () => {
    // Its own invoices in each state, whatever else the file has made: paid, partly paid, overdue, draft and void.
    const project = await approvedProject(t.app, w, { budget: 10_000 });
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const paid = await sentInvoice(t.app, w, project);
    await call(t.app, 'POST', `/invoices/${paid.id}/payments`, { token: w.admin.token, body: { amount: paid.total, date: day(0), reference: 'A' } });
    const part = await sentInvoice(t.app, w, project);
    await call(t.app, 'POST', `/invoices/${part.id}/payments`, { token: w.admin.token, body: { amount: 500, date: day(0), reference: 'B' } });
    await sentInvoice(t.app, w, project, { issue_date: day(-20), due_date: day(-10) });
    await t.app.services.invoices.markOverdue();
    const summary = await call(t.app, 'GET', '/invoices/summary', { token: w.owner.token });
    expect(summary.status).toBe(200);
    const gbp = summary.body.totals.find((r: { currency: string }) => r.currency === 'GBP');
    expect(gbp.invoiced).toBeGreaterThan(0);
    expect(gbp.paid).toBeGreaterThan(0);
    expect(gbp.outstanding).toBeGreaterThan(0);
    expect(gbp.overdue).toBeGreaterThan(0);
    expect(gbp.invoiced).toBeGreaterThanOrEqual(gbp.paid);
    const months = summary.body.revenue_by_month.filter((r: { currency: string }) => r.currency === 'GBP');
    expect(months).toHaveLength(12);
    expect(months.at(-1).month).toBe(t.clock.now().toISOString().slice(0, 7));
    expect(months.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(gbp.paid);
    expect((await call(t.app, 'GET', '/invoices/summary', { token: w.admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/invoices/summary', { token: w.client.token })).status).toBe(403);

    const csv = await call(t.app, 'GET', '/invoices/export.csv', { token: w.owner.token, query: { status: 'paid' } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'invoice_no,status,kind,client,client_email,project,currency,issue_date,due_date,subtotal,discount,tax_total,total,amount_paid,amount_refunded,amount_due,sent_at,paid_at',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'paid')).toBe(true);
    expect(lines[1]).toMatch(/,GBP,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},\d+\.\d{2},/);
    // The export takes the list's filters: what the screen shows is what the file holds.
    const numbersOf = (text: string) =>
      text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]);
    const filtered = { status: 'paid', project_id: project, client_id: w.client.user.id };
    const listed = await call(t.app, 'GET', '/invoices', { token: w.owner.token, query: filtered });
    const exported = await call(t.app, 'GET', '/invoices/export.csv', { token: w.owner.token, query: filtered });
    expect(numbersOf(exported.text)).toEqual(listed.body.items.map((i: Invoice) => i.invoice_no));
    expect(numbersOf(exported.text)).toEqual([paid.invoice_no]);
    expect(
      numbersOf(
        (await call(t.app, 'GET', '/invoices/export.csv', { token: w.owner.token, query: { ...filtered, client_id: w.otherClient.user.id } })).text,
      ),
    ).toEqual([]);
    await t.app.ctx.db
      .update(invoices)
      .set({ needsAttention: true, attentionNote: 'check' })
      .where(eq(invoices.id, Number(part.id)));
    const flagged = await call(t.app, 'GET', '/invoices/export.csv', { token: w.owner.token, query: { attention: 'true', project_id: project } });
    expect(numbersOf(flagged.text)).toEqual([part.invoice_no]);
    expect((await call(t.app, 'GET', '/invoices/export.csv', { token: w.client.token })).status).toBe(403);
  });
});
