import { DATE_LOCALE } from '@agency/schema';

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

/** An amount in minor units shown in its currency, e.g. 150050 GBP -> "£1,500.50". */
export function formatMoney(minor: number | null, currency: string): string {
  if (minor === null) return 'Not set';
  try {
    return formatFor(currency).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Major units as typed ("1,500.5") to integer minor units (150050), or null when not a valid amount. */
export function toMinorUnits(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim().replace(/[,\s]/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
