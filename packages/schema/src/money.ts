import { z } from 'zod';

/**
 * Money is an integer number of minor units with its currency beside it, everywhere (STYLE 18). Each currency
 * has its own number of decimals (ISO 4217): two for the pound, none for the yen, three for the Kuwaiti dinar.
 * Amounts are never scaled by a fixed 100.
 */
export const CURRENCY_DECIMALS = {
  GBP: 2,
  EUR: 2,
  USD: 2,
  CHF: 2,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
} as const satisfies Record<string, 0 | 2 | 3>;

export type Currency = keyof typeof CURRENCY_DECIMALS;
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as [Currency, ...Currency[]];
export const currencySchema = z.enum(CURRENCIES, { error: `Unknown currency; use one of ${CURRENCIES.join(', ')}` });

export function currencyDecimalsOf(currency: Currency): number {
  return CURRENCY_DECIMALS[currency];
}

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(CURRENCY_DECIMALS, value);
}

/**
 * Stripe takes a three-decimal currency (KWD, BHD, OMR; JOD and TND too) for card payments only in amounts whose last
 * digit is 0, "to ensure compatibility with Stripe's payments partners": 5.124 KWD must be charged as 5.120 or 5.130.
 * What is wrong with charging `minor` units of `currency` by card, or null when it can be charged.
 */
export function cardAmountProblem(minor: number, currency: Currency): string | null {
  if (CURRENCY_DECIMALS[currency] !== 3 || minor % 10 === 0) return null;
  const shown = (units: number) => `${currency} ${(units / 1000).toFixed(3)}`;
  const lower = minor - (minor % 10);
  return (
    `${shown(minor)} cannot be paid by card: card payments in ${currency} need an amount whose last decimal is 0, ` +
    `such as ${shown(lower)} or ${shown(lower + 10)}`
  );
}

/**
 * An amount the product computes itself (the deposit, a share of the budget) made chargeable by card: in a
 * three-decimal currency rounded half-up to the nearest ten minor units, as Stripe asks; any other amount as it is.
 */
export function roundToCardAmount(minor: number, currency: Currency): number {
  if (CURRENCY_DECIMALS[currency] !== 3) return minor;
  return Number(divideHalfUp(BigInt(minor), 10n)) * 10;
}

/**
 * `numerator / denominator` rounded half-up (away from zero at exactly one half) to a whole number, in exact
 * integer arithmetic. The one rounding rule for money: a line's amount and a line's tax both go through it.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const rounded = (n * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** Quantities are kept to two decimals and tax rates (percent) to three: both become exact integers. */
export const QUANTITY_SCALE = 100;
export const TAX_RATE_SCALE = 1000;

export type InvoiceLineInput = { description: string; quantity: number; unit_price: number; tax_rate: number };
export type ComputedLine = InvoiceLineInput & { amount: number; discount: number; tax: number };
export type InvoiceTotals = { lines: ComputedLine[]; subtotal: number; discount: number; tax_total: number; total: number };

function scaled(value: number, scale: number): bigint {
  return BigInt(Math.round(value * scale));
}

/**
 * Totals of an invoice from its lines and discount, in minor units. Per line: amount = quantity x unit price,
 * rounded half-up to the minor unit; the discount is shared over the lines in proportion to their amounts
 * (largest remainders get the leftover units, so the shares add up exactly); tax = the rate on the line's
 * discounted amount, rounded half-up per line. The server always recomputes these; a caller's figures are ignored.
 */
export function computeInvoiceTotals(lines: readonly InvoiceLineInput[], discount = 0): InvoiceTotals {
  const amounts = lines.map((line) => divideHalfUp(scaled(line.quantity, QUANTITY_SCALE) * BigInt(line.unit_price), BigInt(QUANTITY_SCALE)));
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  const totalDiscount = BigInt(discount);
  const shares = shareDiscount(amounts, subtotal, totalDiscount);
  const computed = lines.map((line, i) => {
    const taxable = amounts[i] - shares[i];
    const tax = divideHalfUp(taxable * scaled(line.tax_rate, TAX_RATE_SCALE), BigInt(100 * TAX_RATE_SCALE));
    return { ...line, amount: Number(amounts[i]), discount: Number(shares[i]), tax: Number(tax) };
  });
  const taxTotal = computed.reduce((sum, line) => sum + BigInt(line.tax), 0n);
  return {
    lines: computed,
    subtotal: Number(subtotal),
    discount: Number(totalDiscount),
    tax_total: Number(taxTotal),
    total: Number(subtotal - totalDiscount + taxTotal),
  };
}

/** The discount in proportion to each amount, in whole minor units that add up to the discount exactly. */
function shareDiscount(amounts: readonly bigint[], subtotal: bigint, discount: bigint): bigint[] {
  if (discount === 0n || subtotal === 0n) return amounts.map(() => 0n);
  const exact = amounts.map((amount) => amount * discount);
  const shares = exact.map((value) => value / subtotal);
  let left = discount - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value % subtotal }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares;
}

/** A percentage of an amount in minor units, rounded half-up (the deposit: 30 % of the budget). */
export function percentOf(amount: number, percent: number): number {
  return Number(divideHalfUp(BigInt(amount) * scaled(percent, TAX_RATE_SCALE), BigInt(100 * TAX_RATE_SCALE)));
}

/** Minor units as a plain decimal string in the currency's own decimals: 150050 GBP -> "1500.50", 1500 JPY -> "1500". */
export function minorToDecimalString(minor: number, currency: Currency): string {
  const decimals = currencyDecimalsOf(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  const fraction = decimals ? `.${digits.slice(-decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
