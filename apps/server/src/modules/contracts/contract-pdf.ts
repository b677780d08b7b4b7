import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { marked, type Token, type Tokens } from 'marked';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { formatUtc } from './template-render.js';

/**
 * The contract as a PDF, laid out with pdf-lib from the frozen Markdown: the document, the signature (the drawn
 * image, or the typed name in a script font), and for a signed contract a certificate page with the audit trail
 * and the document's SHA-256. A preview carries a watermark across every page.
 */
export type PdfSignature = { name: string; signedAt: Date; imagePng: Buffer | null };

export type CertificateEvent = { label: string; who: string; at: Date; ip: string | null; userAgent: string | null; note: string | null };

export type Certificate = {
  signerEmail: string;
  signerRole: string;
  ip: string | null;
  userAgent: string | null;
  events: CertificateEvent[];
  sealSubject: string;
};

export type ContractPdfInput = {
  contractId: number;
  title: string;
  projectTitle: string;
  agencyName: string;
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
type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont; mono: PDFFont; monoBold: PDFFont };

let scriptFontBytes: Buffer | null = null;

/** Dancing Script (SIL Open Font License), shipped in apps/server/assets/fonts: the typed name as a signature. */
function scriptFont(): Buffer {
  if (scriptFontBytes) return scriptFontBytes;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'assets', 'fonts', 'DancingScript-Regular.ttf');
    if (fs.existsSync(candidate)) return (scriptFontBytes = fs.readFileSync(candidate));
    dir = path.dirname(dir);
  }
  throw new Error('Signature font not found (apps/server/assets/fonts/DancingScript-Regular.ttf)');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m);
/** Letters that do not decompose into a WinAnsi letter and an accent. */
const LETTER_FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', ß: 'ss' };
const stripTags = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, ''));

/** Lays text out on pages: word wrap over runs of mixed styles, page breaks, indentation. */
class Writer {
  page!: PDFPage;
  y = 0;
  private readonly encodable: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.encodable = new Set(fonts.regular.getCharacterSet());
    this.newPage();
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

