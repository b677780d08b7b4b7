import type { Locale } from '@agency/schema';
import { marked, type Token, type Tokens } from 'marked';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { PdfFonts, type FontStyle } from '../../integrations/pdf-fonts.js';
import { drawLogo } from '../../integrations/pdf-logo.js';
import { pdfWords, type PdfWords } from '../../integrations/pdf-words.js';

/**
 * The contract as a PDF, laid out with pdf-lib from the frozen Markdown: the document, the signature (the drawn
 * image, or the typed name in a script font), and for a signed contract a certificate page with the audit trail
 * and the document's SHA-256. A preview carries a watermark across every page. Text in any script is set in the
 * embedded Noto fonts (integrations/pdf-fonts.ts). The PDF's own words (headings, labels, the certificate's lines)
 * are in the reader's language (`locale`); an Arabic document is laid out right to left. A signed contract's PDF
 * is rendered once, when it is signed, in its signer's language, and that sealed file is what everyone downloads.
 */
export type PdfSignature = { name: string; signedAt: Date; imagePng: Buffer | null };

export type CertificateEvent = { label: string; who: string; at: Date; ip: string | null; userAgent: string | null; note: string | null };

export type Certificate = {
  signerEmail: string;
  signerRole: string;
  ip: string | null;
  userAgent: string | null;
  /** How the signer was identified: their signed-in account, or an e-mailed link and a code sent to their address. */
  identifiedBy?: string;
  events: CertificateEvent[];
  sealSubject: string;
};

export type ContractPdfInput = {
  /** The language of the PDF's own words (British English when left out). */
  locale?: Locale | null;
  contractId: number;
  title: string;
  projectTitle: string;
  agencyName: string;
  /** The brand's logo (a PNG), drawn above the agency's name on the first page. */
  logo?: Uint8Array | null;
  kindLabel: string;
  signerName: string;
  /** The frozen document's hash; null for a draft (nothing is frozen yet). */
  documentSha256: string | null;
  markdown: string;
  /** Diagonal text on every page of a preview ("NOT SIGNED"). */
  watermark?: string;
  signature?: PdfSignature;
  certificate?: Certificate;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 60, right: 60, top: 64, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.12, 0.13, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.8, 0.82, 0.86);
const ACCENT = rgb(0.11, 0.3, 0.6);

type Style = { bold?: boolean; italic?: boolean; code?: boolean };
type Run = { text: string; style: Style };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m);
const stripTags = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, ''));

function fontStyle(style: Style): FontStyle {
  if (style.code) return style.bold ? 'monoBold' : 'mono';
  if (style.bold && style.italic) return 'boldItalic';
  if (style.bold) return 'bold';
  if (style.italic) return 'italic';
  return 'regular';
}

