import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatDate, formatDateTime, formatFileSize, formatMoney, formatMoneyCompact, formatMonth, toMinorUnits } from './format';

describe('formatMoney', () => {
  it('shows minor units in the currency, scaled by its own decimals', () => {
    expect(formatMoney(150050, 'GBP')).toBe('£1,500.50');
    expect(formatMoney(99, 'USD')).toBe('US$0.99');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    // The yen has no minor unit: 1500 minor units are 1,500 yen, not 15.
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
    // Kuwaiti and Bahraini dinars have three decimals (Intl puts a no-break space after a currency code).
    expect(formatMoney(1234567, 'KWD')).toBe('KWD\u00a01,234.567');
    expect(formatMoney(1500, 'BHD')).toBe('BHD\u00a01.500');
  });

  it('shows negative amounts with a minus sign', () => {
    expect(formatMoney(-12345, 'GBP')).toBe('-£123.45');
    expect(formatMoney(-5, 'KWD')).toBe('-KWD\u00a00.005');
  });

  it('says "Not set" for no amount, and never guesses the decimals of a code Intl refuses', () => {
    expect(formatMoney(null, 'GBP')).toBe('Not set');
    expect(formatMoney(undefined, 'GBP')).toBe('Not set');
    expect(formatMoney(1500, 'pounds')).toBe('1500 pounds');
  });
});

describe('formatMoneyCompact', () => {
  it('shortens minor units of each currency for a chart axis, without trailing zeros', () => {
    expect(formatMoneyCompact(150050, 'GBP')).toBe('£1.5k');
    expect(formatMoneyCompact(25000, 'GBP')).toBe('£250');
    expect(formatMoneyCompact(0, 'GBP')).toBe('£0');
    expect(formatMoneyCompact(250000000, 'EUR')).toBe('€2.5m');
    // Scaled by the currency's own decimals: 1,500,000 minor units of yen are 1.5 million yen.
    expect(formatMoneyCompact(1500000, 'JPY')).toBe('JP¥1.5m');
    expect(formatMoneyCompact(1234567, 'KWD')).toBe('KWD\u00a01.2k');
    expect(formatMoneyCompact(-120000, 'GBP')).toBe('-£1.2k');
  });

  it('never guesses the decimals of a code Intl refuses', () => {
    expect(formatMoneyCompact(1500, 'pounds')).toBe('1500 pounds');
  });
});

describe('toMinorUnits', () => {
  it('reads an amount typed in major units with at most the currency’s decimals', () => {
    expect(toMinorUnits('1,500.5', 'GBP')).toBe(150050);
    expect(toMinorUnits(' 1500 ', 'GBP')).toBe(150000);
    expect(toMinorUnits('0.07', 'EUR')).toBe(7);
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(toMinorUnits('1.5', 'KWD')).toBe(1500);
    expect(toMinorUnits('1.234', 'BHD')).toBe(1234);
  });

  it('refuses more decimals than the currency has, signs, words and unknown codes', () => {
    expect(toMinorUnits('1500.50', 'JPY')).toBeNull();
    expect(toMinorUnits('1.505', 'GBP')).toBeNull();
    expect(toMinorUnits('1.2345', 'KWD')).toBeNull();
    expect(toMinorUnits('-5', 'GBP')).toBeNull();
    expect(toMinorUnits('ten', 'GBP')).toBeNull();
    expect(toMinorUnits('', 'GBP')).toBeNull();
    expect(toMinorUnits('10', 'pounds')).toBeNull();
  });

  it('round-trips with formatMoney for each kind of currency', () => {
    expect(formatMoney(toMinorUnits('1500.5', 'GBP'), 'GBP')).toBe('£1,500.50');
    expect(formatMoney(toMinorUnits('1500', 'JPY'), 'JPY')).toBe('JP¥1,500');
    expect(formatMoney(toMinorUnits('12.3', 'KWD'), 'KWD')).toBe('KWD\u00a012.300');
    expect(currencyDecimals('GBP')).toBe(2);
  });
});

describe('dates', () => {
  it('shows SPEC’s en-GB day, short month, hour and minute, and plain dates with the year', () => {
    expect(formatDateTime('2025-03-05T14:07:00.000Z')).toBe('05 Mar, 14:07');
    expect(formatDateTime(new Date('2025-12-24T09:00:00Z'))).toBe('24 Dec, 09:00');
    expect(formatDate('2025-03-05T14:07:00.000Z')).toBe('05 Mar 2025');
    expect(formatDate('2025-03-05')).toBe('05 Mar 2025');
  });

  it('shows an unparseable value as it came, and nothing for no value', () => {
    expect(formatDateTime('yesterday-ish')).toBe('yesterday-ish');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatMonth', () => {
  it('shows a calendar month as short month and year, the same in every time zone', () => {
    expect(formatMonth('2025-03')).toBe('Mar 25');
    expect(formatMonth('2024-12')).toBe('Dec 24');
    expect(formatMonth('2026-01')).toBe('Jan 26');
  });

  it('shows anything that is not a month as it came', () => {
    expect(formatMonth('2025-3')).toBe('2025-3');
    expect(formatMonth('')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('uses B and KB without decimals, MB and GB with one', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(340 * 1024 + 300)).toBe('340 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatFileSize(2 * 1024 ** 3)).toBe('2.0 GB');
  });
});
