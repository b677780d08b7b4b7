import { DATE_LOCALE, formatDate, formatDateTimeUtc, formatTimestampUtc, type Currency, type DateInput, type Locale } from '@agency/schema';
import type { TFunction } from 'i18next';
import { isRtl, translator } from '../i18n/index.js';

/**
 * The words, dates and amounts of a PDF in its reader's language (the `pdf` catalogue): British English when no
 * language is named. Arabic pages read right to left (`rtl`); their numbers are written in Latin digits, so that
 * amounts, dates and references read left to right inside the line as the fonts' bidirectional layout expects.
 */
export type PdfWords = {
  locale: Locale;
  rtl: boolean;
  t: TFunction;
  /** An amount in minor units with its currency's code: "EUR 1,200.00", "1.200,00 EUR". */
  money(minor: number, currency: Currency): string;
  /** A day: "05 Mar 2025", "05.03.2025". */
  date(value: DateInput): string;
  /** A moment in UTC to the minute, saying so: "05 Mar 2025, 14:07 UTC". */
  dateTimeUtc(value: DateInput): string;
  /** A moment in UTC to the second, saying so (signed documents): "05 Mar 2025, 14:07:09 UTC". */
  timestampUtc(value: DateInput): string;
  /** A country's code as its name: "GB" as "United Kingdom"; a code the runtime does not name as it is. */
  country(code: string): string;
};

/** Typographic spaces as plain ones and direction marks dropped: the amounts and dates line up and copy cleanly. */
export function plain(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

const cache = new Map<Locale, PdfWords>();

export function pdfWords(locale?: Locale | null): PdfWords {
  const chosen = locale ?? DATE_LOCALE;
  const known = cache.get(chosen);
  if (known) return known;
  const rtl = isRtl(chosen);
  // Latin digits in Arabic: numbers stay left to right inside a right-to-left line; hours from 00 to 23 in every
  // language but British English, whose formats are SPEC's own.
  const intlLocale = rtl ? `${chosen}-u-hc-h23-nu-latn` : `${chosen}-u-hc-h23`;
  const moneyFormats = new Map<Currency, Intl.NumberFormat>();
  const regions = new Intl.DisplayNames([intlLocale], { type: 'region' });
  const words: PdfWords = {
    locale: chosen,
    rtl,
    t: translator(chosen, 'pdf'),
    money(minor, currency) {
      let format = moneyFormats.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(intlLocale, { style: 'currency', currency, currencyDisplay: 'code' });
        moneyFormats.set(currency, format);
      }
      const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
      return plain(format.format(minor / 10 ** decimals));
    },
    date: (value) => plain(formatDate(value, { locale: intlLocale, timeZone: 'UTC' })),
    // British English keeps the product's own formats (SPEC section 9) to the character.
    dateTimeUtc: (value) => (chosen === DATE_LOCALE ? formatDateTimeUtc(value) : plain(formatDateTimeUtc(value, intlLocale))),
    timestampUtc: (value) => (chosen === DATE_LOCALE ? formatTimestampUtc(value) : plain(formatTimestampUtc(value, intlLocale))),
    country: (code) => regions.of(code) ?? code,
  };
  cache.set(chosen, words);
  return words;
}