/** Lays text out on pages: word wrap over runs of mixed styles, page breaks, indentation. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly rtl: boolean;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    readonly words: PdfWords,
  ) {
    this.rtl = words.rtl;
    this.newPage();
  }

  /** The x at which something `width` wide starts when it stands `left` from the page's leading edge. */
  at(left: number, width: number): number {
    return this.rtl ? PAGE.width - left - width : left;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Writes runs as one wrapped block; `indent` moves the left edge, `prefix` hangs a bullet or number before it. */
  async block(
    runs: Run[],
    opts: { size?: number; leading?: number; indent?: number; color?: ReturnType<typeof rgb>; prefix?: Run; maxWidth?: number } = {},
  ) {
    const size = opts.size ?? 10.5;
    const leading = opts.leading ?? size * 1.45;
    const left = MARGIN.left + (opts.indent ?? 0);
    const width = Math.min(opts.maxWidth ?? CONTENT_WIDTH, CONTENT_WIDTH - (opts.indent ?? 0));
    const color = opts.color ?? INK;
    const fonts = this.fonts;
    for (const run of opts.prefix ? [...runs, opts.prefix] : runs) await fonts.load(run.text, fontStyle(run.style));

    // A piece is a word or part of one; `joined` glues it to the piece before it (a word that changes style, or an
    // escaped character inside an address), so the line never breaks there.
    type Piece = { text: string; style: FontStyle; width: number; space: boolean; joined: boolean; newline?: boolean };
    const pieces: Piece[] = [];
    let pendingSpace = false;
    for (const run of runs) {
      const style = fontStyle(run.style);
      for (const part of run.text.replace(/[\t\r]/g, ' ').split(/(\n| +)/)) {
        if (part === '') continue;
        if (part === '\n') {
          pieces.push({ text: '', style, width: 0, space: false, joined: false, newline: true });
          pendingSpace = false;
        } else if (/^ +$/.test(part)) pendingSpace = true;
        else {
          const previous = pieces[pieces.length - 1];
          const joined = !pendingSpace && previous !== undefined && !previous.newline;
          // A word wider than the line (a hash, a user agent) is cut into pieces that fit.
          let rest = [...part];
          let first = true;
          while (rest.length > 0) {
            let n = rest.length;
            while (n > 1 && fonts.widthOf(rest.slice(0, n).join(''), style, size) > width) n -= 1;
            const chunk = rest.slice(0, n).join('');
            pieces.push({ text: chunk, style, width: fonts.widthOf(chunk, style, size), space: first && pendingSpace, joined: first && joined });
            rest = rest.slice(n);
            first = false;
          }
          pendingSpace = false;
        }
      }
    }

    // Pieces glued together wrap as one; a group wider than the line breaks between its pieces after all.
    const groups: Piece[][] = [];
    for (const piece of pieces) {
      const last = groups[groups.length - 1];
      if (piece.joined && last) last.push(piece);
      else groups.push([piece]);
    }
    const lines: Piece[][] = [[]];
    let lineWidth = 0;
    const place = (group: Piece[]) => {
      const line = lines[lines.length - 1];
      const first = group[0];
      const spaceWidth = first.space && line.length > 0 ? fonts.spaceWidth(first.style, size) : 0;
      const groupWidth = group.reduce((sum, p) => sum + p.width, 0);
      if (line.length > 0 && lineWidth + spaceWidth + groupWidth > width) {
        lines.push([{ ...first, space: false }, ...group.slice(1)]);
        lineWidth = groupWidth;
      } else {
        line.push(...group);
        lineWidth += spaceWidth + groupWidth;
      }
    };
    for (const group of groups) {
      if (group[0].newline) {
        lines.push([]);
        lineWidth = 0;
      } else if (group.length > 1 && group.reduce((sum, p) => sum + p.width, 0) > width) {
        for (const piece of group) place([piece]);
      } else place(group);
    }

    lines.forEach((line, index) => {
      this.ensure(leading);
      const baseline = this.y - size;
      if (index === 0 && opts.prefix) {
        const prefixStyle = fontStyle(opts.prefix.style);
        const prefixWidth = fonts.lineWidth(opts.prefix.text, prefixStyle, size);
        fonts.drawLine(this.page, opts.prefix.text, prefixStyle, { x: this.at(left - prefixWidth - 5, prefixWidth), y: baseline, size, color });
      }
      const drawn = line.map((piece, i) => ({ text: piece.text, style: piece.style, gap: i > 0 && piece.space }));
      const drawnWidth = this.rtl
        ? line.reduce((sum, piece, i) => sum + piece.width + (i > 0 && piece.space ? fonts.spaceWidth(piece.style, size) : 0), 0)
        : 0;
      fonts.drawWords(this.page, drawn, { x: this.at(left, drawnWidth), y: baseline, size, color, rtl: this.rtl });
      this.y -= leading;
    });
  }

  rule(color = RULE, thickness = 0.75) {
    this.ensure(10);
    this.page.drawLine({ start: { x: MARGIN.left, y: this.y - 4 }, end: { x: PAGE.width - MARGIN.right, y: this.y - 4 }, thickness, color });
    this.y -= 10;
  }
}

