import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@agency/schema';
import { freshContract, PNG_DATA_URL } from './contract-support.js';
import { call, createTestApp, must, type TestApp } from './helpers.js';
import { approvedProject, makeWorld, pdfText, sentInvoice, type World } from './invoice-helpers.js';
import { sentProposal } from './proposal-support.js';

/** The words of a PDF's first page with their left edges (poppler's `pdftotext -bbox`). */
function wordBoxes(bytes: Buffer): { text: string; x: number; y: number }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-language-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3],
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const A4_WIDTH = 595.28;

describe('PDFs in the reader’s language', () => {
  let t: TestApp;
  let w: World;
  let invoice: Invoice;
  let receiptUrl: string;
  let proposalId: string;
  let contractId: string;

  const get = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };
  const speak = async (token: string, locale: 'en-GB' | 'de' | 'ar') =>
    must(await call(t.app, 'PATCH', '/account', { token, body: { locale } }), 200, `pick ${locale}`);
  const documents = (token: string) => ({
    invoice: () => get(`/api/invoices/${invoice.id}/pdf`, token),
    receipt: () => get(receiptUrl, token),
    statement: () => get(`/api/companies/${w.client.user.company_id}/statement.pdf?from=2020-01-01&to=2099-12-31`, token),
    proposal: () => get(`/api/proposals/${proposalId}/pdf`, token),
    contract: () => get(`/api/contracts/${contractId}/pdf`, token),
  });

  beforeAll(async () => {
    t = await createTestApp();
    w = await makeWorld(t.app);
    const projectId = await approvedProject(t.app, w);
    invoice = await sentInvoice(t.app, w, projectId);
    const paid = must(
      await call(t.app, 'POST', `/invoices/${invoice.id}/payments`, {
        token: w.admin.token,
        body: { amount: 2000, date: new Date().toISOString().slice(0, 10), reference: 'BANK-1' },
      }),
      201,
      'a part payment',
    ).body.invoice as Invoice;
    receiptUrl = `/api/invoices/${invoice.id}/payments/${paid.payments[0]!.id}/receipt`;
    proposalId = (await sentProposal(t.app, w.owner.token, w.client.token, w.lead.user.id)).proposal.id;
    contractId = (await freshContract(t.app, w.owner.token, projectId, 'client', w.client.user.id)).id;
  }, 300_000);
  afterAll(() => t.close());

  it('writes each document in British English, unchanged, for a reader who chose no language', async () => {
    // The super admin never picks a language here (the tests run in any order).
    const texts = Object.fromEntries(
      await Promise.all(Object.entries(documents(w.owner.token)).map(async ([name, pdf]) => [name, pdfText(await pdf())])),
    );
    expect(texts.invoice).toContain('INVOICE');
    expect(texts.invoice).toContain('BILL TO');
    expect(texts.invoice).toContain('Status: Partially paid');
    expect(texts.invoice).toMatch(/Amount due\s+GBP [\d,]+\.\d\d/);
    expect(texts.invoice).toMatch(/HOW TO PAY/);
    expect(texts.receipt).toContain('RECEIPT');
    expect(texts.receipt).toMatch(/Received \d\d [A-Z][a-z]{2} \d{4}/);
    expect(texts.receipt).toContain('Still due');
    expect(texts.statement).toContain('STATEMENT');
    expect(texts.statement).toContain('Opening balance');
    expect(texts.proposal).toContain('PROPOSAL');
    expect(texts.proposal).toContain('This proposal is valid until');
    expect(texts.contract).toContain('NOT SIGNED · a preview, not a signed document');
    expect(texts.contract).toContain('awaiting signature');
  }, 300_000);

  it('writes the documents in German for a German reader: labels, dates and amounts', async () => {
    await speak(w.admin.token, 'de');
    const docs = documents(w.admin.token);
    const invoiceText = pdfText(await docs.invoice());
    for (const label of [
      'RECHNUNG',
      'RECHNUNGSEMPFÄNGER',
      'Status: Teilweise bezahlt',
      'BESCHREIBUNG',
      'Gesamtbetrag',
      'Offener Betrag',
      'ZAHLUNGSHINWEISE',
    ])
      expect(invoiceText).toContain(label);
    expect(invoiceText).not.toContain('BILL TO');
    // German amounts: a comma before the decimals and the code after them.
    expect(invoiceText).toMatch(/\d,\d\d GBP/);
    const receiptText = pdfText(await docs.receipt());
    expect(receiptText).toContain('QUITTUNG');
    expect(receiptText).toMatch(/Eingegangen am \d\d\. \S+ \d{4}/);
    expect(receiptText).toContain('Noch offen');
    expect(pdfText(await docs.statement())).toContain('Anfangssaldo');
    const proposalText = pdfText(await docs.proposal());
    expect(proposalText).toContain('ANGEBOT');
    expect(proposalText).toContain('Dieses Angebot ist gültig bis');
    expect(pdfText(await docs.contract())).toContain('NICHT UNTERSCHRIEBEN · eine Vorschau, kein unterschriebenes Dokument');
    // Another reader of the same documents still reads their own language.
    expect(pdfText(await documents(w.owner.token).invoice())).toContain('BILL TO');
  }, 300_000);

  it('writes the documents in Arabic for an Arabic reader, the page laid out from the right', async () => {
    await speak(w.client.token, 'ar');
    const bytes = await documents(w.client.token).invoice();
    const text = pdfText(bytes);
    expect(text).toContain('فاتورة');
    expect(text).toContain('المبلغ');
    expect(text).not.toContain('INVOICE');
    // Numbers keep Latin digits, left to right: the invoice number and an amount read as written.
    expect(text).toContain(invoice.invoice_no);
    expect(text).toMatch(/[\d,]+\.\d\d GBP|GBP [\d,]+\.\d\d/);
    // Mirrored: the agency's name stands at the right, the title at the left; the amounts column at the left.
    // poppler gives each right-to-left word's letters in the order they are drawn, from the left.
    const words = wordBoxes(bytes);
    const box = (word: string) => {
      const found = words.find((w) => w.text === word || w.text === [...word].reverse().join(''));
      expect(found, word).toBeDefined();
      return found!;
    };
    const title = box('فاتورة');
    const amountHeader = box('المبلغ');
    const descriptionHeader = box('الوصف');
    expect(box('Brightline').x).toBeGreaterThan(A4_WIDTH / 2);
    expect(title.x).toBeLessThan(A4_WIDTH / 2);
    expect(amountHeader.x).toBeLessThan(A4_WIDTH / 2);
    expect(descriptionHeader.x).toBeGreaterThan(A4_WIDTH / 2);
    // The other documents: Arabic headings instead of the English ones. (Which letters poppler extracts for a
    // shaped Arabic glyph varies with the glyphs a document uses first, so the checks here stay with the script.)
    const arabic = /[\u0621-\u064a]{3,}/;
    for (const [name, english] of [
      ['receipt', 'RECEIPT'],
      ['proposal', 'PROPOSAL'],
      ['contract', 'NOT SIGNED'],
    ] as const) {
      const other = pdfText(await documents(w.client.token)[name]());
      expect(other, name).toMatch(arabic);
      expect(other, name).not.toContain(english);
    }
  }, 300_000);

  it('keeps a signed contract as it was sealed, in its signer’s language, whoever downloads it', async () => {
    await speak(w.client.token, 'de');
    const sent = await freshContract(t.app, w.owner.token, await approvedProject(t.app, w), 'client', w.client.user.id);
    must(
      await call(t.app, 'POST', `/contracts/${sent.id}/sign`, {
        token: w.client.token,
        body: { signature_name: 'Clara Client', signature_image: PNG_DATA_URL, agree: true, document_sha256: sent.document_sha256 },
      }),
      200,
      'sign',
    );
    const bySigner = await get(`/api/contracts/${sent.id}/pdf`, w.client.token);
    const byAdmin = await get(`/api/contracts/${sent.id}/pdf`, w.admin.token);
    const byOwner = await get(`/api/contracts/${sent.id}/pdf`, w.owner.token);
    expect(Buffer.compare(byAdmin, bySigner)).toBe(0);
    expect(Buffer.compare(byOwner, bySigner)).toBe(0);
    const text = pdfText(bySigner);
    expect(text).toContain('Unterschriftszertifikat');
    expect(text).toContain('Der Unterzeichner hat der elektronischen Unterschrift zugestimmt.');
    expect(text).not.toContain('Certificate of signature');
  }, 300_000);
});
