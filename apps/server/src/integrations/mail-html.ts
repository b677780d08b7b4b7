import { DATE_LOCALE, type Locale } from '@agency/schema';
import type { MailAction } from '../db/schema.js';
import { isRtl, translator } from '../i18n/index.js';
import type { Brand } from './brand.js';
import { MAIL_LAYOUT_HTML } from './mail-layout.js';

/**
 * The HTML part of every e-mail: one MJML layout (mail-layout.mjml, decision 0024) around the mail's own text. MJML
 * compiles the layout once, at development time, into mail-layout.ts (`npm run mail:layout`), with markers where the
 * brand and the mail go; a mail is then one pass of string replacements. The words of each e-mail stay where they are
 * written (the text part the caller gives): the HTML part shows the same paragraphs and links, with the main link
 * (`action`) as a button. The layout's own words (the button's fallback line) and its direction follow the mail's
 * language (`locale`); an Arabic mail is laid out right to left.
 */

/** The content id of the logo, attached inline to the mail (`<img src="cid:…">`). */
export const LOGO_CID = 'brand-logo@mail';

const INK = '#18181b';
/** The compiled layout without the button, for mail without a main link. */
const LAYOUT_WITHOUT_ACTION = MAIL_LAYOUT_HTML.replace(/<!--action-->[\s\S]*<!--\/action-->/, '');

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const URL_IN_TEXT = /\b(?:https?:\/\/|mailto:)[^\s<>"]+/g;

/** A line of text as HTML: escaped, its addresses made links (a full stop or bracket after one stays text). */
function lineHtml(line: string, color: string): string {
  let out = '';
  let at = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]'"]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    out += escapeHtml(line.slice(at, match.index));
    const shown = url.startsWith('mailto:') ? url.slice('mailto:'.length) : url;
    out += `<a href="${escapeHtml(url)}" style="color:${color};word-break:break-all">${escapeHtml(shown)}</a>`;
    at = match.index + url.length;
  }
  return out + escapeHtml(line.slice(at));
}

/** Paragraphs (split at blank lines) of text as HTML; the lines of a paragraph are kept apart. */
export function paragraphsHtml(text: string, color: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '')
    .map(
      (p) =>
        `<p style="margin:0 0 16px">${p
          .split('\n')
          .map((line) => lineHtml(line, color))
          .join('<br>')}</p>`,
    )
    .join('');
}

/**
 * The text around the main link: everything before the line that carries it and that line's words (its lead-in,
 * such as "Choose a new password here:"), and everything after it. Without the link in the text, all of it comes
 * first and the button follows.
 */
export function splitAtAction(text: string, url: string): { before: string; after: string } {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.includes(url));
  if (at < 0) return { before: text, after: '' };
  const leadIn = lines[at]!.replace(url, '').replace(/\s+$/, '');
  return { before: [...lines.slice(0, at), leadIn].join('\n'), after: lines.slice(at + 1).join('\n') };
}

function footerHtml(brand: Brand, color: string): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}" style="color:${color}">${escapeHtml(label)}</a>`;
  const contact = [
    brand.contactEmail ? link(`mailto:${brand.contactEmail}`, brand.contactEmail) : '',
    brand.contactPhone ? link(`tel:${brand.contactPhone.replace(/[^+\d]/g, '')}`, brand.contactPhone) : '',
  ].filter(Boolean);
  const lines = [
    `<strong style="color:${INK}">${escapeHtml(brand.agencyName)}</strong>`,
    contact.join(' &middot; '),
    brand.footerLinks.map((l) => link(l.url, l.label)).join(' &middot; '),
  ].filter(Boolean);
  return lines.join('<br>');
}

function headerHtml(brand: Brand, withLogo: boolean, rtl: boolean): string {
  const name = escapeHtml(brand.agencyName);
  // The agency's name stays beside the logo: it is what a reader sees when the client holds pictures back.
  return withLogo
    ? `<img src="cid:${LOGO_CID}" alt="${name}" height="40" style="height:40px;max-width:200px;width:auto;border:0;vertical-align:middle;${rtl ? 'margin-left' : 'margin-right'}:12px"><span style="vertical-align:middle">${name}</span>`
    : name;
}

/** The compiled layout in a language: `lang` and `dir` on the page, and for a right-to-left language every cell that
 * MJML aligned left aligned right (mail clients read `align` and `text-align`, not logical sides). */
function layoutIn(layout: string, locale: Locale): string {
  const withLang = layout.replace('<html lang="en" dir="auto"', `<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}"`);
  return isRtl(locale) ? withLang.replace(/align="left"/g, 'align="right"').replace(/text-align:left/g, 'text-align:right') : withLang;
}

export type MailHtmlInput = {
  subject: string;
  text: string;
  action?: MailAction | null;
  brand: Brand;
  /** Whether the logo goes with the mail as an inline picture (a PNG); otherwise the agency's name stands alone. */
  withLogo: boolean;
  /** The language of the mail: the layout's own words and direction. British English when left out. */
  locale?: Locale;
};

/** The HTML part of a mail, in the brand as it is now. */
export function renderMailHtml({ subject, text, action, brand, withLogo, locale = DATE_LOCALE }: MailHtmlInput): string {
  const color = brand.primaryColor.toLowerCase();
  const layout = layoutIn(action ? MAIL_LAYOUT_HTML : LAYOUT_WITHOUT_ACTION, locale);
  const t = translator(locale, 'mail');
  const parts = action ? splitAtAction(text, action.url) : { before: text, after: '' };
  // The line a mail client shows beside the subject: the first words, without the addresses.
  const preview = text.replace(URL_IN_TEXT, '').replace(/\s+/g, ' ').trim().slice(0, 140);
  const values: Record<string, string> = {
    TITLE: escapeHtml(subject),
    PREVIEW: escapeHtml(preview),
    HEADER: headerHtml(brand, withLogo, isRtl(locale)),
    BEFORE: paragraphsHtml(parts.before, color),
    AFTER: paragraphsHtml(parts.after, color),
    HREF: action ? escapeHtml(action.url) : '',
    LABEL: action ? escapeHtml(action.label) : '',
    FALLBACK: action ? `${escapeHtml(t('layout.buttonFallback'))} ${lineHtml(action.url, color)}` : '',
    FOOTER: footerHtml(brand, color),
  };
  // One pass, so a marker inside the mail's own words is never replaced; #0a0b0c stands for the brand's colour.
  return layout.replace(/%%([A-Z]+)%%|#0a0b0c/gi, (whole, name: string | undefined) => (name ? (values[name] ?? whole) : color));
}