  /** The standard fonts speak WinAnsi only: accents are kept where they exist there, others fall back to the bare letter. */
  safe(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\t\r]/g, ' ')) {
      const cp = ch.codePointAt(0)!;
      if (this.encodable.has(cp)) out += ch;
      else {
        const bare = LETTER_FALLBACK[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
        out += [...bare].every((c) => this.encodable.has(c.codePointAt(0)!)) && bare ? bare : '?';
      }
    }
    return out;
  }

  font(style: Style): PDFFont {
    if (style.code) return style.bold ? this.fonts.monoBold : this.fonts.mono;
    if (style.bold && style.italic) return this.fonts.boldItalic;
    if (style.bold) return this.fonts.bold;
    if (style.italic) return this.fonts.italic;
    return this.fonts.regular;
  }

  /** Writes runs as one wrapped block; `indent` moves the left edge, `firstLinePrefix` hangs a bullet or number before it. */
  block(
    runs: Run[],
    opts: { size?: number; leading?: number; indent?: number; color?: ReturnType<typeof rgb>; prefix?: Run; maxWidth?: number } = {},
  ) {
    const size = opts.size ?? 10.5;
    const leading = opts.leading ?? size * 1.45;
    const left = MARGIN.left + (opts.indent ?? 0);
    const width = Math.min(opts.maxWidth ?? CONTENT_WIDTH, CONTENT_WIDTH - (opts.indent ?? 0));
    const color = opts.color ?? INK;

    type Piece = { text: string; style: Style; width: number; space: boolean; newline?: boolean };
    const pieces: Piece[] = [];
    let pendingSpace = false;
    for (const run of runs) {
      const text = this.safe(run.text);
      const font = this.font(run.style);
      for (const part of text.split(/(\n| +)/)) {
        if (part === '') continue;
        if (part === '\n') {
          pieces.push({ text: '', style: run.style, width: 0, space: false, newline: true });
          pendingSpace = false;
        } else if (/^ +$/.test(part)) pendingSpace = true;
        else {
          // A word wider than the line (a hash, a user agent) is cut into pieces that fit.
          let rest = part;
          let first = true;
          while (rest.length > 0) {
            let n = rest.length;
            while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n -= 1;
            const chunk = rest.slice(0, n);
            pieces.push({ text: chunk, style: run.style, width: font.widthOfTextAtSize(chunk, size), space: first && pendingSpace });
            rest = rest.slice(n);
            first = false;
          }
          pendingSpace = false;
        }
      }
    }

    const lines: Piece[][] = [[]];
    let lineWidth = 0;
    for (const piece of pieces) {
      const line = lines[lines.length - 1];
      if (piece.newline) {
        lines.push([]);
        lineWidth = 0;
        continue;
      }
      const spaceWidth = piece.space && line.length > 0 ? this.font(piece.style).widthOfTextAtSize(' ', size) : 0;
      if (line.length > 0 && lineWidth + spaceWidth + piece.width > width) {
        lines.push([{ ...piece, space: false }]);
        lineWidth = piece.width;
      } else {
        line.push(piece);
        lineWidth += spaceWidth + piece.width;
      }
    }

    lines.forEach((line, index) => {
      this.ensure(leading);
      const baseline = this.y - size;
      if (index === 0 && opts.prefix) {
        const prefixFont = this.font(opts.prefix.style);
        const prefix = this.safe(opts.prefix.text);
        this.page.drawText(prefix, { x: left - prefixFont.widthOfTextAtSize(prefix, size) - 5, y: baseline, size, font: prefixFont, color });
      }
      let x = left;
      line.forEach((piece, i) => {
        const font = this.font(piece.style);
        if (piece.space && i > 0) x += font.widthOfTextAtSize(' ', size);
        this.page.drawText(piece.text, { x, y: baseline, size, font, color });
        x += piece.width;
      });
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

function writeBlocks(w: Writer, tokens: Token[], indent = 0) {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const h = token as Tokens.Heading;
        const size = HEADING_SIZE[h.depth] ?? 10.5;
        w.gap(size * 0.6);
        w.ensure(size * 3);
        w.block(inlineRuns(h.tokens, { bold: true }), { size, indent, color: h.depth <= 2 ? ACCENT : INK });
        w.gap(2);
        break;
      }
      case 'paragraph':
        w.block(inlineRuns((token as Tokens.Paragraph).tokens), { indent });
        w.gap(6);
        break;
      case 'text': {
        const t = token as Tokens.Text;
        w.block(t.tokens ? inlineRuns(t.tokens) : [{ text: t.text, style: {} }], { indent });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        list.items.forEach((item, i) => {
          const prefix: Run = { text: list.ordered ? `${start + i}.` : '•', style: {} };
          const [first, ...rest] = item.tokens;
          const itemIndent = indent + 16;
          if (first && (first.type === 'text' || first.type === 'paragraph')) {
            const t = first as Tokens.Text;
            w.block(t.tokens ? inlineRuns(t.tokens) : [{ text: t.text, style: {} }], { indent: itemIndent, prefix });
            writeBlocks(w, rest, itemIndent);
          } else {
            w.block([{ text: '', style: {} }], { indent: itemIndent, prefix });
            writeBlocks(w, item.tokens, itemIndent);
          }
          if (list.loose) w.gap(4);
        });
        w.gap(6);
        break;
      }
      case 'blockquote':
        writeBlocks(w, (token as Tokens.Blockquote).tokens, indent + 14);
        break;
      case 'hr':
        w.rule();
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n')) w.block([{ text: line || ' ', style: { code: true } }], { size: 9, indent });
        w.gap(6);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[], bold: boolean) =>
          cells.flatMap((cell, i) => [...(i > 0 ? [{ text: '  |  ', style: {} }] : []), ...inlineRuns(cell.tokens, { bold })]);
        w.block(row(table.header, true), { indent });
        for (const r of table.rows) w.block(row(r, false), { indent });
        w.gap(6);
        break;
      }
      case 'html':
        w.block([{ text: stripTags((token as Tokens.HTML).text), style: {} }], { indent });
        break;
      case 'space':
        break;
      default:
        if ('text' in token && typeof token.text === 'string') w.block([{ text: token.text, style: {} }], { indent });
    }
  }
}

