import { COUNTRY_CODES, DATE_LOCALE } from '@agency/schema';

// A company's `country` is an ISO 3166-1 alpha-2 code; its name comes from the browser's own Intl data, in the app's
// English.

let names: Intl.DisplayNames | undefined;

/** A country's English name; an unknown code is shown as it is. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames([DATE_LOCALE], { type: 'region', fallback: 'code' });
  return names.of(code) ?? code;
}

let options: { value: string; label: string }[] | undefined;

/** Every country as a choice, by name. */
export function countryOptions(): readonly { value: string; label: string }[] {
  options ??= COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, DATE_LOCALE));
  return options;
}
