import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { degrees, StandardFonts, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Text in the PDFs the server writes, in every script a name may come in: Noto Sans (Latin, Cyrillic, Greek,
 * Vietnamese, Devanagari), Noto Sans Arabic, Noto Sans Hebrew and Noto Sans SC (Chinese, Japanese kana, Hangul),
 * from the @fontsource packages. Each character is set in the first font of its style's chain that has it, and each
 * font is embedded only when a document uses it, as a subset of the glyphs it draws. Right-to-left runs are shaped
 * by fontkit and laid out in visual order.
 *
 * The fonts are found beside the built server (apps/server/dist/fonts, which build.mjs fills from node_modules with
 * the 400 and 700 weights, upright and italic) or in node_modules when the server runs from source.
 */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic' | 'mono' | 'monoBold' | 'script';

type Range = readonly [number, number];
/** One font file and the code points it is meant for (its unicode-range). */
type Face = { kind: 'file'; file: string; ranges: readonly Range[] } | { kind: 'standard'; name: StandardFonts; ranges: readonly Range[] };

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The nearest folder, walking up from this module, that holds `relative`. */
function findUp(candidates: (dir: string) => string[]): string | null {
  let dir = HERE;
  for (let i = 0; i < 8; i++) {
    for (const candidate of candidates(dir)) if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

let packageDirs: Map<string, string> | null = null;
function packageDir(name: string): string {
  packageDirs ??= new Map();
  let dir = packageDirs.get(name);
  if (!dir) {
    const found = findUp((d) => [path.join(d, 'fonts', name), path.join(d, 'node_modules', name)]);
    if (!found) throw new Error(`PDF font package ${name} not found beside the server (dist/fonts) or in node_modules`);
    dir = found;
    packageDirs.set(name, dir);
  }
  return dir;
}

/** "U+0400-045F,U+2116" as ranges. */
export function parseUnicodeRange(text: string): Range[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [lo, hi = lo] = part.split('-');
      return [parseInt(lo, 16), parseInt(hi, 16)] as const;
    });
}

function unicodeRanges(pkg: string): Record<string, Range[]> {
  const json = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(json).map(([subset, ranges]) => [subset, parseUnicodeRange(ranges)]));
}

const NOTO_SANS_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'devanagari'];
const EVERYTHING: readonly Range[] = [[0, 0x10ffff]];
const WIN_ANSI: readonly Range[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
];

let chains: Record<FontStyle, Face[]> | null = null;

/** The fallback chain of each style: Noto Sans's subsets first, then Arabic, Hebrew and the CJK slices. */
function fontChains(): Record<FontStyle, Face[]> {
  if (chains) return chains;
  const sans = unicodeRanges('@fontsource/noto-sans');
  const arabic = unicodeRanges('@fontsource/noto-sans-arabic');
  const hebrew = unicodeRanges('@fontsource/noto-sans-hebrew');
  const cjk = unicodeRanges('@fontsource/noto-sans-sc');
  const file = (pkg: string, name: string, ranges: readonly Range[]): Face => ({
    kind: 'file',
    file: path.join(packageDir(pkg), 'files', name),
    ranges,
  });
  const chain = (weight: 400 | 700, italic: boolean): Face[] => [
    ...NOTO_SANS_SUBSETS.map((s) => file('@fontsource/noto-sans', `noto-sans-${s}-${weight}-${italic ? 'italic' : 'normal'}.woff`, sans[s])),
    file('@fontsource/noto-sans-arabic', `noto-sans-arabic-arabic-${weight}-normal.woff`, arabic.arabic),
    file('@fontsource/noto-sans-hebrew', `noto-sans-hebrew-hebrew-${weight}-normal.woff`, hebrew.hebrew),
    // The Chinese font comes in numbered slices ("[116]"), each with its own range.
    ...Object.entries(cjk)
      .filter(([slice]) => /^\[\d+\]$/.test(slice))
      .map(([slice, ranges]) => file('@fontsource/noto-sans-sc', `noto-sans-sc-${slice.slice(1, -1)}-${weight}-normal.woff`, ranges)),
  ];
  const regular = chain(400, false);
  const bold = chain(700, false);
  const italic = chain(400, true);
  chains = {
    regular,
    bold,
    italic,
    boldItalic: chain(700, true),
    // Hashes and code keep a fixed width where Courier has the characters.
    mono: [{ kind: 'standard', name: StandardFonts.Courier, ranges: WIN_ANSI }, ...regular],
    monoBold: [{ kind: 'standard', name: StandardFonts.CourierBold, ranges: WIN_ANSI }, ...bold],
    // The typed name as a signature: Dancing Script where it has the letters, Noto Sans Italic elsewhere.
    script: [{ kind: 'file', file: scriptFontFile(), ranges: EVERYTHING }, ...italic],
  };
  return chains;
}

