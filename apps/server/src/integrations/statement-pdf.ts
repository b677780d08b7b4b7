import { DATE_LOCALE, formatDate, type Currency, type StatementLine } from '@agency/schema';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';

export type StatementPdfData = {
  agency: { name: string; email: string; url: string };
  /** The brand's logo (a PNG), drawn above the agency's name. */
  logo?: Uint8Array | null;
  company: { name: string; billingAddress: string | null };
  from: string;
  to: string;
  currency: Currency;
  openingBalance: number;
  lines: StatementLine[];
  closingBalance: number;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.09, 0.33, 0.65);
const KIND_LABELS: Record<StatementLine['kind'], string> = { invoice: 'Invoice', payment: 'Payment', refund: 'Refund', credit_note: 'Credit note' };

function money(minor: number, currency: Currency): string {
  const format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, currencyDisplay: 'code' });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** decimals).replace(/\u00a0/g, ' ');
}

/** A company's statement (pdf-lib, as many pages as its lines need): opening balance, each movement, closing balance. */
export async function renderStatementPdf(data: StatementPdfData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Statement ${data.company.name} ${data.from} to ${data.to}`);
  pdf.setAuthor(data.agency.name);
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  const fonts = await PdfFonts.for(pdf);
  await fonts.load(JSON.stringify(data) + 'STATEMENTOpening balanceClosing balancePage of', 'regular');
  await fonts.load(`${data.agency.name} ${data.company.name} STATEMENT Opening balance Closing balance Date Type Reference Amount Balance`, 'bold');
  const right = A4[0] - MARGIN;
  const cols = { date: MARGIN, kind: MARGIN + 72, ref: MARGIN + 150, amount: right - 90, balance: right };
  const pages: PDFPage[] = [];
  let page = pdf.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN;
  const text = (value: string, x: number, at: number, options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = options.size ?? 9.5;
    const style = options.style ?? 'regular';
    const left = options.align === 'right' ? x - fonts.lineWidth(value, style, size) : x;
    fonts.drawLine(page, value, style, { x: left, y: at, size, color: options.color ?? INK });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.7, color: RULE });
  const header = () => {
    text('Date', cols.date, y, { style: 'bold', size: 8.5, color: MUTED });
    text('Type', cols.kind, y, { style: 'bold', size: 8.5, color: MUTED });
    text('Reference', cols.ref, y, { style: 'bold', size: 8.5, color: MUTED });
    text('Amount', cols.amount, y, { style: 'bold', size: 8.5, color: MUTED, align: 'right' });
    text('Balance', cols.balance, y, { style: 'bold', size: 8.5, color: MUTED, align: 'right' });
    y -= 6;
    rule(y);
    y -= 14;
  };

  y -= await drawLogo(pdf, page, data.logo, MARGIN, y + 14);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text('STATEMENT', right, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(`${formatDate(data.from)} to ${formatDate(data.to)}`, right, y, { align: 'right' });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  text(`In ${data.currency}`, right, y, { align: 'right', color: MUTED });
  y -= 28;
  text(data.company.name, MARGIN, y, { size: 11, style: 'bold' });
  y -= 13;
  for (const line of (data.company.billingAddress ?? '').split('\n').filter(Boolean).slice(0, 5)) {
    text(line, MARGIN, y);
    y -= 12;
  }
  y -= 16;
  header();
  text('Opening balance', cols.ref, y, { style: 'bold' });
  text(money(data.openingBalance, data.currency), cols.balance, y, { style: 'bold', align: 'right' });
  y -= 16;
  for (const line of data.lines) {
    if (y < MARGIN + 40) {
      page = pdf.addPage(A4);
      pages.push(page);
      y = A4[1] - MARGIN;
      header();
    }
    text(formatDate(line.date), cols.date, y);
    text(KIND_LABELS[line.kind], cols.kind, y);
    text(`${line.reference} ${line.description}`.slice(0, 48), cols.ref, y);
    text(money(line.amount, data.currency), cols.amount, y, { align: 'right' });
    text(money(line.balance, data.currency), cols.balance, y, { align: 'right' });
    y -= 14;
  }
  rule(y + 8);
  y -= 8;
  text('Closing balance', cols.ref, y, { style: 'bold' });
  text(money(data.closingBalance, data.currency), cols.balance, y, { style: 'bold', align: 'right', size: 11 });
  pages.forEach((p, i) => {
    page = p;
    text(`Page ${i + 1} of ${pages.length}`, right, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  });
  return pdf.save({ useObjectStreams: false });
}
