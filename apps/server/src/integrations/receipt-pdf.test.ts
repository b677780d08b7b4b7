import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReceiptPdf, type ReceiptPdfData } from './receipt-pdf.js';

function pdfText(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-')), 'receipt.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e]/g, '');
}

const base: ReceiptPdfData = {
  agency: { name: 'Brightline Studio', phone: '+44 20 7946 0000', email: 'hello@brightline.test', url: 'https://brightline.test' },
  client: { name: 'Анна Петрова', email: 'anna@example.test', company: '王芳设计' },
  projectTitle: 'Booking app',
  invoiceNo: 'INV-2026-0012',
  kind: 'standard',
  receiptNo: 'INV-2026-0012-P31',
  currency: 'GBP',
  receivedOn: '2026-09-03',
  amount: 60000,
  method: 'bank_transfer',
  reference: 'BANK-7781',
  invoiceTotal: 144000,
  paidToDate: 60000,
  amountDue: 84000,
};

describe('the receipt PDF', () => {
  it('names the payer in their script, the amount, the day, the method and reference, and what is still due', async () => {
    const text = pdfText(await renderReceiptPdf(base));
    for (const expected of [
      'RECEIPT',
      'INV-2026-0012-P31',
      'Received 03 Sep 2026',
      'Анна Петрова',
      '王芳设计',
      'Project: Booking app',
      'GBP 600.00',
      'Paid by Bank transfer, reference BANK-7781',
      'GBP 1,440.00',
      'GBP 840.00',
      'Thank you. GBP 840.00 of invoice INV-2026-0012 is still to pay.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('?');
  });

  it('says a deposit paid in full lets the work start, in the currency’s own decimals', async () => {
    const text = pdfText(
      await renderReceiptPdf({
        ...base,
        kind: 'deposit',
        currency: 'KWD',
        method: 'card',
        reference: null,
        amount: 1230,
        invoiceTotal: 1230,
        paidToDate: 1230,
        amountDue: 0,
      }),
    );
    expect(text).toContain('KWD 1.230');
    expect(text).toContain('Paid by Card');
    expect(text).toContain('the deposit INV-2026-0012 is paid in full, and the work on the project can start.');
    expect(text).not.toContain('still to pay');
  });
});