/** Dancing Script (SIL Open Font License), shipped in apps/server/assets/fonts. */
function scriptFontFile(): string {
  const found = findUp((d) => [path.join(d, 'assets', 'fonts', 'DancingScript-Regular.ttf')]);
  if (!found) throw new Error('Signature font not found (apps/server/assets/fonts/DancingScript-Regular.ttf)');
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Font programs. The @fontsource files are WOFF (zlib-compressed TrueType). @pdf-lib/fontkit's subsetter writes the
// short `loca` format and halves glyph offsets without padding the glyph records, so a font whose glyphs have odd
// lengths (Noto Sans Arabic has hundreds) loses every glyph after the first odd one: blank shapes in the PDF while
// its text still extracts. Each program is therefore rewritten once as plain TrueType with every glyph record padded
// to four bytes, which any loca format can address.

const programs = new Map<string, Uint8Array>();
const coverage = new Map<string, Set<number>>();

type Table = { tag: string; data: Buffer };

function readTables(bytes: Buffer): { flavor: number; tables: Table[] } {
  const signature = bytes.readUInt32BE(0);
  const tables: Table[] = [];
  if (signature === 0x774f4646 /* wOFF */) {
    const count = bytes.readUInt16BE(12);
    for (let i = 0; i < count; i++) {
      const at = 44 + i * 20;
      const tag = bytes.toString('latin1', at, at + 4);
      const offset = bytes.readUInt32BE(at + 4);
      const compLength = bytes.readUInt32BE(at + 8);
      const origLength = bytes.readUInt32BE(at + 12);
      const raw = bytes.subarray(offset, offset + compLength);
      tables.push({ tag, data: compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw) });
    }
    return { flavor: bytes.readUInt32BE(4), tables };
  }
  const count = bytes.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = bytes.readUInt32BE(at + 8);
    const length = bytes.readUInt32BE(at + 12);
    tables.push({ tag: bytes.toString('latin1', at, at + 4), data: Buffer.from(bytes.subarray(offset, offset + length)) });
  }
  return { flavor: signature, tables };
}

/** glyf and loca with every glyph record padded to four bytes, loca in the long format (head says so). */
function padGlyphs(tables: Table[]): void {
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const head = find('head');
  const maxp = find('maxp');
  const loca = find('loca');
  const glyf = find('glyf');
  if (!head || !maxp || !loca || !glyf) return;
  const glyphs = maxp.data.readUInt16BE(4);
  const long = head.data.readInt16BE(50) === 1;
  const offset = (i: number) => (long ? loca.data.readUInt32BE(i * 4) : loca.data.readUInt16BE(i * 2) * 2);
  const records: Buffer[] = [];
  const newLoca = Buffer.alloc((glyphs + 1) * 4);
  let at = 0;
  for (let i = 0; i < glyphs; i++) {
    const record = glyf.data.subarray(offset(i), offset(i + 1));
    const padded = Buffer.alloc(Math.ceil(record.length / 4) * 4);
    record.copy(padded);
    newLoca.writeUInt32BE(at, i * 4);
    records.push(padded);
    at += padded.length;
  }
  newLoca.writeUInt32BE(at, glyphs * 4);
  glyf.data = Buffer.concat(records);
  loca.data = newLoca;
  head.data.writeInt16BE(1, 50);
}