async function embedSignatureImage(doc: PDFDocument, png: Buffer): Promise<PDFImage> {
  return doc.embedPng(png);
}

async function writeSignature(w: Writer, input: ContractPdfInput) {
  w.gap(18);
  w.ensure(150);
  w.block([{ text: 'Signature', style: { bold: true } }], { size: 12, color: ACCENT });
  w.gap(4);
  const signature = input.signature;
  if (!signature) {
    w.gap(36);
    w.rule(INK, 0.6);
    w.block([{ text: `${input.signerName}: awaiting signature`, style: {} }], { size: 9.5, color: MUTED });
    return;
  }
  if (signature.imagePng) {
    const image = await embedSignatureImage(w.doc, signature.imagePng);
    const scale = Math.min(220 / image.width, 80 / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    w.ensure(height + 40);
    w.page.drawImage(image, { x: MARGIN.left, y: w.y - height, width, height });
    w.y -= height + 4;
  } else {
    const font = await w.doc.embedFont(scriptFont(), { subset: true });
    const size = 30;
    w.ensure(size * 1.6 + 40);
    const chars = new Set(font.getCharacterSet());
    const name = [...signature.name].map((c) => (chars.has(c.codePointAt(0)!) ? c : '?')).join('');
    w.page.drawText(name, { x: MARGIN.left + 4, y: w.y - size, size, font, color: rgb(0.07, 0.15, 0.42) });
    w.y -= size * 1.5;
  }
  w.rule(INK, 0.6);
  w.block(
    [
      { text: signature.name, style: { bold: true } },
      { text: `  signed electronically on ${formatUtc(signature.signedAt)}`, style: {} },
    ],
    { size: 9.5, color: MUTED },
  );
}

function writeCertificate(w: Writer, input: ContractPdfInput, cert: Certificate, signature: PdfSignature) {
  w.newPage();
  w.block([{ text: 'Certificate of signature', style: { bold: true } }], { size: 18, color: ACCENT });
  w.block([{ text: `${input.agencyName} · contract #${input.contractId}`, style: {} }], { size: 10, color: MUTED });
  w.gap(8);
  const field = (label: string, value: string, mono = false) => {
    w.block(
      [
        { text: `${label}  `, style: { bold: true } },
        { text: value, style: { code: mono } },
      ],
      { size: mono ? 9 : 10, leading: 14 },
    );
  };
  field('Document', input.title);
  field('Kind', input.kindLabel);
  field('Project', input.projectTitle);
  field('Document SHA-256', '');
  w.block([{ text: input.documentSha256 ?? '', style: { code: true } }], { size: 9, indent: 12 });
  w.gap(10);
  w.block([{ text: 'Signer', style: { bold: true } }], { size: 12, color: ACCENT });
  field('Name', signature.name);
  field('Account', `${input.signerName} <${cert.signerEmail}> (${cert.signerRole})`);
  field('Signed at', formatUtc(signature.signedAt));
  field('Signature', signature.imagePng ? 'Drawn signature and typed name' : 'Typed name');
  field('IP address', cert.ip ?? 'unknown');
  field('User agent', cert.userAgent ?? 'unknown');
  field('Consent', 'The signer agreed to sign electronically.');
  w.gap(10);
  w.block([{ text: 'Audit trail', style: { bold: true } }], { size: 12, color: ACCENT });
  w.gap(2);
  for (const event of cert.events) {
    w.ensure(60);
    w.block(
      [
        { text: event.label, style: { bold: true } },
        { text: `  ${formatUtc(event.at)}`, style: {} },
      ],
      { size: 10, leading: 13.5 },
    );
    const details = [`By ${event.who}`, event.ip ? `IP ${event.ip}` : null, event.note ? `Note: ${event.note}` : null].filter(Boolean).join(' · ');
    w.block([{ text: details, style: {} }], { size: 9, indent: 12, color: MUTED, leading: 12 });
    if (event.userAgent) w.block([{ text: event.userAgent, style: {} }], { size: 8, indent: 12, color: MUTED, leading: 11 });
    w.gap(4);
  }
  w.gap(8);
  w.rule();
  w.block(
    [
      {
        text:
          `This document is sealed with a digital signature (PKCS#7) issued to ${cert.sealSubject}. ` +
          'Any change to the file after sealing makes the seal invalid; a PDF reader that checks signatures (Adobe Reader, pdfsig) shows whether it is intact. ' +
          'The document SHA-256 above is the hash of the contract text the signer was shown, as frozen when it was sent.',
        style: {},
      },
    ],
    { size: 8.5, color: MUTED, leading: 12 },
  );
}

function decoratePages(doc: PDFDocument, fonts: Fonts, input: ContractPdfInput) {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = `${input.agencyName} · contract #${input.contractId} · page ${i + 1} of ${pages.length}`;
    page.drawText(footer, { x: MARGIN.left, y: 36, size: 8, font: fonts.regular, color: MUTED });
    if (input.documentSha256) {
      const hash = `SHA-256 ${input.documentSha256.slice(0, 16)}…`;
      const width = fonts.mono.widthOfTextAtSize(hash.replace('…', '...'), 7.5);
      page.drawText(hash.replace('…', '...'), { x: PAGE.width - MARGIN.right - width, y: 36, size: 7.5, font: fonts.mono, color: MUTED });
    }
    if (input.watermark) {
      const size = 64;
      const width = fonts.bold.widthOfTextAtSize(input.watermark, size);
      const angle = Math.atan2(PAGE.height, PAGE.width);
      page.drawText(input.watermark, {
        x: PAGE.width / 2 - (Math.cos(angle) * width) / 2 + (Math.sin(angle) * size) / 3,
        y: PAGE.height / 2 - (Math.sin(angle) * width) / 2 - (Math.cos(angle) * size) / 3,
        size,
        font: fonts.bold,
        color: rgb(0.8, 0.1, 0.1),
        opacity: 0.16,
        rotate: degrees((angle * 180) / Math.PI),
      });
    }
  });
}

