import type { Currency, Locale, StatementLine } from '@agency/schema';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';
import { pdfWords, plain } from './pdf-words.js';

export type StatementPdfData = {
  /** The reader's language (British English when left out); Arabic lays the page out right to left. */
  locale?: Locale | null;
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

/** A company's statement (pdf-lib, as many pages as its lines need): opening balance, each movement, closing balance. */
export async function renderStatementPdf(data: StatementPdfData): Promise<Uint8Array> {
  const words = pdfWords(data.locale);
  const { t, rtl, money } = words;
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('statement.title', { company: data.company.name, from: data.from, to: data.to }));
  pdf.setAuthor(data.agency.name);
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  if (data.locale) pdf.setLanguage(data.locale);
  const fonts = await PdfFonts.for(pdf);
  const catalogue = JSON.stringify(t('statement', { returnObjects: true }));
  await fonts.load(JSON.stringify(data) + catalogue, 'regular');
  await fonts.load(`${data.agency.name} ${data.company.name} ${catalogue}`, 'bold');
  const right = A4[0] - MARGIN;
  const cols = { date: MARGIN, kind: MARGIN + 72, ref: MARGIN + 150, amount: right - 90, balance: right };
  const pages: PDFPage[] = [];
  let page = pdf.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN;
  // Positions are given for a left-to-right page; a right-to-left page mirrors them (and each text's alignment).
  const text = (value: string, x: number, at: number, options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = options.size ?? 9.5;
    const style = options.style ?? 'regular';
    const shown = plain(value);
    const alignRight = rtl ? options.align !== 'right' : options.align === 'right';
    const anchor = rtl ? A4[0] - x : x;
    const left = alignRight ? anchor - fonts.lineWidth(shown, style, size) : anchor;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: options.color ?? INK, rtl });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.7, color: RULE });
  const header = () => {
    text(t('statement.date'), cols.date, y, { style: 'bold', size: 8.5, color: MUTED });
    text(t('statement.type'), cols.kind, y, { style: 'bold', size: 8.5, color: MUTED });
    text(t('statement.reference'), cols.ref, y, { style: 'bold', size: 8.5, color: MUTED });
    text(t('statement.amount'), cols.amount, y, { style: 'bold', size: 8.5, color: MUTED, align: 'right' });
    text(t('statement.balance'), cols.balance, y, { style: 'bold', size: 8.5, color: MUTED, align: 'right' });
    y -= 6;
    rule(y);
    y -= 14;
  };

  y -= await drawLogo(pdf, page, data.logo, rtl ? right : MARGIN, y + 14, rtl);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text(t('statement.heading'), right, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(t('statement.period', { from: words.date(data.from), to: words.date(data.to) }), right, y, { align: 'right' });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  text(t('statement.currency', { currency: data.currency }), right, y, { align: 'right', color: MUTED });
  y -= 28;
  text(data.company.name, MARGIN, y, { size: 11, style: 'bold' });
  y -= 13;
  for (const line of (data.company.billingAddress ?? '').split('\n').filter(Boolean).slice(0, 5)) {
    text(line, MARGIN, y);
    y -= 12;
  }
  y -= 16;
  header();
  text(t('statement.openingBalance'), cols.ref, y, { style: 'bold' });
  text(money(data.openingBalance, data.currency), cols.balance, y, { style: 'bold', align: 'right' });
  y -= 16;
  for (const line of data.lines) {
    if (y < MARGIN + 40) {
      page = pdf.addPage(A4);
      pages.push(page);
      y = A4[1] - MARGIN;
      header();
    }
    text(words.date(line.date), cols.date, y);
    text(t(`statement.kinds.${line.kind}`), cols.kind, y);
    text(`${line.reference} ${line.description}`.slice(0, 48), cols.ref, y);
    text(money(line.amount, data.currency), cols.amount, y, { align: 'right' });
    text(money(line.balance, data.currency), cols.balance, y, { align: 'right' });
    y -= 14;
  }
  rule(y + 8);
  y -= 8;
  text(t('statement.closingBalance'), cols.ref, y, { style: 'bold' });
  text(money(data.closingBalance, data.currency), cols.balance, y, { style: 'bold', align: 'right', size: 11 });
  pages.forEach((p, i) => {
    page = p;
    text(t('statement.page', { page: i + 1, pages: pages.length }), right, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  });
  return pdf.save({ useObjectStreams: false });
}
