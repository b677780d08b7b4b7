import { DATE_FORMAT_OPTIONS, DATE_LOCALE } from './constants.js';

/** SPEC: time in en-GB with hour, minute, day and short month; the raw value if formatting fails. */
export function formatMessageTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    return new Intl.DateTimeFormat(DATE_LOCALE, DATE_FORMAT_OPTIONS).format(date);
  } catch {
    return String(value);
  }
}
