import {
  DATE_LOCALE,
  formatDate,
  INVOICE_STATUS_LABELS,
  invoiceStateNote,
  shownInvoiceNotes,
  type Currency,
  type InvoiceKind,
  type InvoiceStatus,
} from '@agency/schema';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';

export type InvoicePdfLine = { description: string; quantity: number; unit_price: number; tax_rate: number; amount: number; tax: number };

export type InvoicePdfData = {
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

/** Typographic spaces and quotes as plain ones: the amounts and dates line up, and the text copies cleanly. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function money(minor: number, currency: Currency): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, currencyDisplay: 'code' });
    moneyFormats.set(currency, format);
  }
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return plain(format.format(minor / 10 ** decimals));
}

const regions = new Intl.DisplayNames([DATE_LOCALE], { type: 'region' });
/** "GB" as "United Kingdom"; a code the runtime does not name is printed as it is. */
function countryName(code: string): string {
  return regions.of(code) ?? code;
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
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${data.invoiceNo}`);
  pdf.setAuthor(data.agency.name);
  const what = data.kind === 'deposit' ? 'Deposit invoice' : data.kind === 'milestone' ? 'Stage invoice' : 'Invoice';
  pdf.setSubject(
    [what, data.projectTitle === null ? null : `for ${data.projectTitle}`, data.about ? `(${data.about})` : null].filter(Boolean).join(' '),
  );
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  const fonts = await PdfFonts.for(pdf);
  // Every string the invoice writes, so that the fonts its characters need are embedded before the layout.
  await fonts.load(JSON.stringify(data), 'regular');
  await fonts.load(`${data.agency.name} ${data.client.company ?? data.client.name} ${data.invoiceNo} ${INVOICE_STATUS_LABELS[data.status]}`, 'bold');
  const width = A4[0] - MARGIN * 2;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (
    value: string,
    x: number,
    at: number,
    options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'left' | 'right' } = {},
  ) => {
    const size = options.size ?? 10;
    const style = options.style ?? 'regular';
    const shown = plain(value);
    const left = options.align === 'right' ? x - fonts.lineWidth(shown, style, size) : x;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: options.color ?? INK });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: A4[0] - MARGIN, y: at }, thickness: 0.7, color: RULE });

  // Logo, agency block and title.
  y -= await drawLogo(pdf, page, data.logo, MARGIN, y + 14);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text(data.kind === 'deposit' ? 'DEPOSIT INVOICE' : 'INVOICE', A4[0] - MARGIN, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(data.invoiceNo, A4[0] - MARGIN, y, { size: 12, style: 'bold', align: 'right' });
  y -= 13;
  text(data.agency.phone, MARGIN, y, { color: MUTED });
  text(`Status: ${INVOICE_STATUS_LABELS[data.status]}`, A4[0] - MARGIN, y, {
    style: 'bold',
    align: 'right',
    color: data.status === 'paid' ? rgb(0.1, 0.5, 0.25) : INK,
  });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  y -= 28;

  // Client block and dates.
  text('BILL TO', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  text('ISSUED', A4[0] - MARGIN - 110, y, { size: 8, style: 'bold', color: MUTED });
  text('DUE', A4[0] - MARGIN, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  y -= 14;
  // Addressed to the company: its name, address, country and tax number; then the person who asked for the work.
  text(data.client.company ?? data.client.name, MARGIN, y, { size: 11, style: 'bold' });
  text(formatDate(data.issueDate), A4[0] - MARGIN - 110, y);
  text(formatDate(data.dueDate), A4[0] - MARGIN, y, { align: 'right' });
  y -= 13;
  const billTo = [
    ...(data.addressee?.address ? wrap(fonts, data.addressee.address, 'regular', 10, width / 2) : []),
    ...(data.addressee?.country ? [countryName(data.addressee.country)] : []),
    ...(data.addressee?.taxNumber ? [`Tax/VAT number: ${data.addressee.taxNumber}`] : []),
    ...(data.client.company ? [data.client.name] : []),
  ];
  for (const line of billTo) {
    text(line, MARGIN, y);
    y -= 13;
  }
  text(data.client.email, MARGIN, y, { color: MUTED });
  y -= 13;
  if (data.projectTitle !== null) {
    text(`Project: ${data.projectTitle}`, MARGIN, y, { color: MUTED });
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
    text('DESCRIPTION', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    text('QTY', cols.qty, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text('UNIT PRICE', cols.unit, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text('TAX', cols.tax, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    text('AMOUNT', cols.amount, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
    y -= 6;
    rule(y);
    y -= 14;
  };
  const ensureRoom = (needed: number) => {
    if (y - needed >= MARGIN + 20) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
    text(`${data.invoiceNo} (continued)`, MARGIN, y, { size: 9, color: MUTED });
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
    ['Subtotal', money(data.subtotal, data.currency), false],
    ...(data.discount > 0 ? ([['Discount', `-${money(data.discount, data.currency)}`, false]] as [string, string, boolean][]) : []),
    ['Tax', money(data.taxTotal, data.currency), false],
    ['Total', money(data.total, data.currency), true],
    ['Paid', money(data.amountPaid, data.currency), false],
    ...(credited > 0 ? ([['Credit notes', `-${money(credited, data.currency)}`, false]] as [string, string, boolean][]) : []),
    [credited > 0 ? 'Amount due after credits' : 'Amount due', money(data.amountDue, data.currency), true],
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
    text('CREDIT NOTES', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    y -= 14;
    for (const note of creditNotes) {
      const reason = wrap(fonts, `${note.no}, ${formatDate(note.issuedOn)}: ${note.reason}`, 'regular', 10, width * 0.75);
      ensureRoom(reason.length * 13 + 4);
      text(`-${money(note.amount, data.currency)}`, cols.amount, y, { align: 'right' });
      for (const [i, part] of reason.entries()) text(part, MARGIN, y - i * 13);
      y -= reason.length * 13 + 3;
    }
    y -= 11;
  }

  // Notes, void reason and how to pay.
  const paragraphs: [string, string][] = [];
  if (data.voidReason) paragraphs.push(['VOID', `This invoice was voided: ${data.voidReason}`]);
  const notes = shownInvoiceNotes(data);
  if (notes) paragraphs.push(['NOTES', notes]);
  // The server knows no reader's zone: the day it was paid is the UTC day, like the issue and due dates.
  const stateNote = invoiceStateNote(
    { kind: data.kind, status: data.status, amount_paid: data.amountPaid, amount_refunded: data.amountRefunded },
    formatDate(data.paidAt, { timeZone: 'UTC' }),
  );
  if (data.status === 'paid') {
    if (stateNote) paragraphs.push(['PAID', stateNote]);
  } else if (data.status !== 'void') {
    if (stateNote) paragraphs.push(['DEPOSIT', stateNote]);
    paragraphs.push(['HOW TO PAY', `${data.instructions} Quote ${data.invoiceNo} with any bank transfer.`]);
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
    text(`${data.invoiceNo} - page ${i + 1} of ${pages.length}`, A4[0] - MARGIN, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  });
  return pdf.save({ useObjectStreams: false });
}
