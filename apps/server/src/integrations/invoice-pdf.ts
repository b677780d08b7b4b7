import { invoiceStateNote, shownInvoiceNotes, type Currency, type InvoiceKind, type InvoiceStatus, type Locale } from '@agency/schema';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';
import { pdfWords, plain, type PdfWords } from './pdf-words.js';

export type InvoicePdfLine = { description: string; quantity: number; unit_price: number; tax_rate: number; amount: number; tax: number };

export type InvoicePdfData = {
  /** The reader's language (British English when left out); Arabic lays the page out right to left. */
  locale?: Locale | null;
  agency: { name: string; phone: string; email: string; url: string };
  /** The brand's logo (a PNG), drawn above the agency's name. */
  logo?: Uint8Array | null;
  client: { name: string; email: string; company: string | null };
  /** Where the company the invoice is addressed to (`client.company`) is billed: printed under its name. */
  addressee?: { address: string | null; country: string | null; taxNumber: string | null };
  /** Null for a company's invoice without a project. */
  projectTitle: string | null;
  /** What the invoice covers beyond its project: a payment stage's label, a recurring invoice's period. */
  about?: string | null;
  invoiceNo: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  currency: Currency;
  issueDate: string;
  dueDate: string;
  lines: readonly InvoicePdfLine[];
  subtotal: number;
  discount: number;
  taxTotal: number;
  total: number;
  amountPaid: number;
  amountRefunded: number;
  /** Credit notes against it, oldest first; their sum is taken off the amount due. */
  creditNotes?: readonly { no: string; issuedOn: string; amount: number; reason: string }[];
  amountDue: number;
  /** When it became paid, if it is. */
  paidAt: Date | null;
  notes: string | null;
  voidReason: string | null;
  instructions: string;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.09, 0.33, 0.65);

/**
 * The sentence a paid invoice or a waiting deposit ends on (`invoiceStateNote`'s, in the reader's language): null when
 * its state has nothing to say.
 */
