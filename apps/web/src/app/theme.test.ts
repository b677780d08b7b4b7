import { describe, expect, it } from 'vitest';
import { brandTheme, theme } from './theme';

describe('the brand theme', () => {
  it("takes the brand's primary colour and derives its shades", () => {
    const branded = brandTheme('#0B5D1E');
    expect(branded.palette.primary.main).toBe('#0B5D1E');
    expect(branded.palette.primary.contrastText).toBe('#ffffff');
    expect(branded.palette.primary.dark).not.toBe(theme.palette.primary.dark);
    // Everything else stays the app's own.
    expect(branded.palette.secondary.main).toBe(theme.palette.secondary.main);
    expect(branded.shape.borderRadius).toBe(10);
  });

  it('keeps the built theme for the default colour or none', () => {
    expect(brandTheme(undefined)).toBe(theme);
    expect(brandTheme('#4338CA')).toBe(theme);
  });
});
