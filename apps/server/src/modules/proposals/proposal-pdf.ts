import { DATE_LOCALE, formatDate, formatDateTimeUtc, isItemCounted, PROPOSAL_STATUS_LABELS, type Currency } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { AppContext } from '../../context.js';
import { clientCompanies } from '../../db/schema.js';
import { brandLogoPng } from '../../integrations/brand.js';
import { PdfFonts, type FontStyle } from '../../integrations/pdf-fonts.js';
import { drawLogo } from '../../integrations/pdf-logo.js';
import { currencyOf, presentItems, totalsOf, type Row } from './queries.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.09, 0.33, 0.65);

export type ProposalDocument = { bytes: Buffer; filename: string };

function plain(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

function money(minor: number, currency: Currency): string {
  const format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency, currencyDisplay: 'code' });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return plain(format.format(minor / 10 ** decimals));
}

/** Markdown as the lines a reader sees: headings, emphasis and link syntax dropped, list items kept as bullets. */
function markdownLines(markdown: string): string[] {
  return markdown.split(/\r?\n/).map((line) =>
    line
      .replace(/^#{1,6}\s+/, '')
      .replace(/^\s*[-*+]\s+/, '• ')
      .replace(/\*\*(.+?)\*\*|__(.+?)__/g, '$1$2')
      .replace(/\*(.+?)\*|_(.+?)_/g, '$1$2')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)'),
  );
}

function wrap(fonts: PdfFonts, text: string, style: FontStyle, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of plain(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fonts.lineWidth(candidate, style, size) <= width || !line) {
        line = candidate;
        continue;
      }
      out.push(line);
      line = word;
    }
    out.push(line);
  }
  return out;
}

/**
 * The proposal as a PDF (pdf-lib, the embedded Noto fonts): agency and client blocks, the introduction and sections,
 * the items with the client's selection, the totals and deposit, the validity and, once accepted, who accepted it,
 * when and from which address, with the frozen content's SHA-256.
 */
