// Every value the web app formats for people: dates and times, file sizes, money. Through Intl in the reader's
// language (en-GB by default, SPEC section 9, DESIGN section 6), formatters built once per language and shape and
// reused. Dates and times come from the shared package, which the server's e-mails, notifications and PDFs use too;
// here they read in the reader's zone and language.
import { formatLocale, i18n } from '../i18n';

export { formatDate, formatDateTime, formatFullDateTime, formatMonth, formatRelativeTime } from '@agency/schema';

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number format of the reader's language, built once per language and shape. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = formatLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Binary units as people read them on files: "12 B", "340 KB", "1.5 MB", "2.0 GB". */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes and kilobytes whole; a fraction only says something from megabytes up.
  const number =
    unit < 2
      ? numberFormat({ maximumFractionDigits: 0 }).format(value)
      : numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  return `${number} ${FILE_SIZE_UNITS[unit]}`;
}

function currencyFormat(currency: string): Intl.NumberFormat {
  return numberFormat({ style: 'currency', currency });
}

/**
 * How many digits a currency has after the point: 2 for GBP, 0 for JPY, 3 for KWD. Minor units are scaled by
 * this, never by a fixed 100. Undefined for a code Intl does not accept.
 */
export function currencyDecimals(currency: string): number | undefined {
  try {
    return currencyFormat(currency).resolvedOptions().maximumFractionDigits;
  } catch {
    return undefined;
  }
}

/** An amount in integer minor units shown in its currency: 150050 GBP -> "£1,500.50", 1500 JPY -> "JP¥1,500". */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return i18n.t('format.notSet');
  const decimals = currencyDecimals(currency);
  // A code Intl refuses: the amount in minor units with the code, rather than a guess at its decimals.
  if (decimals === undefined) return `${minor} ${currency}`;
  return currencyFormat(currency).format(minor / 10 ** decimals);
}

/**
 * An amount in minor units, short enough for a chart's axis: 150050 GBP -> "£1.5k", 25000 GBP -> "£250",
 * 1500000 JPY -> "JP¥1.5m". A code Intl refuses is shown as `formatMoney` shows it.
 */
export function formatMoneyCompact(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  if (decimals === undefined) return formatMoney(minor, currency);
  return numberFormat({ style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(
    minor / 10 ** decimals,
  );
}

/**
 * An amount typed in major units ("1,500.5") as integer minor units of the currency (150050 for GBP), or null
 * when it is not a plain non-negative amount with at most the currency's decimals (none for JPY, three for KWD).
 */
export function toMinorUnits(value: string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  if (decimals === undefined) return null;
  const fraction = decimals > 0 ? `(?:\\.(\\d{1,${decimals}}))?` : '';
  const match = new RegExp(`^(\\d+)${fraction}$`).exec(value.trim().replace(/[,\s]/g, ''));
  if (!match) return null;
  const [, whole = '0', digits = ''] = match;
  return Number(whole) * 10 ** decimals + Number(digits.padEnd(decimals, '0') || '0');
}
