import { DATE_FORMAT_OPTIONS, DATE_LOCALE } from '@agency/schema';

const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, DATE_FORMAT_OPTIONS);
const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, { day: '2-digit', month: 'short', year: 'numeric' });

function formatWith(format: Intl.DateTimeFormat, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return format.format(value instanceof Date ? value : new Date(value));
  } catch {
    // An unparseable value is shown as it came (SPEC section 2, display rules).
    return String(value);
  }
}

/** en-GB day, short month, hour and minute, e.g. "05 Mar, 14:07". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  return formatWith(dateTimeFormat, value);
}

/** en-GB day, short month and year, e.g. "05 Mar 2025". */
export function formatDate(value: string | number | Date | null | undefined): string {
  return formatWith(dateFormat, value);
}
