import { describe, expect, it } from 'vitest';
import { canChangeProposalStatus } from './proposal-status.js';
import { computeProposalTotals, createProposalInput, depositAmount, isItemCounted } from './proposals.js';

const item = (unit_price: number, extra: Partial<{ quantity: number; tax_rate: number; optional: boolean; selected: boolean }> = {}) => ({
  description: 'Work',
  quantity: 1,
  unit_price,
  tax_rate: 0,
  optional: false,
  selected: true,
  ...extra,
});

describe('proposal totals', () => {
  it('count required items and only the optional items that are ticked', () => {
    const items = [item(100_000), item(10_000, { quantity: 1.5, tax_rate: 20 }), item(50_000, { optional: true, selected: false })];
    expect(computeProposalTotals(items, 30, 'GBP')).toEqual({ subtotal: 115_000, tax_total: 3_000, total: 118_000, deposit_amount: 35_400 });
    items[2].selected = true;
    expect(computeProposalTotals(items, 30, 'GBP')).toEqual({ subtotal: 165_000, tax_total: 3_000, total: 168_000, deposit_amount: 50_400 });
  });

  it('a required item always counts, whatever its selected flag says', () => {
    expect(isItemCounted({ optional: false, selected: false })).toBe(true);
    expect(isItemCounted({ optional: true, selected: false })).toBe(false);
  });

  it('rounds each line half-up once, as invoices do (JPY has no minor unit)', () => {
    expect(computeProposalTotals([item(333, { quantity: 1.5, tax_rate: 10 })], 50, 'JPY')).toEqual({
      subtotal: 500,
      tax_total: 50,
      total: 550,
      deposit_amount: 275,
    });
  });

  it('the deposit is the accepted total times deposit_percent, rounded to what a card takes in three-decimal currencies', () => {
    expect(depositAmount(1_394_000, 40, 'GBP')).toBe(557_600);
    expect(depositAmount(12_345, 30, 'KWD')).toBe(3_700);
    expect(depositAmount(12_345, 0, 'GBP')).toBe(0);
  });
});

describe('proposal input', () => {
  const base = { project_id: '1', title: 'Offer', valid_until: '2030-01-01', items: [item(100)] };
  it.each([
    ['a negative price', { items: [item(-1)] }, 'Unit price cannot be negative'],
    ['a price too negative to total', { items: [item(-1e308)] }, 'Unit price cannot be negative'],
    ['more than 100 items', { items: Array.from({ length: 101 }, () => item(1)) }, 'at most 100 items'],
    [
      'two items with one id',
      {
        items: [
          { ...item(1), id: 'a' },
          { ...item(2), id: 'a' },
        ],
      },
      'Item ids must be unique',
    ],
  ])('refuses %s', (_what, change, message) => {
    const result = createProposalInput.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });
});

describe('proposal lifecycle', () => {
  it('staff send and void; only a company owner accepts or declines', () => {
    expect(canChangeProposalStatus('admin', null, 'draft', 'sent')).toBe(true);
    expect(canChangeProposalStatus('client', 'owner', 'sent', 'accepted')).toBe(true);
    expect(canChangeProposalStatus('client', 'billing', 'sent', 'accepted')).toBe(false);
    expect(canChangeProposalStatus('superadmin', null, 'sent', 'accepted')).toBe(false);
    expect(canChangeProposalStatus('client', 'owner', 'expired', 'accepted')).toBe(false);
    expect(canChangeProposalStatus('admin', null, 'accepted', 'void')).toBe(false);
  });
});