export async function proposalPdf(ctx: AppContext, row: Row): Promise<ProposalDocument> {
  const p = row.proposal;
  const currency = currencyOf(p);
  const totals = totalsOf(p);
  const [company] = await ctx.db.select().from(clientCompanies).where(eq(clientCompanies.id, p.companyId)).limit(1);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Proposal: ${p.title}`);
  pdf.setAuthor(ctx.brand.current().agencyName);
  pdf.setCreator(ctx.brand.current().agencyName);
  pdf.setProducer('pdf-lib');
  const fonts = await PdfFonts.for(pdf);
  const items = presentItems(p.items);
  const everything = JSON.stringify([p.title, p.introMarkdown, p.sections, p.items, company, row, p.signatureName, ctx.brand.current().agencyName]);
  await fonts.load(everything, 'regular');
  await fonts.load(everything, 'bold');
  const width = A4[0] - MARGIN * 2;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (value: string, x: number, at: number, o: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = o.size ?? 10;
    const style = o.style ?? 'regular';
    const shown = plain(value);
    const left = o.align === 'right' ? x - fonts.lineWidth(shown, style, size) : x;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: o.color ?? INK });
  };
  const rule = () => page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: A4[0] - MARGIN, y: y + 4 }, thickness: 0.7, color: RULE });
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 20) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const paragraph = (body: string, o: { size?: number; style?: FontStyle; color?: typeof INK } = {}) => {
    const size = o.size ?? 10;
    for (const line of wrap(fonts, body, o.style ?? 'regular', size, width)) {
      room(size + 4);
      text(line, MARGIN, y, o);
      y -= size + 3;
    }
  };
  const heading = (title: string) => {
    y -= 8;
    room(40);
    text(title.toUpperCase(), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
    y -= 14;
  };

  y -= await drawLogo(pdf, page, await brandLogoPng(ctx.brand.current(), ctx.storage), MARGIN, y + 14);
  text(ctx.brand.current().agencyName, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text('PROPOSAL', A4[0] - MARGIN, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(ctx.brand.current().contactEmail, MARGIN, y, { color: MUTED });
  text(`Version ${p.version}`, A4[0] - MARGIN, y, { align: 'right' });
  y -= 13;
  text(ctx.brand.current().contactPhone, MARGIN, y, { color: MUTED });
  text(`Status: ${PROPOSAL_STATUS_LABELS[p.status]}`, A4[0] - MARGIN, y, { style: 'bold', align: 'right' });
  y -= 13;
  text(ctx.config.appUrl, MARGIN, y, { color: MUTED });
  text(`Valid until ${formatDate(p.validUntil)}`, A4[0] - MARGIN, y, { align: 'right' });
  y -= 26;

  text('PREPARED FOR', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  y -= 14;
  text(row.companyName, MARGIN, y, { size: 11, style: 'bold' });
  y -= 13;
  for (const line of [
    ...(company?.billingAddress ? company.billingAddress.split(/\r?\n/) : []),
    ...(company?.country ? [company.country] : []),
    ...(company?.taxNumber ? [`Tax/VAT number: ${company.taxNumber}`] : []),
    `Project: ${row.projectTitle}`,
  ]) {
    text(line, MARGIN, y, { color: MUTED });
    y -= 13;
  }
  y -= 10;

  paragraph(p.title, { size: 16, style: 'bold' });
  y -= 6;
  if (p.introMarkdown.trim()) for (const line of markdownLines(p.introMarkdown)) paragraph(line);
  for (const section of p.sections) {
    heading(section.title);
    for (const line of markdownLines(section.body_markdown)) paragraph(line);
  }

  heading('Items');
  const cols = { qty: MARGIN + width * 0.56, unit: MARGIN + width * 0.72, tax: MARGIN + width * 0.82, amount: A4[0] - MARGIN };
  text('DESCRIPTION', MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  text('QTY', cols.qty, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text('UNIT PRICE', cols.unit, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text('TAX', cols.tax, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text('AMOUNT', cols.amount, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  y -= 8;
  rule();
  y -= 10;
  for (const item of items) {
    const mark = item.optional ? (isItemCounted(item) ? ' (optional, included)' : ' (optional, not included)') : '';
    const description = wrap(fonts, `${item.description}${mark}`, 'regular', 10, width * 0.52);
    room(description.length * 12 + 6);
    const color = isItemCounted(item) ? INK : MUTED;
    text(String(item.quantity), cols.qty, y, { align: 'right', color });
    text(money(item.unit_price, currency), cols.unit, y, { align: 'right', color });
    text(`${item.tax_rate}%`, cols.tax, y, { align: 'right', color });
    text(money(item.amount, currency), cols.amount, y, { align: 'right', color });
    for (const [i, part] of description.entries()) text(part, MARGIN, y - i * 12, { color });
    y -= description.length * 12 + 6;
  }
  rule();
  y -= 10;
  const rows: [string, string, boolean][] = [
    ['Subtotal', money(totals.subtotal, currency), false],
    ['Tax', money(totals.tax_total, currency), false],
    ['Total', money(totals.total, currency), true],
    [`Deposit (${p.depositPercent}%)`, money(totals.deposit_amount, currency), false],
  ];
  room(rows.length * 16 + 10);
  for (const [label, value, strong] of rows) {
    text(label, cols.tax - 60, y, { style: strong ? 'bold' : 'regular' });
    text(value, cols.amount, y, { style: strong ? 'bold' : 'regular', align: 'right', size: strong ? 11 : 10 });
    y -= 16;
  }
  paragraph(
    `This proposal is valid until ${formatDate(p.validUntil)}. On acceptance, the contract follows for signature and the deposit invoice once it is signed.`,
    { color: MUTED },
  );

  if (p.status === 'accepted' && p.acceptedAt) {
    heading('Acceptance');
    paragraph(`Accepted by ${p.signatureName ?? ''} (${row.acceptedByName ?? ''}) on ${formatDateTimeUtc(p.acceptedAt)}`, { style: 'bold' });
    paragraph(`From IP address ${p.acceptIp ?? 'unknown'}`);
    if (p.acceptUserAgent) paragraph(`Browser: ${p.acceptUserAgent}`, { color: MUTED, size: 8 });
    paragraph(`Content SHA-256: ${p.documentSha256 ?? ''}`, { color: MUTED, size: 8 });
    if (p.signatureImagePng) {
      const png = await pdf.embedPng(Buffer.from(p.signatureImagePng, 'base64'));
      const scaled = png.scaleToFit(180, 60);
      room(scaled.height + 10);
      page.drawImage(png, { x: MARGIN, y: y - scaled.height, width: scaled.width, height: scaled.height });
      y -= scaled.height + 10;
    }
  } else if (p.status === 'declined') {
    heading('Declined');
    paragraph(`Declined${p.declinedAt ? ` on ${formatDateTimeUtc(p.declinedAt)}` : ''}. Reason: ${p.declineReason ?? ''}`);
  } else if (p.status === 'void') {
    heading('Void');
    paragraph(`Withdrawn by ${ctx.brand.current().agencyName}. Reason: ${p.voidReason ?? ''}`);
  }

  const pages = pdf.getPages();
  pages.forEach((each, i) => {
    page = each;
    text(`Proposal ${p.id} v${p.version} - page ${i + 1} of ${pages.length}`, A4[0] - MARGIN, MARGIN - 20, { size: 8, color: MUTED, align: 'right' });
  });
  const slug =
    p.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'proposal';
  return { bytes: Buffer.from(await pdf.save({ useObjectStreams: false })), filename: `proposal-${slug}-${p.id}-v${p.version}.pdf` };
}
