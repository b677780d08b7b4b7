import { describe, expect, it } from 'vitest';
import { sectorPath, valueAxis } from './charts';

describe('chart axes and arcs', () => {
  it('ends a value axis on a whole step and ticks it about every 50 px, no closer than the smallest step', () => {
    expect(valueAxis([0, 3, 7], 300, { minStep: 1 })).toEqual({ low: 0, high: 7, ticks: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(valueAxis([1, 2], 600, { minStep: 1 }).ticks).toEqual([0, 1, 2]);
    expect(valueAxis([150050, 0], 220)).toEqual({ low: 0, high: 200000, ticks: [0, 50000, 100000, 150000, 200000] });
    expect(valueAxis([-1200, 3000], 200)).toEqual({ low: -2000, high: 3000, ticks: [-2000, -1000, 0, 1000, 2000, 3000] });
  });

  it('keeps a given end, and draws an axis for values that are all zero', () => {
    expect(valueAxis([40, 100], 600, { max: 100 }).ticks).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(valueAxis([0, 0], 300, { minStep: 1 })).toEqual({ low: 0, high: 1, ticks: [0, 1] });
  });

  it('draws a whole ring as two circles, and a sector with one arc out and one back', () => {
    expect(sectorPath(50, 50, 40, 50, 0, 2 * Math.PI).match(/A /g)).toHaveLength(4);
    expect(sectorPath(50, 50, 40, 50, 0, Math.PI / 2)).toBe('M 50 0 A 50 50 0 0 1 100 50 L 90 50 A 40 40 0 0 0 50 10 Z');
  });
});
