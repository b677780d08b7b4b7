import { DATE_LOCALE, formatDate, PAYMENT_METHOD_LABELS, type Currency, type InvoiceKind, type PaymentMethod } from '@agency/schema';
import { PDFDocument, rgb } from 'pdf-lib';
import { PdfFonts, type FontStyle } from './pdf-fonts.js';
import { drawLogo } from './pdf-logo.js';

export type ReceiptPdfData = {
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

function money(minor: number, currency: Currency): string {
  const format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, currencyDisplay: 'code' });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** decimals).replace(/\u00a0/g, ' ');
}

/**
 * The receipt of one payment (pdf-lib, one page): who paid whom, how much, when and how, and where the invoice
 * stands after it, in the same fonts as the invoice, so every script prints.
 */
export async function renderReceiptPdf(data: ReceiptPdfData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${data.receiptNo}`);
  pdf.setAuthor(data.agency.name);
  pdf.setSubject(data.projectTitle === null ? `Payment for ${data.invoiceNo}` : `Payment for ${data.invoiceNo} (${data.projectTitle})`);
  pdf.setCreator(data.agency.name);
  pdf.setProducer('pdf-lib');
  const fonts = await PdfFonts.for(pdf);
  await fonts.load(JSON.stringify(data), 'regular');
  await fonts.load(`${data.agency.name} ${data.client.name} ${data.receiptNo}`, 'bold');
  const page = pdf.addPage(A4);
  const right = A4[0] - MARGIN;
  let y = A4[1] - MARGIN;

  const text = (value: string, x: number, at: number, options: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = options.size ?? 10;
    const style = options.style ?? 'regular';
    const left = options.align === 'right' ? x - fonts.lineWidth(value, style, size) : x;
    fonts.drawLine(page, value, style, { x: left, y: at, size, color: options.color ?? INK });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.7, color: RULE });

  y -= await drawLogo(pdf, page, data.logo, MARGIN, y + 14);
  text(data.agency.name, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text('RECEIPT', right, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(data.agency.email, MARGIN, y, { color: MUTED });
  text(data.receiptNo, right, y, { size: 12, style: 'bold', align: 'right' });
  y -= 13;
  text(data.agency.phone, MARGIN, y, { color: MUTED });
  text(`Received ${formatDate(data.receivedOn)}`, right, y, { align: 'right' });
  y -= 13;
  text(data.agency.url, MARGIN, y, { color: MUTED });
  y -= 28;

  text('RECEIVED FROM', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
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
    text(`Project: ${data.projectTitle}`, MARGIN, y, { color: MUTED });
    y -= 13;
  }
  y -= 17;

  text('AMOUNT RECEIVED', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  y -= 22;
  text(money(data.amount, data.currency), MARGIN, y, { size: 20, style: 'bold', color: PAID });
  y -= 20;
  const method = data.reference ? `${PAYMENT_METHOD_LABELS[data.method]}, reference ${data.reference}` : PAYMENT_METHOD_LABELS[data.method];
  text(`Paid by ${method}`, MARGIN, y);
  y -= 30;

  rule(y + 10);
  const rows: [string, string, boolean][] = [
    [`Invoice ${data.invoiceNo} total`, money(data.invoiceTotal, data.currency), false],
    ['Paid to date', money(data.paidToDate, data.currency), false],
    ...(data.credited ? ([['Credit notes', `-${money(data.credited, data.currency)}`, false]] as [string, string, boolean][]) : []),
    ['Still due', money(data.amountDue, data.currency), true],
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
      ? `Thank you. ${money(data.amountDue, data.currency)} of invoice ${data.invoiceNo} is still to pay.`
      : data.kind === 'deposit'
        ? `Thank you: the deposit ${data.invoiceNo} is paid in full, and the work on the project can start.`
        : `Thank you: invoice ${data.invoiceNo} is paid in full.`;
  text(closing, MARGIN, y);
  text(`${data.receiptNo} - page 1 of 1`, right, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  return pdf.save({ useObjectStreams: false });
}
