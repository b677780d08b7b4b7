import { COUNTRY_CODES } from '@agency/schema';
import { formatLocale } from '../../../i18n';

// A company's `country` is an ISO 3166-1 alpha-2 code; its name comes from the browser's own Intl data, in the
// reader's language.

const names = new Map<string, Intl.DisplayNames>();

/** A country's name in the reader's language; an unknown code is shown as it is. */
export function countryName(code: string): string {
  const locale = formatLocale();
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, display);
  }
  return display.of(code) ?? code;
}

const options = new Map<string, readonly { value: string; label: string }[]>();

/** Every country as a choice, by name in the reader's language. */
export function countryOptions(): readonly { value: string; label: string }[] {
  const locale = formatLocale();
  let list = options.get(locale);
  if (!list) {
    list = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, locale));
    options.set(locale, list);
  }
  return list;
}
