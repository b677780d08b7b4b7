import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** The keyboard focus ring (index.css draws the same one outside the UI kit). */
const FOCUS_RING = '#4338ca';
const FOCUS_RING_ON_DARK = '#c7d2fe';

const options = {
  palette: {
    primary: { main: '#4338ca', dark: '#3730a3', light: '#6366f1', contrastText: '#ffffff' },
    // Status colours dark enough for white text, and for text on white and on a selected row's indigo tint
    // (#f0effb), at 4.5:1 or more.
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    warning: { main: '#a84e08', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    success: { main: '#157a3a', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A clearly visible keyboard focus ring on every button, chip, tab, switch and list item: 3 px indigo (3:1 and
    // more against the light surfaces), light indigo on the dark headers.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
          '.dark-surface &.Mui-focusVisible': { outlineColor: FOCUS_RING_ON_DARK },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e8f0' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, color: '#334155', backgroundColor: '#f8fafc' } } },
  },
} satisfies ThemeOptions;

export const theme = createTheme(options);

/**
 * The theme in the brand's primary colour (from the public config; white text on it reaches 4.5:1, the server
 * refuses any other). Its lighter and darker shades are derived by MUI. The default colour keeps the built theme.
 */
export function brandTheme(primary: string | undefined, direction: 'ltr' | 'rtl' = 'ltr') {
  const isDefault = !primary || primary.toLowerCase() === options.palette.primary.main;
  if (isDefault && direction === 'ltr') return theme;
  const palette = isDefault ? options.palette : { ...options.palette, primary: { main: primary, contrastText: '#ffffff' } };
  return createTheme({ ...options, direction, palette });
}