function checksum(data: Buffer): number {
  const padded = data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** A TrueType font program (from WOFF or TrueType) whose glyphs survive subsetting. */
export function normaliseFontProgram(bytes: Buffer): Buffer {
  const { flavor, tables } = readTables(bytes);
  padGlyphs(tables);
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.write(table.tag, at, 4, 'latin1');
    header.writeUInt32BE(checksum(table.data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

function program(file: string): Uint8Array {
  let bytes = programs.get(file);
  if (!bytes) {
    bytes = normaliseFontProgram(fs.readFileSync(file));
    programs.set(file, bytes);
  }
  return bytes;
}

function covers(face: Face, cp: number): boolean {
  if (!face.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) return false;
  if (face.kind === 'standard') return true;
  let set = coverage.get(face.file);
  if (!set) {
    set = new Set(sharedFontkit.create(program(face.file)).characterSet);
    coverage.set(face.file, set);
  }
  return set.has(cp);
}

/**
 * One parsed font per font program, for reading which characters a font covers. Documents do not share it: fontkit
 * keeps each glyph it has met with the characters it met it for, and a document's text map (what a reader copies
 * out of the PDF) is written from those; a font shared with an earlier document (an Arabic one, whose contextual
 * forms map to other letters) wrote wrong letters into a later one ("مجمد" for "محمد", "TC" for "UTC").
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create(data, postscriptName) {
    let font = parsed.get(data);
    if (!font) {
      font = fontkit.create(data, postscriptName);
      parsed.set(data, font);
    }
    return font;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Direction.

const STRONG_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG_LTR = /[^\P{L}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** A word's direction: right-to-left letters only (R), any left-to-right letter (L), or neither (N: digits, signs). */
export function wordDirection(word: string): 'L' | 'R' | 'N' {
  if (STRONG_LTR.test(word)) return 'L';
  return STRONG_RTL.test(word) ? 'R' : 'N';
}

/**
 * The words of a left-to-right line in the order they are drawn: each stretch of right-to-left words (with the
 * signs and digits between them) reads from the right, so it is reversed; the space before each word moves with the
 * gap it stands in. `gaps[i]` is whether a space precedes word i.
 */
export function visualOrder<T>(words: readonly T[], gaps: readonly boolean[], direction: (word: T) => 'L' | 'R' | 'N'): { word: T; gap: boolean }[] {
  const items = [...words];
  const spaces = words.map((_, i) => i > 0 && gaps[i]);
  const dirs = words.map(direction);
  let i = 0;
  while (i < items.length) {
    if (dirs[i] !== 'R') {
      i += 1;
      continue;
    }
    let end = i;
    for (let k = i + 1; k < items.length && dirs[k] !== 'L'; k++) if (dirs[k] === 'R') end = k;
    if (end > i) {
      const span = items.slice(i, end + 1).reverse();
      const inner = spaces.slice(i + 1, end + 1).reverse();
      span.forEach((word, k) => (items[i + k] = word));
      inner.forEach((gap, k) => (spaces[i + 1 + k] = gap));
    }
    i = end + 1;
  }
  return items.map((word, k) => ({ word, gap: spaces[k] }));
}

/**
 * The words of a right-to-left line in the order they are drawn from the left: the whole line reversed, then each
 * stretch of left-to-right words (with the digits and signs between them) put back in reading order, so names in
 * Latin letters, numbers and amounts still read left to right.
 */
export function visualOrderRtl<T>(
  words: readonly T[],
  gaps: readonly boolean[],
  direction: (word: T) => 'L' | 'R' | 'N',
  numeric: (word: T) => boolean,
): { word: T; gap: boolean }[] {
  const n = words.length;
  // A line without right-to-left letters (a phone number, an e-mail address, a name in Latin letters) keeps its order.
  if (!words.some((word) => direction(word) === 'R')) return words.map((word, i) => ({ word, gap: i > 0 && gaps[i] }));
  // A number after left-to-right words, with only signs between, reads with them ("Hauptstraße 5", UAX #9 rule W7).
  const resolved: ('L' | 'R' | 'N')[] = [];
  let strong: 'L' | 'R' = 'R';
  for (const word of words) {
    const d = direction(word);
    if (d !== 'N') strong = d;
    resolved.push(d === 'N' && strong === 'L' && numeric(word) ? 'L' : d);
  }
  const indexed = words.map((word, i) => ({ word, i }));
  const reversedIndexed = [...indexed].reverse();
  // The space between reversed neighbours k-1 and k is the one between the original words n-k-1 and n-k.
  const reversedGaps = reversedIndexed.map((_, k) => k > 0 && gaps[n - k]);
  const swapped = ({ i }: { i: number }) => {
    const d = resolved[i];
    return d === 'L' ? 'R' : d === 'R' ? 'L' : 'N';
  };
  return visualOrder(reversedIndexed, reversedGaps, swapped).map(({ word, gap }) => ({ word: word.word, gap }));
}

// ---------------------------------------------------------------------------------------------------------------
// The fonts of one document.

export type Segment = { text: string; font: PDFFont };
/** `rtl`: the line reads from the right (an Arabic page): its words are drawn from right to left, left-to-right stretches kept in order. */
export type DrawOptions = { x: number; y: number; size: number; color?: Color; opacity?: number; rotate?: number; rtl?: boolean };

/**
 * pdf-lib draws each glyph at its advance width and ignores the positions fontkit computes (kerning, mark
 * attachment), so those features are not computed: they were most of the time spent setting a contract.
 */
const UNPOSITIONED = { kern: false, mark: false, mkmk: false, dist: false, abvm: false, blwm: false, curs: false };

const JOINERS = /[\p{M}\u200c\u200d]/u;
const REPLACEMENT = '\ufffd';

/** Text as the documents set it: composed characters, tabs and carriage returns as spaces. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/[\t\r]/g, ' ');
}

const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

/** A run of signs inside a right-to-left word, as it is drawn: in reverse, brackets mirrored (digits keep their order). */
function mirrored(segment: Segment): Segment {
  if (STRONG_RTL.test(segment.text) || /\d/.test(segment.text)) return segment;
  return {
    ...segment,
    text: [...segment.text]
      .reverse()
      .map((ch) => MIRROR[ch] ?? ch)
      .join(''),
  };
}

export class PdfFonts {
  private readonly embedded = new Map<string, PDFFont>();
  private readonly picks = new Map<FontStyle, Map<number, Face | null>>();
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  private constructor(private readonly doc: PDFDocument) {}

  static async for(doc: PDFDocument): Promise<PdfFonts> {
    // A fresh fontkit font per document (about 5 ms a contract more than sharing one): see sharedFontkit.
    doc.registerFontkit(fontkit);
    const fonts = new PdfFonts(doc);
    for (const style of ['regular', 'bold'] as const) await fonts.load(' ', style);
    return fonts;
  }

  private face(style: FontStyle, cp: number): Face | null {
    let cache = this.picks.get(style);
    if (!cache) this.picks.set(style, (cache = new Map()));
    let face = cache.get(cp);
    if (face === undefined) {
      face = fontChains()[style].find((f) => covers(f, cp)) ?? null;
      cache.set(cp, face);
    }
    return face;
  }

  private key(face: Face): string {
    return face.kind === 'file' ? face.file : face.name;
  }

  /** Embeds the fonts that `text` needs in `style`: call it before measuring or drawing that text. */
  async load(text: string, style: FontStyle): Promise<void> {
    const faces = new Set<Face>();
    for (const ch of normaliseText(text) + REPLACEMENT) {
      const face = this.face(style, ch.codePointAt(0)!);
      if (face && !this.embedded.has(this.key(face))) faces.add(face);
    }
    for (const face of faces) {
      const font =
        face.kind === 'standard'
          ? await this.doc.embedFont(face.name)
          : await this.doc.embedFont(program(face.file), { subset: true, features: UNPOSITIONED });
      this.embedded.set(this.key(face), font);
    }
  }

  private font(face: Face): PDFFont {
    const font = this.embedded.get(this.key(face));
    if (!font) throw new Error(`PDF font used before it was loaded: ${this.key(face)}`);
    return font;
  }

  /** The text cut into runs of one font each, in logical order (a right-to-left run is shaped and reversed when drawn). */
  segments(text: string, style: FontStyle): Segment[] {
    const out: Segment[] = [];
    let current: { face: Face; text: string } | null = null;
    for (const ch of normaliseText(text)) {
      const cp = ch.codePointAt(0)!;
      // A mark or joiner stays with the letter before it when that font has it, so shaping sees the whole word.
      if (current && JOINERS.test(ch) && covers(current.face, cp)) {
        current.text += ch;
        continue;
      }
      let face = this.face(style, cp);
      let shown = ch;
      if (!face) {
        face = this.face(style, REPLACEMENT.codePointAt(0)!) ?? this.face(style, 0x3f)!;
        shown = covers(face, REPLACEMENT.codePointAt(0)!) ? REPLACEMENT : '?';
      }
      if (current && current.face === face) current.text += shown;
      else {
        if (current) out.push({ text: current.text, font: this.font(current.face) });
        current = { face, text: shown };
      }
    }
    if (current) out.push({ text: current.text, font: this.font(current.face) });
    return out;
  }

  /** The first font of a style's chain: the one spaces are set in. */
  primary(style: FontStyle): PDFFont {
    return this.font(this.face(style, 0x20)!);
  }

  /** The width of a run in one font, remembered: fontkit shapes the text for every measure. */
  private textWidth(font: PDFFont, text: string, size: number): number {
    let widths = this.widths.get(font);
    if (!widths) this.widths.set(font, (widths = new Map()));
    let width = widths.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, 1);
      widths.set(text, width);
    }
    return width * size;
  }

  /** The width of one word (no reordering of words). */
  widthOf(text: string, style: FontStyle, size: number): number {
    return this.segments(text, style).reduce((sum, s) => sum + this.textWidth(s.font, s.text, size), 0);
  }

  spaceWidth(style: FontStyle, size: number): number {
    return this.textWidth(this.primary(style), ' ', size);
  }

  /** The width of a line of words. */
  lineWidth(text: string, style: FontStyle, size: number): number {
    const words = normaliseText(text).split(' ');
    return words.reduce((sum, w) => sum + (w ? this.widthOf(w, style, size) : 0), 0) + (words.length - 1) * this.spaceWidth(style, size);
  }

  /**
   * Draws words on one line from (x, y), along the direction `rotate` (degrees); returns the width drawn. Stretches of
   * right-to-left words read from the right; each `gap` is drawn as a real space, so that copied or extracted text
   * keeps it. Neighbouring runs in one font are drawn as one text, a right-to-left run on its own (fontkit shapes it
   * and puts its glyphs in visual order).
   */
  drawWords(page: PDFPage, words: readonly { text: string; style: FontStyle; gap: boolean }[], options: DrawOptions): number {
    const runs: { text: string; font: PDFFont; rtl: boolean }[] = [];
    const add = (segment: Segment) => {
      const rtl = STRONG_RTL.test(segment.text);
      const last = runs[runs.length - 1];
      if (last && last.font === segment.font && !rtl && !last.rtl) last.text += segment.text;
      else runs.push({ ...segment, rtl });
    };
    const gaps = words.map((w) => w.gap);
    const direction = (w: { text: string }) => wordDirection(w.text);
    const ordered = options.rtl ? visualOrderRtl(words, gaps, direction, (w) => /\d/.test(w.text)) : visualOrder(words, gaps, direction);
    for (const { word, gap } of ordered) {
      if (gap) add({ text: ' ', font: this.primary(word.style) });
      if (!word.text) continue;
      const segments = this.segments(word.text, word.style);
      // A right-to-left word's runs read from the right: its signs in another font ("الحالة:") go to its left, mirrored.
      if (segments.length > 1 && wordDirection(word.text) === 'R') for (const segment of segments.reverse()) add(mirrored(segment));
      else for (const segment of segments) add(segment);
    }
    const angle = ((options.rotate ?? 0) * Math.PI) / 180;
    let advance = 0;
    for (const run of runs) {
      page.drawText(run.text, {
        x: options.x + advance * Math.cos(angle),
        y: options.y + advance * Math.sin(angle),
        size: options.size,
        font: run.font,
        color: options.color,
        opacity: options.opacity,
        rotate: options.rotate ? degrees(options.rotate) : undefined,
      });
      advance += run.text
        .split(' ')
        .reduce(
          (sum, part, k) =>
            sum + (k > 0 ? this.textWidth(run.font, ' ', options.size) : 0) + (part ? this.textWidth(run.font, part, options.size) : 0),
          0,
        );
    }
    return advance;
  }

  /** Draws a line of text in one style (see drawWords); returns its width. */
  drawLine(page: PDFPage, text: string, style: FontStyle, options: DrawOptions): number {
    const words = normaliseText(text).split(' ');
    return this.drawWords(
      page,
      words.map((word, i) => ({ text: word, style, gap: i > 0 })),
      options,
    );
  }
}