function stateNote(words: PdfWords, data: InvoicePdfData): string | null {
  const { t } = words;
  const paidOn = words.date(data.paidAt);
  const shown = invoiceStateNote(
    { kind: data.kind, status: data.status, amount_paid: data.amountPaid, amount_refunded: data.amountRefunded },
    paidOn,
  );
  if (shown === null) return null;
  if (data.status !== 'paid') return t('invoice.depositWaiting');
  const when = paidOn ? t('invoice.paidOn', { date: paidOn }) : t('invoice.paidUndated');
  return `${when} ${data.kind === 'deposit' ? t('invoice.thanksDeposit') : t('invoice.thanksPaid')}`;
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(fonts: PdfFonts, text: string, style: FontStyle, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of plain(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fonts.lineWidth(candidate, style, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      // A single word wider than the column is cut.
      let rest = [...word];
      while (fonts.widthOf(rest.join(''), style, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && fonts.widthOf(rest.slice(0, cut).join(''), style, size) > width) cut -= 1;
        out.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    out.push(line);
  }
  return out;
}

/**
 * The invoice as a PDF (pdf-lib): agency and client blocks, the lines with their tax, the totals, the status and
 * the payment instructions. Long invoices continue on further pages with the table header repeated.
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const words = pdfWords(data.locale);
  const { t, rtl } = words;
  const money = words.money;
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('invoice.title', { no: data.invoiceNo }));
  pdf.setAuthor(data.agency.name);
  const what = t(`invoice.subject.${data.kind}`);
  pdf.setSubject(
    [what, data.projectTitle === null ? null : t('invoice.subjectFor', { project: data.projectTitle }), data.about ? `(${data.about})` : null]
      .filter(Boolean)
      .join(' '),
  );
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  if (data.locale) pdf.setLanguage(data.locale);
  const fonts = await PdfFonts.for(pdf);
  const status = t(`invoice.statuses.${data.status}`);
  const heading = data.kind === 'deposit' ? t('invoice.headingDeposit') : t('invoice.heading');
  // Every string the invoice writes, so that the fonts its characters need are embedded before the layout.
  await fonts.load(
    JSON.stringify(data) + JSON.stringify(t('invoice', { returnObjects: true })) + JSON.stringify(t('totals', { returnObjects: true })),
    'regular',
  );
  await fonts.load(`${data.agency.name} ${data.client.company ?? data.client.name} ${data.invoiceNo} ${status} ${heading}`, 'bold');
  await fonts.load(
    JSON.stringify([t('columns', { returnObjects: true }), t('totals', { returnObjects: true }), t('invoice', { returnObjects: true })]),
    'bold',
  );
  const width = A4[0] - MARGIN * 2;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  // Positions are given for a left-to-right page; a right-to-left page mirrors them (and each text's alignment).
  const text = (
    value: string,
    x: number,
    at: number,
    options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'left' | 'right' } = {},
  ) => {
    const size = options.size ?? 10;
    const style = options.style ?? 'regular';
    const shown = plain(value);
    const right = rtl ? options.align !== 'right' : options.align === 'right';
    const anchor = rtl ? A4[0] - x : x;
    const left = right ? anchor - fonts.lineWidth(shown, style, size) : anchor;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: options.color ?? INK, rtl });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: A4[0] - MARGIN, y: at }, thickness: 0.7, color: RULE });

  // Logo, agency block and title.
  y -= await drawLogo(pdf, page, data.logo, rtl ? A4[0] - MARGIN : MARGIN, y + 14, rtl);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text(heading, A4[0] - MARGIN, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(data.invoiceNo, A4[0] - MARGIN, y, { size: 12, style: 'bold', align: 'right' });
  y -= 13;
  text(data.agency.phone, MARGIN, y, { color: MUTED });
  text(t('invoice.status', { status }), A4[0] - MARGIN, y, {
    style: 'bold',
    align: 'right',
    color: data.status === 'paid' ? rgb(0.1, 0.5, 0.25) : INK,
  });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  y -= 28;

  // Client block and dates; the issue date stands clear of the due date however long the language writes them.
  const [issued, due] = [words.date(data.issueDate), words.date(data.dueDate)];
  const datesX =
    A4[0] -
    MARGIN -
    Math.max(
      110,
      fonts.lineWidth(plain(issued), 'regular', 10) + fonts.lineWidth(plain(due), 'regular', 10) + 16,
      fonts.lineWidth(t('invoice.issued'), 'bold', 8) + fonts.lineWidth(t('invoice.due'), 'bold', 8) + 16,
    );
  text(t('invoice.billTo'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  text(t('invoice.issued'), datesX, y, { size: 8, style: 'bold', color: MUTED });
  text(t('invoice.due'), A4[0] - MARGIN, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  y -= 14;
  // Addressed to the company: its name, address, country and tax number; then the person who asked for the work.
  text(data.client.company ?? data.client.name, MARGIN, y, { size: 11, style: 'bold' });
  text(issued, datesX, y);
  text(due, A4[0] - MARGIN, y, { align: 'right' });
  y -= 13;
  const billTo = [
    ...(data.addressee?.address ? wrap(fonts, data.addressee.address, 'regular', 10, width / 2) : []),
    ...(data.addressee?.country ? [words.country(data.addressee.country)] : []),
    ...(data.addressee?.taxNumber ? [t('taxNumber', { number: data.addressee.taxNumber })] : []),
    ...(data.client.company ? [data.client.name] : []),
  ];
  for (const line of billTo) {
    text(line, MARGIN, y);
    y -= 13;
  }
  text(data.client.email, MARGIN, y, { color: MUTED });
  y -= 13;
  if (data.projectTitle !== null) {
    text(t('project', { title: data.projectTitle }), MARGIN, y, { color: MUTED });
    y -= 13;
  }
  if (data.about) {
    text(data.about, MARGIN, y, { color: MUTED });
    y -= 13;
  }
  y -= 13;

  // Lines.
  const cols = { qty: MARGIN + width * 0.56, unit: MARGIN + width * 0.72, tax: MARGIN + width * 0.82, amount: A4[0] - MARGIN };
  const header = () => {
    text(t('columns.description'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    text(t('columns.quantity'), cols.qty, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text(t('columns.unitPrice'), cols.unit, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text(t('columns.tax'), cols.tax, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text(t('columns.amount'), cols.amount, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    y -= 6;
    rule(y);
    y -= 14;
  };
  const ensureRoom = (needed: number) => {
    if (y - needed >= MARGIN + 20) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
    text(t('invoice.continued', { no: data.invoiceNo }), MARGIN, y, { size: 9, color: MUTED });
    y -= 22;
    header();
  };
  header();
  for (const line of data.lines) {
    const description = wrap(fonts, line.description, 'regular', 10, width * 0.52);
    ensureRoom(description.length * 12 + 6);
    text(String(line.quantity), cols.qty, y, { align: 'right' });
    text(money(line.unit_price, data.currency), cols.unit, y, { align: 'right' });
    text(`${line.tax_rate}%`, cols.tax, y, { align: 'right' });
    text(money(line.amount, data.currency), cols.amount, y, { align: 'right' });
    for (const [i, part] of description.entries()) text(part, MARGIN, y - i * 12);
    y -= description.length * 12 + 6;
  }
  rule(y + 4);
  y -= 12;

  // Totals.
  const creditNotes = data.creditNotes ?? [];
  const credited = creditNotes.reduce((sum, note) => sum + note.amount, 0);
  const totals: [string, string, boolean][] = [
    [t('totals.subtotal'), money(data.subtotal, data.currency), false],
    ...(data.discount > 0 ? ([[t('totals.discount'), `-${money(data.discount, data.currency)}`, false]] as [string, string, boolean][]) : []),
    [t('totals.tax'), money(data.taxTotal, data.currency), false],
    [t('totals.total'), money(data.total, data.currency), true],
    [t('totals.paid'), money(data.amountPaid, data.currency), false],
    ...(credited > 0 ? ([[t('totals.creditNotes'), `-${money(credited, data.currency)}`, false]] as [string, string, boolean][]) : []),
    [credited > 0 ? t('totals.amountDueAfterCredits') : t('totals.amountDue'), money(data.amountDue, data.currency), true],
  ];
  ensureRoom(totals.length * 16 + 10);
  // A long label ("Amount due after credits") starts further left, clear of its amount.
  const widest = Math.max(...totals.map(([label, , strong]) => fonts.lineWidth(label, strong ? 'bold' : 'regular', 10)));
  const labelX = Math.min(cols.tax - 60, cols.amount - 90 - widest);
  for (const [label, value, strong] of totals) {
    text(label, labelX, y, { style: strong ? 'bold' : 'regular' });
    text(value, cols.amount, y, { style: strong ? 'bold' : 'regular', align: 'right', size: strong ? 11 : 10 });
    y -= 16;
  }
  y -= 14;

  // Credit notes: each one's number, day, amount and reason.
  if (creditNotes.length > 0) {
    ensureRoom(40);
    text(t('invoice.creditNotes'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    y -= 14;
    for (const note of creditNotes) {
      const reason = wrap(fonts, `${note.no}, ${words.date(note.issuedOn)}: ${note.reason}`, 'regular', 10, width * 0.75);
      ensureRoom(reason.length * 13 + 4);
      text(`-${money(note.amount, data.currency)}`, cols.amount, y, { align: 'right' });
      for (const [i, part] of reason.entries()) text(part, MARGIN, y - i * 13);
      y -= reason.length * 13 + 3;
    }
    y -= 11;
  }

  // Notes, void reason and how to pay.
  const paragraphs: [string, string][] = [];
  if (data.voidReason) paragraphs.push([t('invoice.voidTitle'), t('invoice.voided', { reason: data.voidReason })]);
  const notes = shownInvoiceNotes(data);
  if (notes) paragraphs.push([t('invoice.notesTitle'), notes]);
  // The server knows no reader's zone: the day it was paid is the UTC day, like the issue and due dates.
  const note = stateNote(words, data);
  if (data.status === 'paid') {
    if (note) paragraphs.push([t('invoice.paidTitle'), note]);
  } else if (data.status !== 'void') {
    if (note) paragraphs.push([t('invoice.depositTitle'), note]);
    paragraphs.push([t('invoice.howToPayTitle'), t('invoice.howToPay', { instructions: data.instructions, no: data.invoiceNo })]);
  }
  for (const [title, body] of paragraphs) {
    const lines = wrap(fonts, body, 'regular', 10, width);
    ensureRoom(lines.length * 13 + 20);
    text(title, MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    y -= 14;
    for (const line of lines) {
      text(line, MARGIN, y);
      y -= 13;
    }
    y -= 10;
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    page = p;
    text(t('numberPage', { no: data.invoiceNo, page: i + 1, pages: pages.length }), A4[0] - MARGIN, MARGIN - 20, {
      size: 8,
      color: MUTED,
      align: 'right',
    });
  });
  return pdf.save({ useObjectStreams: false });
}
