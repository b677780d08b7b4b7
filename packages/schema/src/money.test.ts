import { describe, expect, it } from 'vitest';
import {
  cardAmountProblem,
  computeInvoiceTotals,
  roundToCardAmount,
  CURRENCY_DECIMALS,
  divideHalfUp,
  minorToDecimalString,
  percentOf,
} from './money.js';

describe('divideHalfUp', () => {
  it('rounds exact halves up and everything else to the nearest', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(25n, 10n)).toBe(3n);
    expect(divideHalfUp(249n, 100n)).toBe(2n);
    expect(divideHalfUp(250n, 100n)).toBe(3n);
    expect(divideHalfUp(-25n, 10n)).toBe(-3n);
  });

  it('stays exact far beyond 2^53', () => {
    expect(divideHalfUp(10n ** 20n + 50n, 100n)).toBe(10n ** 18n + 1n);
  });
});

describe('computeInvoiceTotals, per currency', () => {
  it('GBP (2 decimals): 20 % VAT on £10.05 is £2.01 (2.01 exactly) and on £0.13 rounds 2.6p up to 3p', () => {
    expect(CURRENCY_DECIMALS.GBP).toBe(2);
    const t = computeInvoiceTotals([
      { description: 'a', quantity: 1, unit_price: 1005, tax_rate: 20 },
      { description: 'b', quantity: 1, unit_price: 13, tax_rate: 20 },
    ]);
    expect(t.lines.map((l) => l.tax)).toEqual([201, 3]);
    expect(t).toMatchObject({ subtotal: 1018, tax_total: 204, total: 1222 });
  });

  it('rounds tax per line, not on the sum: three lines of 2.5p tax are 9p, not 8p', () => {
    const line = { description: 'x', quantity: 1, unit_price: 25, tax_rate: 10 };
    const t = computeInvoiceTotals([line, line, line]);
    expect(t.lines.map((l) => l.tax)).toEqual([3, 3, 3]);
    expect(t.tax_total).toBe(9);
  });

  it('JPY (0 decimals): ¥1,005 at 10 % is ¥100.5 -> ¥101', () => {
    expect(CURRENCY_DECIMALS.JPY).toBe(0);
    const t = computeInvoiceTotals([{ description: 'a', quantity: 1, unit_price: 1005, tax_rate: 10 }]);
    expect(t).toMatchObject({ subtotal: 1005, tax_total: 101, total: 1106 });
  });

  it('KWD (3 decimals): 1.005 KWD at 5 % is 0.05025 -> 0.050, and 0.010 at 5 % is 0.0005 -> 0.001', () => {
    expect(CURRENCY_DECIMALS.KWD).toBe(3);
    const t = computeInvoiceTotals([
      { description: 'a', quantity: 1, unit_price: 1005, tax_rate: 5 },
      { description: 'b', quantity: 1, unit_price: 10, tax_rate: 5 },
    ]);
    expect(t.lines.map((l) => l.tax)).toEqual([50, 1]);
    expect(t.total).toBe(1005 + 10 + 51);
  });

  it('rounds a fractional quantity half-up: 1.5 x 333 = 499.5 -> 500', () => {
    const t = computeInvoiceTotals([{ description: 'hours', quantity: 1.5, unit_price: 333, tax_rate: 0 }]);
    expect(t.lines[0].amount).toBe(500);
  });

  it('fractional tax rates: 17.5 % of £0.10 is 1.75p -> 2p', () => {
    const t = computeInvoiceTotals([{ description: 'a', quantity: 1, unit_price: 10, tax_rate: 17.5 }]);
    expect(t.tax_total).toBe(2);
  });

  it('shares a discount over the lines so the shares add up exactly, and taxes what is left', () => {
    const t = computeInvoiceTotals(
      [
        { description: 'a', quantity: 1, unit_price: 100, tax_rate: 20 },
        { description: 'b', quantity: 1, unit_price: 100, tax_rate: 20 },
        { description: 'c', quantity: 1, unit_price: 100, tax_rate: 0 },
      ],
      100,
    );
    expect(t.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
    expect(t.lines.map((l) => l.tax)).toEqual([13, 13, 0]);
    expect(t).toMatchObject({ subtotal: 300, discount: 100, tax_total: 26, total: 226 });
  });

  it('a discount of the whole subtotal leaves nothing to tax', () => {
    const t = computeInvoiceTotals([{ description: 'a', quantity: 2, unit_price: 500, tax_rate: 20 }], 1000);
    expect(t).toMatchObject({ subtotal: 1000, tax_total: 0, total: 0 });
  });
});

describe('percentOf and display', () => {
  it('takes a deposit half-up in minor units', () => {
    expect(percentOf(150050, 30)).toBe(45015);
    expect(percentOf(3335, 30)).toBe(1001); // 1000.5 -> 1001
    expect(percentOf(1001, 30)).toBe(300); // 300.3 -> 300
  });

  it('writes minor units with each currency’s own decimals', () => {
    expect(minorToDecimalString(150050, 'GBP')).toBe('1500.50');
    expect(minorToDecimalString(5, 'GBP')).toBe('0.05');
    expect(minorToDecimalString(1500, 'JPY')).toBe('1500');
    expect(minorToDecimalString(1005, 'KWD')).toBe('1.005');
    expect(minorToDecimalString(-250, 'EUR')).toBe('-2.50');
  });
});

describe('cardAmountProblem (Stripe: a three-decimal currency is charged only in amounts ending in 0)', () => {
  it('lets every amount of a two- or zero-decimal currency through', () => {
    expect(cardAmountProblem(150051, 'GBP')).toBeNull();
    expect(cardAmountProblem(1501, 'JPY')).toBeNull();
  });

  it('lets KWD, BHD and OMR amounts ending in 0 through and names the nearest chargeable amounts otherwise', () => {
    for (const currency of ['KWD', 'BHD', 'OMR'] as const) {
      expect(cardAmountProblem(5120, currency)).toBeNull();
      expect(cardAmountProblem(0, currency)).toBeNull();
    }
    expect(cardAmountProblem(5124, 'KWD')).toBe(
      'KWD 5.124 cannot be paid by card: card payments in KWD need an amount whose last decimal is 0, such as KWD 5.120 or KWD 5.130',
    );
    expect(cardAmountProblem(5, 'OMR')).toContain('such as OMR 0.000 or OMR 0.010');
  });
});

describe('roundToCardAmount', () => {
  it('rounds a three-decimal amount half-up to the nearest ten minor units and leaves others alone', () => {
    expect(roundToCardAmount(5124, 'KWD')).toBe(5120);
    expect(roundToCardAmount(5125, 'BHD')).toBe(5130);
    expect(roundToCardAmount(4665, 'OMR')).toBe(4670);
    expect(roundToCardAmount(5120, 'KWD')).toBe(5120);
    expect(roundToCardAmount(5124, 'GBP')).toBe(5124);
    expect(roundToCardAmount(1501, 'JPY')).toBe(1501);
    for (const minor of [1, 4, 5, 9, 1234, 99995]) expect(cardAmountProblem(roundToCardAmount(minor, 'KWD'), 'KWD')).toBeNull();
  });
});
