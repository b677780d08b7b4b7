import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfData } from './invoice-pdf.js';
import { normaliseFontProgram, parseUnicodeRange, PdfFonts, visualOrder, visualOrderRtl, wordDirection } from './pdf-fonts.js';

const readable = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

function pdfText(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-fonts-')), 'doc.pdf');
  fs.writeFileSync(file, bytes);
  return readable(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
}

/** The font programs embedded in a PDF, parsed back. */
async function embeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const program = doc.context.lookup(object.get(PDFName.of('FontFile2')));
    if (program instanceof PDFRawStream) fonts.push(fontkit.create(Buffer.from(decodePDFRawStream(program).decode())));
  }
  return fonts;
}

/** The glyph offsets of a TrueType font, which fontkit reads but does not declare. */
const loca = (font: object): number[] => (font as { loca: { offsets: number[] } }).loca.offsets;

describe('reading order', () => {
  const order = (line: string) =>
    visualOrder(
      line.split(' '),
      line.split(' ').map((_, i) => i > 0),
      wordDirection,
    )
      .map((w) => w.word)
      .join(' ');

  it('names each word by its strong letters', () => {
    expect(['José', 'محمد', 'דוד', '王芳', '203.0.113.9', '·', 'Анна'].map(wordDirection)).toEqual(['L', 'R', 'R', 'L', 'N', 'N', 'L']);
  });

  it('reverses each stretch of right-to-left words, with the signs between them, and nothing else', () => {
    expect(order('signed by محمد علي on 5 June')).toBe('signed by علي محمد on 5 June');
    expect(order('By محمد · IP 203.0.113.9')).toBe('By محمد · IP 203.0.113.9');
    expect(order('שלום - עולם and more')).toBe('עולם - שלום and more');
    expect(order('Анна Петрова')).toBe('Анна Петрова');
  });

  it('keeps each gap where it stood', () => {
    const words = ['a', 'محمد', 'علي', 'b'];
    expect(visualOrder(words, [false, true, false, true], wordDirection)).toEqual([
      { word: 'a', gap: false },
      { word: 'علي', gap: true },
      { word: 'محمد', gap: false },
      { word: 'b', gap: true },
    ]);
  });
});

