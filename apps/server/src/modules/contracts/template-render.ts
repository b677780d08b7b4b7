import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import {
  CONTRACT_TEMPLATE_VARIABLES,
  currencyDecimalsOf,
  DATE_LOCALE,
  formatDate,
  isCurrency,
  templateVariablesFor,
  type ContractKind,
} from '@agency/schema';
import { marked } from 'marked';
import type SanitizeHtml from 'sanitize-html';
import { AppError } from '../../core/errors.js';

/**
 * `{{ name }}`: letters, digits, dots and underscores between double braces, spaces allowed inside. A clause that
 * needs a value is written as a section, `{{#name}}…{{/name}}`, shown only when the value is there, and its
 * wording for no value as `{{^name}}…{{/name}}` (Mustache's sections), so a document never reads "is —.".
 */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** An innermost section: its opening tag, then text holding no other opening tag, then its closing tag. */
const SECTION = /\{\{\s*([#^])\s*([^{}]*?)\s*\}\}((?:(?!\{\{\s*[#^])[\s\S])*?)\{\{\s*\/\s*\2\s*\}\}/;

const tagName = (tag: string) => tag.replace(/^[#^/]\s*/, '');

/** The variable names a text uses, each once, in order of first use (in its values and its sections). */
export function findVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) seen.add(tagName(match[1]));
  return [...seen];
}

/** The variables a text uses that a template of this kind does not offer. */
export function unknownVariables(kind: ContractKind, text: string): string[] {
  const known = new Set(templateVariablesFor(kind));
  return findVariables(text).filter((name) => !known.has(name));
}

/** The first section that is opened and not closed, or closed without being opened: its tag, as written. */
export function unbalancedSection(text: string): string | null {
  const open: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const [tag, inner] = match;
    if (inner.startsWith('#') || inner.startsWith('^')) open.push(tagName(inner));
    else if (inner.startsWith('/') && open.pop() !== tagName(inner)) return tag;
  }
  return open.length > 0 ? `{{#${open[open.length - 1]}}}` : null;
}

/** 400 naming every variable a template of this kind cannot fill, or a section left open. */
export function assertKnownVariables(kind: ContractKind, text: string): void {
  const unknown = unknownVariables(kind, text);
  if (unknown.length === 0) {
    const unbalanced = unbalancedSection(text);
    if (unbalanced)
      throw new AppError('VALIDATION_FAILED', `${unbalanced} has no matching section tag: close each {{#name}} or {{^name}} with {{/name}}`);
    return;
  }
  const all = new Set<string>(CONTRACT_TEMPLATE_VARIABLES.map((v) => v.name));
  const names = unknown.map((n) => `{{${n}}}`).join(', ');
  const otherKind = unknown.every((n) => all.has(n));
  throw new AppError(
    'UNKNOWN_TEMPLATE_VARIABLE',
    otherKind
      ? `${names} ${unknown.length === 1 ? 'is' : 'are'} not available in ${kind} contracts`
      : `Unknown template variable${unknown.length === 1 ? '' : 's'}: ${names}`,
  );
}

/** A value dropped into Markdown stays literal text: no emphasis, links, autolinked addresses or HTML sneak in through a client's name. */
export function escapeMarkdown(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~&:@]/g, (c) => `\\${c}`);
}

/** A value is text, or a list (the accepted proposal's items) written as one Markdown bullet per entry. */
export type VariableValues = Partial<Record<string, string | readonly string[] | null>>;

const isEmpty = (value: string | readonly string[] | null | undefined) =>
  value === null || value === undefined || (typeof value === 'string' ? value.trim() === '' : value.length === 0);

/**
 * Keeps each section whose condition holds (`#`: the value is there; `^`: it is not) and drops the others, then
 * replaces each variable with its value (escaped); an empty value outside a section reads as a dash. Unknown names
 * must be refused first; a section tag left unmatched (in a preview while typing) is dropped.
 */
export function substituteVariables(text: string, values: VariableValues): string {
  let out = text;
  for (let match = SECTION.exec(out); match; match = SECTION.exec(out)) {
    const [whole, kind, name, body] = match;
    const keep = (kind === '#') !== isEmpty(values[name]);
    out = out.slice(0, match.index) + (keep ? body : '') + out.slice(match.index + whole.length);
  }
  return out.replace(VARIABLE, (_match, inner: string) => {
    if (/^[#^/]/.test(inner)) return '';
    const value = values[inner];
    if (isEmpty(value)) return '—';
    return typeof value === 'string' ? escapeMarkdown(value) : value!.map((entry) => `- ${escapeMarkdown(entry)}`).join('\n');
  });
}

/**
 * The HTML sanitiser (and the CSS parser beneath it) is loaded with the first document rendered, not at every start:
 * it is needed only when a contract or a template preview is written.
 */
const require = createRequire(import.meta.url);
let sanitizer: { sanitize: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | undefined;
function loadSanitizer() {
  if (sanitizer) return sanitizer;
  const sanitize = require('sanitize-html') as typeof SanitizeHtml;
  sanitizer = { sanitize, options: sanitizeOptions(sanitize) };
  return sanitizer;
}

const sanitizeOptions = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
});

/** Markdown to HTML that is safe to show in the browser: only document tags survive. */
export function markdownToHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  const { sanitize, options } = loadSanitizer();
  return sanitize(html, options).trim();
}

export type RenderedDocument = { markdown: string; html: string };

/** The document a template and its values make: Markdown with the values in, and its HTML. */
export function renderDocument(kind: ContractKind, body: string, values: VariableValues): RenderedDocument {
  assertKnownVariables(kind, body);
  const markdown = substituteVariables(body, values);
  return { markdown, html: markdownToHtml(markdown) };
}

export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** `2027-03-01` or a Date (its UTC day) as the one date format writes a day: "01 Mar 2027". */
export function formatLongDate(value: string | Date | null): string | null {
  if (value === null) return null;
  const text = formatDate(value, { timeZone: 'UTC' });
  return text === '' || text === String(value) ? null : text;
}

/** Integer minor units with their currency, as en-GB money ("£2,500.00", "KWD 1.250"), scaled by its own decimals. */
export function formatMoney(minor: number | null, currency: string): string | null {
  if (minor === null) return null;
  const decimals = isCurrency(currency) ? currencyDecimalsOf(currency) : 2;
  return new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency }).format(minor / 10 ** decimals);
}