/** Builds the contract PDF (not yet saved: the seal adds its placeholder before saving). */
export async function buildContractPdf(input: ContractPdfInput): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(input.title);
  doc.setAuthor(input.agencyName);
  doc.setSubject(`${input.kindLabel} for ${input.projectTitle}`);
  doc.setProducer(input.agencyName);
  doc.setCreator(input.agencyName);
  if (input.signature) {
    doc.setCreationDate(input.signature.signedAt);
    doc.setModificationDate(input.signature.signedAt);
  }
  const [regular, bold, italic, boldItalic, mono, monoBold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
    doc.embedFont(StandardFonts.HelveticaBoldOblique),
    doc.embedFont(StandardFonts.Courier),
    doc.embedFont(StandardFonts.CourierBold),
  ]);
  const fonts: Fonts = { regular, bold, italic, boldItalic, mono, monoBold };
  const w = new Writer(doc, fonts);

  w.block([{ text: input.agencyName.toUpperCase(), style: { bold: true } }], { size: 9, color: MUTED });
  w.gap(4);
  w.block([{ text: input.title, style: { bold: true } }], { size: 20, color: INK });
  w.block([{ text: `${input.kindLabel} · ${input.projectTitle}`, style: {} }], { size: 10, color: MUTED });
  if (input.watermark) {
    w.gap(2);
    w.block([{ text: `${input.watermark} · a preview, not a signed document`, style: { bold: true } }], { size: 9, color: rgb(0.75, 0.1, 0.1) });
  }
  w.gap(4);
  w.rule();
  w.gap(6);
  writeBlocks(w, marked.lexer(input.markdown));
  await writeSignature(w, input);
  if (input.certificate && input.signature) writeCertificate(w, input, input.certificate, input.signature);
  decoratePages(doc, fonts, input);
  return doc;
}