describe('reading order of a right-to-left line', () => {
  // The words as drawn from the left edge of the line.
  const order = (line: string) =>
    visualOrderRtl(
      line.split(' '),
      line.split(' ').map((_, i) => i > 0),
      wordDirection,
      (word) => /\d/.test(word),
    )
      .map((w) => w.word)
      .join(' ');

  it('draws the words from the right, left-to-right names and numbers kept in their order', () => {
    expect(order('الحالة: مدفوعة')).toBe('مدفوعة الحالة:');
    expect(order('المشروع: Booking app')).toBe('Booking app المشروع:');
    expect(order('المبلغ 1,200.00 GBP')).toBe('GBP 1,200.00 المبلغ');
    // A number after Latin words reads with them (UAX #9, W7).
    expect(order('العنوان Hauptstraße 5')).toBe('Hauptstraße 5 العنوان');
  });

  it('keeps a line without right-to-left letters as it is', () => {
    expect(order('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(order('Weber GmbH')).toBe('Weber GmbH');
  });

  it('keeps each gap with the words it stood between', () => {
    expect(visualOrderRtl(['a', 'ب', 'ج'], [false, true, false], wordDirection, () => false)).toEqual([
      { word: 'ج', gap: false },
      { word: 'ب', gap: false },
      { word: 'a', gap: true },
    ]);
  });
});

describe('font programs', () => {
  it('reads unicode ranges', () => {
    expect(parseUnicodeRange('U+0400-045F,U+2116, U+1F1E6-1F1FF')).toEqual([
      [0x400, 0x45f],
      [0x2116, 0x2116],
      [0x1f1e6, 0x1f1ff],
    ]);
  });

  it('pads every glyph record of a WOFF font to four bytes and keeps its outlines', () => {
    const file = path.resolve('node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff');
    const original = fontkit.create(fs.readFileSync(file));
    const font = fontkit.create(normaliseFontProgram(fs.readFileSync(file)));
    expect(font.numGlyphs).toBe(original.numGlyphs);
    for (let id = 0; id < font.numGlyphs; id++) expect((loca(font)[id + 1] - loca(font)[id]) % 4).toBe(0);
    // The original has records of odd length, which the subsetter would misplace.
    expect(loca(original).some((offset, id) => id > 0 && (offset - loca(original)[id - 1]) % 2 === 1)).toBe(true);
    // Every outline is the same (a sample: reading a WOFF glyph inflates the whole table again).
    for (let id = 0; id < font.numGlyphs; id += 37) expect(font.getGlyph(id).path.toSVG()).toBe(original.getGlyph(id).path.toSVG());
  });

  it("keeps every glyph a subset embeds, shaped: an Arabic name's letters all have outlines in the PDF", async () => {
    const doc = await PDFDocument.create();
    const fonts = await PdfFonts.for(doc);
    const page = doc.addPage();
    for (const [i, name] of ['محمد علي', 'דוד לוי', 'Анна Петрова', '王芳', 'Ελένη'].entries()) {
      await fonts.load(name, 'bold');
      fonts.drawLine(page, name, 'bold', { x: 40, y: 700 - i * 30, size: 14 });
    }
    const bytes = await doc.save();
    const embedded = await embeddedFonts(bytes);
    expect(embedded.length).toBeGreaterThanOrEqual(5);
    for (const font of embedded) {
      // Glyph 0 is .notdef, and a subset holds the glyphs drawn: each has an outline but the space.
      const empty = Array.from({ length: font.numGlyphs - 1 }, (_, i) => font.getGlyph(i + 1).path.toSVG()).filter((svg) => svg === '');
      expect(empty.length).toBeLessThanOrEqual(1);
    }
    const text = pdfText(bytes);
    for (const name of ['محمد علي', 'דוד לוי', 'Анна Петрова', '王芳', 'Ελένη']) expect(text).toContain(name);
  });

  it('sets a character no font has as a replacement character, not as nothing', async () => {
    const doc = await PDFDocument.create();
    const fonts = await PdfFonts.for(doc);
    await fonts.load('Ana \u{1FAE0} Lee', 'regular');
    expect(fonts.segments('Ana \u{1FAE0} Lee', 'regular').map((s) => s.text)).toEqual(['Ana \ufffd Lee']);
  });
});

describe('the invoice PDF', () => {
  const data: InvoicePdfData = {
    agency: { name: 'Brightline Studio', phone: '+44 20 7946 0000', email: 'hello@brightline.test', url: 'https://brightline.test' },
    client: { name: 'Анна Петрова', email: 'anna@example.test', company: '王芳设计 有限公司' },
    projectTitle: 'Ελληνικός ιστότοπος',
    invoiceNo: 'INV-2026-0007',
    kind: 'standard',
    status: 'sent',
    currency: 'EUR',
    issueDate: '2026-09-01',
    dueDate: '2026-09-15',
    lines: [{ description: 'تصميم الشعار for محمد', quantity: 1, unit_price: 150050, tax_rate: 20, amount: 150050, tax: 30010 }],
    subtotal: 150050,
    discount: 0,
    taxTotal: 30010,
    total: 180060,
    amountPaid: 0,
    amountRefunded: 0,
    amountDue: 180060,
    paidAt: null,
    notes: 'Merci, José Müller.',
    voidReason: null,
    instructions: 'Pay by bank transfer.',
  };

  it('prints the client, the project and the lines in their own scripts', async () => {
    const text = pdfText(await renderInvoicePdf(data));
    for (const expected of [
      'Анна Петрова',
      '王芳设计 有限公司',
      'Project: Ελληνικός ιστότοπος',
      'محمد',
      'تصميم الشعار',
      'Merci, José Müller.',
      'EUR 1,500.50',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
  });
});
