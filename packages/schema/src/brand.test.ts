import { describe, expect, it } from 'vitest';
import { contrastRatio, formatContrast, primaryColorProblem, relativeLuminance, updateBrandInput } from './brand.js';

describe('relative luminance (WCAG 2)', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
  });

  it('weighs green most and blue least', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
  });

  it('linearises low channels by division, not the power curve', () => {
    // 10/255 = 0.0392 is under 0.04045: 0.0392 / 12.92
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 6);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('#fff')).toThrow();
    expect(() => relativeLuminance('blue')).toThrow();
  });
});

describe('contrast ratio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('gives the published ratios of known pairs', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#1565c0', '#ffffff')).toBeCloseTo(5.75, 2);
  });

  it('is shown rounded down so a failing ratio never reads as 4.50', () => {
    expect(formatContrast(4.4999)).toBe('4.49:1');
    expect(formatContrast(21)).toBe('21.00:1');
  });
});

describe('primary colour check', () => {
  it('accepts a colour white text reads on and refuses a light one with its ratio', () => {
    expect(primaryColorProblem('#1565c0')).toBeNull();
    expect(primaryColorProblem('#767676')).toBeNull();
    expect(primaryColorProblem('#FFEB3B')).toBe('White text on #ffeb3b has a contrast of 1.22:1; it needs at least 4.5:1. Choose a darker colour.');
  });
});

describe('brand input', () => {
  it('accepts empty fields (back to the default) and refuses bad ones', () => {
    expect(updateBrandInput.safeParse({ agency_name: '', contact_email: '', primary_color: '' }).success).toBe(true);
    expect(updateBrandInput.safeParse({ primary_color: 'red' }).success).toBe(false);
    expect(updateBrandInput.safeParse({ sender_email: 'nobody' }).success).toBe(false);
    expect(updateBrandInput.safeParse({ sender_name: 'A <b@c.d>' }).success).toBe(false);
    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: 'https://example.com' }));
    expect(updateBrandInput.safeParse({ footer_links: six }).success).toBe(false);
    expect(updateBrandInput.safeParse({ footer_links: [{ label: 'x', url: 'javascript:alert(1)' }] }).success).toBe(false);
  });
});