function inlineRuns(tokens: Token[] | undefined, style: Style = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens?.length) runs.push(...inlineRuns(t.tokens, style));
        else runs.push({ text: decodeEntities(t.text).replace(/\n/g, ' '), style });
        break;
      }
      case 'strong':
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case 'del':
        runs.push(...inlineRuns((token as Tokens.Del).tokens, style));
        break;
      case 'codespan':
        runs.push({ text: decodeEntities((token as Tokens.Codespan).text), style: { ...style, code: true } });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        runs.push(...inlineRuns(link.tokens, style));
        if (link.href && link.href !== link.text) runs.push({ text: ` (${link.href})`, style });
        break;
      }
      case 'image':
        runs.push({ text: (token as Tokens.Image).text, style });
        break;
      case 'br':
        runs.push({ text: '\n', style });
        break;
      case 'escape':
        runs.push({ text: (token as Tokens.Escape).text, style });
        break;
      case 'html':
        runs.push({ text: stripTags((token as Tokens.HTML).text), style });
        break;
      default:
        if ('text' in token && typeof token.text === 'string') runs.push({ text: decodeEntities(token.text), style });
    }
  }
  return runs;
}

const HEADING_SIZE = [0, 15, 12.5, 11, 10.5, 10.5, 10.5];

async function writeBlocks(w: Writer, tokens: Token[], indent = 0): Promise<void> {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const h = token as Tokens.Heading;
        const size = HEADING_SIZE[h.depth] ?? 10.5;
        w.gap(size * 0.6);
        w.ensure(size * 3);
        await w.block(inlineRuns(h.tokens, { bold: true }), { size, indent, color: h.depth <= 2 ? ACCENT : INK });
        w.gap(2);
        break;
      }
      case 'paragraph':
        await w.block(inlineRuns((token as Tokens.Paragraph).tokens), { indent });
        w.gap(6);
        break;
      case 'text': {
        const t = token as Tokens.Text;
        await w.block(t.tokens ? inlineRuns(t.tokens) : [{ text: t.text, style: {} }], { indent });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        for (const [i, item] of list.items.entries()) {
          const prefix: Run = { text: list.ordered ? `${start + i}.` : '•', style: {} };
          const [first, ...rest] = item.tokens;
          const itemIndent = indent + 16;
          if (first && (first.type === 'text' || first.type === 'paragraph')) {
            const t = first as Tokens.Text;
            await w.block(t.tokens ? inlineRuns(t.tokens) : [{ text: t.text, style: {} }], { indent: itemIndent, prefix });
            await writeBlocks(w, rest, itemIndent);
          } else {
            await w.block([{ text: '', style: {} }], { indent: itemIndent, prefix });
            await writeBlocks(w, item.tokens, itemIndent);
          }
          if (list.loose) w.gap(4);
        }
        w.gap(6);
        break;
      }
      case 'blockquote':
        await writeBlocks(w, (token as Tokens.Blockquote).tokens, indent + 14);
        break;
      case 'hr':
        w.rule();
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n'))
          await w.block([{ text: line || ' ', style: { code: true } }], { size: 9, indent });
        w.gap(6);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[], bold: boolean) =>
          cells.flatMap((cell, i) => [...(i > 0 ? [{ text: '  |  ', style: {} }] : []), ...inlineRuns(cell.tokens, { bold })]);
        await w.block(row(table.header, true), { indent });
        for (const r of table.rows) await w.block(row(r, false), { indent });
        w.gap(6);
        break;
      }
      case 'html':
        await w.block([{ text: stripTags((token as Tokens.HTML).text), style: {} }], { indent });
        break;
      case 'space':
        break;
      default:
        if ('text' in token && typeof token.text === 'string') await w.block([{ text: token.text, style: {} }], { indent });
    }
  }
}

async function embedSignatureImage(doc: PDFDocument, png: Buffer): Promise<PDFImage> {
  return doc.embedPng(png);
}

