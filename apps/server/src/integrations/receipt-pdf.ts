import type { Currency, InvoiceKind, Locale, PaymentMethod } from '@agency/schema';
import { PDFDocument, rgb } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';
import { pdfWords, plain } from './pdf-words.js';

export type ReceiptPdfData = {
  /** The reader's language (British English when left out); Arabic lays the page out right to left. */
  locale?: Locale | null;
  agency: { name: string; phone: string; email: string; url: string };
  /** The brand's logo (a PNG), drawn above the agency's name. */
  logo?: Uint8Array | null;
  client: { name: string; email: string; company: string | null };
  /** Null for a company's invoice without a project. */
  projectTitle: string | null;
  invoiceNo: string;
  /** The invoice is a deposit: its receipt says the work can start once it is paid in full. */
  kind: InvoiceKind;
  /** One per payment, e.g. the invoice number and the payment's id. */
  receiptNo: string;
  currency: Currency;
  /** The payment: when it was received (`YYYY-MM-DD`), how, with the bank's or the provider's reference. */
  receivedOn: string;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  /** The invoice after this payment. */
  invoiceTotal: number;
  paidToDate: number;
  /** Taken off by credit notes issued before this payment (none when left out). */
  credited?: number;
  amountDue: number;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.09, 0.33, 0.65);
const PAID = rgb(0.1, 0.5, 0.25);

/**
 * The receipt of one payment (pdf-lib, one page): who paid whom, how much, when and how, and where the invoice
 * stands after it, in the same fonts as the invoice, so every script prints.
 */
export async function renderReceiptPdf(data: ReceiptPdfData): Promise<Uint8Array> {
  const words = pdfWords(data.locale);
  const { t, rtl, money } = words;
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('receipt.title', { no: data.receiptNo }));
  pdf.setAuthor(data.agency.name);
  pdf.setSubject(
    data.projectTitle === null
      ? t('receipt.subject', { invoiceNo: data.invoiceNo })
      : t('receipt.subjectProject', { invoiceNo: data.invoiceNo, project: data.projectTitle }),
  );
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  if (data.locale) pdf.setLanguage(data.locale);
  const fonts = await PdfFonts.for(pdf);
  const catalogue = JSON.stringify([
    t('receipt', { returnObjects: true }),
    t('totals', { returnObjects: true }),
    t('paymentMethods', { returnObjects: true }),
  ]);
  await fonts.load(JSON.stringify(data) + catalogue, 'regular');
  await fonts.load(`${data.agency.name} ${data.client.name} ${data.receiptNo} ${catalogue}`, 'bold');
  const page = pdf.addPage(A4);
  const right = A4[0] - MARGIN;
  let y = A4[1] - MARGIN;

  // Positions are given for a left-to-right page; a right-to-left page mirrors them (and each text's alignment).
  const text = (value: string, x: number, at: number, options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = options.size ?? 10;
    const style = options.style ?? 'regular';
    const shown = plain(value);
    const alignRight = rtl ? options.align !== 'right' : options.align === 'right';
    const anchor = rtl ? A4[0] - x : x;
    const left = alignRight ? anchor - fonts.lineWidth(shown, style, size) : anchor;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: options.color ?? INK, rtl });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.7, color: RULE });

  y -= await drawLogo(pdf, page, data.logo, rtl ? right : MARGIN, y + 14, rtl);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text(t('receipt.heading'), right, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(data.receiptNo, right, y, { size: 12, style: 'bold', align: 'right' });
  y -= 13;
  text(data.agency.phone, MARGIN, y, { color: MUTED });
  text(t('receipt.received', { date: words.date(data.receivedOn) }), right, y, { align: 'right' });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  y -= 28;

  text(t('receipt.receivedFrom'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  y -= 14;
  text(data.client.name, MARGIN, y, { size: 11, style: 'bold' });
  y -= 13;
  if (data.client.company) {
    text(data.client.company, MARGIN, y);
    y -= 13;
  }
  text(data.client.email, MARGIN, y, { color: MUTED });
  y -= 13;
  if (data.projectTitle !== null) {
    text(t('project', { title: data.projectTitle }), MARGIN, y, { color: MUTED });
    y -= 13;
  }
  y -= 17;

  text(t('receipt.amountReceived'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  y -= 22;
  text(money(data.amount, data.currency), MARGIN, y, { size: 20, style: 'bold', color: PAID });
  y -= 20;
  const methodLabel = t(`paymentMethods.${data.method}`);
  const method = data.reference ? t('receipt.methodReference', { method: methodLabel, reference: data.reference }) : methodLabel;
  text(t('receipt.paidBy', { method }), MARGIN, y);
  y -= 30;

  rule(y + 10);
  const rows: [string, string, boolean][] = [
    [t('receipt.invoiceTotal', { no: data.invoiceNo }), money(data.invoiceTotal, data.currency), false],
    [t('receipt.paidToDate'), money(data.paidToDate, data.currency), false],
    ...(data.credited ? ([[t('totals.creditNotes'), `-${money(data.credited, data.currency)}`, false]] as [string, string, boolean][]) : []),
    [t('receipt.stillDue'), money(data.amountDue, data.currency), true],
  ];
  for (const [label, value, strong] of rows) {
    y -= 6;
    text(label, MARGIN, y, { style: strong ? 'bold' : 'regular' });
    text(value, right, y, { style: strong ? 'bold' : 'regular', align: 'right' });
    y -= 12;
  }
  y -= 20;

  const closing =
    data.amountDue > 0
      ? t('receipt.closingDue', { amount: money(data.amountDue, data.currency), no: data.invoiceNo })
      : data.kind === 'deposit'
        ? t('receipt.closingDeposit', { no: data.invoiceNo })
        : t('receipt.closingPaid', { no: data.invoiceNo });
  text(closing, MARGIN, y);
  text(t('numberPage', { no: data.receiptNo, page: 1, pages: 1 }), right, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  return pdf.save({ useObjectStreams: false });
}
