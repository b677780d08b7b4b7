import { isItemCounted, type Locale } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { AppContext } from '../../context.js';
import { clientCompanies } from '../../db/schema.js';
import { brandLogoPng } from '../../integrations/brand.js';
import { PdfFonts, type FontStyle } from '../../integrations/pdf-fonts.js';
import { drawLogo } from '../../integrations/pdf-logo.js';
import { pdfWords, plain } from '../../integrations/pdf-words.js';
import { currencyOf, presentItems, totalsOf, type Row } from './queries.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.09, 0.33, 0.65);

export type ProposalDocument = { bytes: Buffer; filename: string };

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
 * when and from which address, with the frozen content's SHA-256. Its own words are in `locale` (the reader's); the
 * frozen content and its hash are the proposal's text alone, so any reader's copy shows the same hash.
 */
export async function proposalPdf(ctx: AppContext, row: Row, locale?: Locale | null): Promise<ProposalDocument> {
  const words = pdfWords(locale);
  const { t, rtl, money } = words;
  const p = row.proposal;
  const currency = currencyOf(p);
  const totals = totalsOf(p);
  const [company] = await ctx.db.select().from(clientCompanies).where(eq(clientCompanies.id, p.companyId)).limit(1);
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('proposal.title', { title: p.title }));
  if (locale) pdf.setLanguage(locale);
  pdf.setAuthor(ctx.brand.current().agencyName);
  pdf.setCreator(ctx.brand.current().agencyName);
  pdf.setProducer('pdf-lib');
  const fonts = await PdfFonts.for(pdf);
  const items = presentItems(p.items);
  const everything = JSON.stringify([
    p.title,
    p.introMarkdown,
    p.sections,
    p.items,
    company,
    row,
    p.signatureName,
    ctx.brand.current().agencyName,
    t('proposal', { returnObjects: true }),
    t('columns', { returnObjects: true }),
    t('totals', { returnObjects: true }),
  ]);
  await fonts.load(everything, 'regular');
  await fonts.load(everything, 'bold');
  const width = A4[0] - MARGIN * 2;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  // Positions are given for a left-to-right page; a right-to-left page mirrors them (and each text's alignment).
  const text = (value: string, x: number, at: number, o: { size?: number; style?: FontStyle; color?: typeof INK; align?: 'right' } = {}) => {
    const size = o.size ?? 10;
    const style = o.style ?? 'regular';
    const shown = plain(value);
    const alignRight = rtl ? o.align !== 'right' : o.align === 'right';
    const anchor = rtl ? A4[0] - x : x;
    const left = alignRight ? anchor - fonts.lineWidth(shown, style, size) : anchor;
    fonts.drawLine(page, shown, style, { x: left, y: at, size, color: o.color ?? INK, rtl });
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

  y -= await drawLogo(pdf, page, await brandLogoPng(ctx.brand.current(), ctx.storage), rtl ? A4[0] - MARGIN : MARGIN, y + 14, rtl);
  text(ctx.brand.current().agencyName, MARGIN, y, { size: 18, style: 'bold', color: ACCENT });
  text(t('proposal.heading'), A4[0] - MARGIN, y, { size: 18, style: 'bold', align: 'right' });
  y -= 16;
  text(ctx.brand.current().contactEmail, MARGIN, y, { color: MUTED });
  text(t('proposal.version', { version: p.version }), A4[0] - MARGIN, y, { align: 'right' });
  y -= 13;
  text(ctx.brand.current().contactPhone, MARGIN, y, { color: MUTED });
  text(t('proposal.status', { status: t(`proposal.statuses.${p.status}`) }), A4[0] - MARGIN, y, { style: 'bold', align: 'right' });
  y -= 13;
  text(ctx.config.appUrl, MARGIN, y, { color: MUTED });
  text(t('proposal.validUntil', { date: words.date(p.validUntil) }), A4[0] - MARGIN, y, { align: 'right' });
  y -= 26;

  text(t('proposal.preparedFor'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  y -= 14;
  text(row.companyName, MARGIN, y, { size: 11, style: 'bold' });
  y -= 13;
  for (const line of [
    ...(company?.billingAddress ? company.billingAddress.split(/\r?\n/) : []),
    ...(company?.country ? [company.country] : []),
    ...(company?.taxNumber ? [t('taxNumber', { number: company.taxNumber })] : []),
    t('project', { title: row.projectTitle }),
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

  heading(t('proposal.items'));
  const cols = { qty: MARGIN + width * 0.56, unit: MARGIN + width * 0.72, tax: MARGIN + width * 0.82, amount: A4[0] - MARGIN };
  text(t('columns.description'), MARGIN, y, { size: 8, style: 'bold', color: MUTED });
  text(t('columns.quantity'), cols.qty, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text(t('columns.unitPrice'), cols.unit, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text(t('columns.tax'), cols.tax, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  text(t('columns.amount'), cols.amount, y, { size: 8, style: 'bold', color: MUTED, align: 'right' });
  y -= 8;
  rule();
  y -= 10;
  for (const item of items) {
    const shown = item.optional
      ? t(isItemCounted(item) ? 'proposal.optionalIncluded' : 'proposal.optionalExcluded', { description: item.description })
      : item.description;
    const description = wrap(fonts, shown, 'regular', 10, width * 0.52);
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
    [t('totals.subtotal'), money(totals.subtotal, currency), false],
    [t('totals.tax'), money(totals.tax_total, currency), false],
    [t('totals.total'), money(totals.total, currency), true],
    [t('proposal.deposit', { percent: p.depositPercent }), money(totals.deposit_amount, currency), false],
  ];
  room(rows.length * 16 + 10);
  for (const [label, value, strong] of rows) {
    text(label, cols.tax - 60, y, { style: strong ? 'bold' : 'regular' });
    text(value, cols.amount, y, { style: strong ? 'bold' : 'regular', align: 'right', size: strong ? 11 : 10 });
    y -= 16;
  }
  paragraph(t('proposal.validity', { date: words.date(p.validUntil) }), { color: MUTED });

  if (p.status === 'accepted' && p.acceptedAt) {
    heading(t('proposal.acceptance'));
    paragraph(t('proposal.acceptedBy', { signature: p.signatureName ?? '', name: row.acceptedByName ?? '', at: words.dateTimeUtc(p.acceptedAt) }), {
      style: 'bold',
    });
    paragraph(t('proposal.fromIp', { ip: p.acceptIp ?? t('unknown') }));
    if (p.acceptUserAgent) paragraph(t('proposal.browser', { agent: p.acceptUserAgent }), { color: MUTED, size: 8 });
    paragraph(t('proposal.contentHash', { hash: p.documentSha256 ?? '' }), { color: MUTED, size: 8 });
    if (p.signatureImagePng) {
      const png = await pdf.embedPng(Buffer.from(p.signatureImagePng, 'base64'));
      const scaled = png.scaleToFit(180, 60);
      room(scaled.height + 10);
      page.drawImage(png, { x: rtl ? A4[0] - MARGIN - scaled.width : MARGIN, y: y - scaled.height, width: scaled.width, height: scaled.height });
      y -= scaled.height + 10;
    }
  } else if (p.status === 'declined') {
    heading(t('proposal.declinedTitle'));
    const reason = p.declineReason ?? '';
    paragraph(p.declinedAt ? t('proposal.declinedOn', { at: words.dateTimeUtc(p.declinedAt), reason }) : t('proposal.declined', { reason }));
  } else if (p.status === 'void') {
    heading(t('proposal.voidTitle'));
    paragraph(t('proposal.withdrawn', { agency: ctx.brand.current().agencyName, reason: p.voidReason ?? '' }));
  }

  const pages = pdf.getPages();
  pages.forEach((each, i) => {
    page = each;
    text(t('proposal.footer', { id: p.id, version: p.version, page: i + 1, pages: pages.length }), A4[0] - MARGIN, MARGIN - 20, {
      size: 8,
      color: MUTED,
      align: 'right',
    });
  });
  const slug =
    p.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'proposal';
  return { bytes: Buffer.from(await pdf.save({ useObjectStreams: false })), filename: `proposal-${slug}-${p.id}-v${p.version}.pdf` };
}