async function writeSignature(w: Writer, input: ContractPdfInput) {
  const { t } = w.words;
  w.gap(18);
  w.ensure(150);
  await w.block([{ text: t('contract.signature'), style: { bold: true } }], { size: 12, color: ACCENT });
  w.gap(4);
  const signature = input.signature;
  if (!signature) {
    w.gap(36);
    w.rule(INK, 0.6);
    await w.block([{ text: t('contract.awaiting', { name: input.signerName }), style: {} }], { size: 9.5, color: MUTED });
    return;
  }
  if (signature.imagePng) {
    const image = await embedSignatureImage(w.doc, signature.imagePng);
    const scale = Math.min(220 / image.width, 80 / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    w.ensure(height + 40);
    w.page.drawImage(image, { x: w.at(MARGIN.left, width), y: w.y - height, width, height });
    w.y -= height + 4;
  } else {
    const size = 30;
    w.ensure(size * 1.6 + 40);
    // Measured only to set it from the right; the space's font is loaded for that alone.
    await w.fonts.load(w.rtl ? `${signature.name} ` : signature.name, 'script');
    const width = w.rtl ? w.fonts.lineWidth(signature.name, 'script', size) : 0;
    w.fonts.drawLine(w.page, signature.name, 'script', {
      x: w.at(MARGIN.left + 4, width),
      y: w.y - size,
      size,
      color: rgb(0.07, 0.15, 0.42),
      rtl: w.rtl,
    });
    w.y -= size * 1.5;
  }
  w.rule(INK, 0.6);
  await w.block(
    [
      { text: signature.name, style: { bold: true } },
      { text: `  ${t('contract.signedOn', { at: w.words.timestampUtc(signature.signedAt) })}`, style: {} },
    ],
    { size: 9.5, color: MUTED },
  );
}

async function writeCertificate(w: Writer, input: ContractPdfInput, cert: Certificate, signature: PdfSignature) {
  const { t } = w.words;
  const unknown = t('unknown');
  w.newPage();
  await w.block([{ text: t('contract.certificate'), style: { bold: true } }], { size: 18, color: ACCENT });
  await w.block([{ text: t('contract.reference', { agency: input.agencyName, id: input.contractId }), style: {} }], { size: 10, color: MUTED });
  w.gap(8);
  const field = async (label: string, value: string, mono = false) => {
    await w.block(
      [
        { text: `${label}  `, style: { bold: true } },
        { text: value, style: { code: mono } },
      ],
      { size: mono ? 9 : 10, leading: 14 },
    );
  };
  await field(t('contract.document'), input.title);
  await field(t('contract.kind'), input.kindLabel);
  await field(t('contract.project'), input.projectTitle);
  await field(t('contract.documentHash'), '');
  await w.block([{ text: input.documentSha256 ?? '', style: { code: true } }], { size: 9, indent: 12 });
  w.gap(10);
  await w.block([{ text: t('contract.signer'), style: { bold: true } }], { size: 12, color: ACCENT });
  await field(t('contract.name'), signature.name);
  await field(t('contract.account'), `${input.signerName} <${cert.signerEmail}> (${cert.signerRole})`);
  await field(t('contract.signedAt'), w.words.timestampUtc(signature.signedAt));
  await field(t('contract.signatureKind'), signature.imagePng ? t('contract.drawnAndTyped') : t('contract.typed'));
  await field(t('contract.ip'), cert.ip ?? unknown);
  await field(t('contract.userAgent'), cert.userAgent ?? unknown);
  if (cert.identifiedBy) await field(t('contract.identifiedBy'), cert.identifiedBy);
  await field(t('contract.consent'), t('contract.consentText'));
  w.gap(10);
  await w.block([{ text: t('contract.auditTrail'), style: { bold: true } }], { size: 12, color: ACCENT });
  w.gap(2);
  for (const event of cert.events) {
    w.ensure(60);
    await w.block(
      [
        { text: event.label, style: { bold: true } },
        { text: `  ${w.words.timestampUtc(event.at)}`, style: {} },
      ],
      { size: 10, leading: 13.5 },
    );
    const details = [
      t('contract.by', { who: event.who }),
      event.ip ? t('contract.eventIp', { ip: event.ip }) : null,
      event.note ? t('contract.note', { note: event.note }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    await w.block([{ text: details, style: {} }], { size: 9, indent: 12, color: MUTED, leading: 12 });
    if (event.userAgent) await w.block([{ text: event.userAgent, style: {} }], { size: 8, indent: 12, color: MUTED, leading: 11 });
    w.gap(4);
  }
  w.gap(8);
  w.rule();
  await w.block([{ text: t('contract.sealed', { subject: cert.sealSubject }), style: {} }], { size: 8.5, color: MUTED, leading: 12 });
}

async function decoratePages(doc: PDFDocument, fonts: PdfFonts, input: ContractPdfInput, words: PdfWords) {
  const pages = doc.getPages();
  const hash = input.documentSha256 ? `SHA-256 ${input.documentSha256.slice(0, 16)}...` : null;
  const footerOf = (page: number) => words.t('contract.footer', { agency: input.agencyName, id: input.contractId, page, pages: pages.length });
  await fonts.load(`${footerOf(0)} 0123456789`, 'regular');
  if (hash) await fonts.load(hash, 'mono');
  if (input.watermark) await fonts.load(input.watermark, 'bold');
  // The footer stands at the page's leading edge (the right on an Arabic page), the hash at the other.
  pages.forEach((page, i) => {
    const footer = footerOf(i + 1);
    const footerWidth = words.rtl ? fonts.lineWidth(footer, 'regular', 8) : 0;
    fonts.drawLine(page, footer, 'regular', {
      x: words.rtl ? PAGE.width - MARGIN.right - footerWidth : MARGIN.left,
      y: 36,
      size: 8,
      color: MUTED,
      rtl: words.rtl,
    });
    if (hash) {
      const width = fonts.lineWidth(hash, 'mono', 7.5);
      fonts.drawLine(page, hash, 'mono', { x: words.rtl ? MARGIN.left : PAGE.width - MARGIN.right - width, y: 36, size: 7.5, color: MUTED });
    }
    if (input.watermark) {
      const size = 64;
      const width = fonts.lineWidth(input.watermark, 'bold', size);
      const angle = Math.atan2(PAGE.height, PAGE.width);
      fonts.drawLine(page, input.watermark, 'bold', {
        x: PAGE.width / 2 - (Math.cos(angle) * width) / 2 + (Math.sin(angle) * size) / 3,
        y: PAGE.height / 2 - (Math.sin(angle) * width) / 2 - (Math.cos(angle) * size) / 3,
        size,
        color: rgb(0.8, 0.1, 0.1),
        opacity: 0.16,
        rotate: (angle * 180) / Math.PI,
      });
    }
  });
}

/** Builds the contract PDF (not yet saved: the seal adds its placeholder before saving). */
export async function buildContractPdf(input: ContractPdfInput): Promise<PDFDocument> {
  const words = pdfWords(input.locale);
  const { t } = words;
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setAuthor(input.agencyName);
  doc.setSubject(t('contract.subject', { kind: input.kindLabel, project: input.projectTitle }));
  if (input.locale) doc.setLanguage(input.locale);
  doc.setProducer(input.agencyName);
  doc.setCreator(input.agencyName);
  if (input.signature) {
    doc.setCreationDate(input.signature.signedAt);
    doc.setModificationDate(input.signature.signedAt);
  }
  const fonts = await PdfFonts.for(doc);
  const w = new Writer(doc, fonts, words);

  w.gap(await drawLogo(doc, w.page, input.logo, words.rtl ? PAGE.width - MARGIN.right : MARGIN.left, w.y, words.rtl));
  await w.block([{ text: input.agencyName.toUpperCase(), style: { bold: true } }], { size: 9, color: MUTED });
  w.gap(4);
  await w.block([{ text: input.title, style: { bold: true } }], { size: 20, color: INK });
  await w.block([{ text: `${input.kindLabel} · ${input.projectTitle}`, style: {} }], { size: 10, color: MUTED });
  if (input.watermark) {
    w.gap(2);
    await w.block([{ text: t('contract.preview', { watermark: input.watermark }), style: { bold: true } }], {
      size: 9,
      color: rgb(0.75, 0.1, 0.1),
    });
  }
  w.gap(4);
  w.rule();
  w.gap(6);
  await writeBlocks(w, marked.lexer(input.markdown));
  await writeSignature(w, input);
  if (input.certificate && input.signature) await writeCertificate(w, input, input.certificate, input.signature);
  await decoratePages(doc, fonts, input, words);
  return doc;
}
