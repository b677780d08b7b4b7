import './zod-jitless';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { CacheProvider } from '@emotion/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppProviders } from './providers';
import { brandTheme } from './theme';
import { useAuth } from '../features/auth/hooks/use-auth';
import { useConfig } from '../features/config/hooks/use-config';
import { browserLocale, isRtl, PSEUDO_LOCALE, rememberLocale, rtlCache, setLocale, startLocale } from '../i18n';
import { ToastHost } from '../components/toast-host';

// The theme has no CSS variables nor colour schemes, so it is provided as MUI's own provider provides such a theme
// (`vars: null`, through the system's provider). MUI's provider also carries the CSS-variables provider, the colour
// scheme switcher and its start-up script (about 3 KB gzip on every screen), which this app never uses.
function BrandThemeProvider({ children }: { children: ReactNode }) {
  // The brand's primary colour from the public config: the built theme until it arrives, or when it is the default.
  const primary = useConfig().data?.primary_color;
  // A right-to-left language mirrors the layout: the theme's direction and the style plugin that flips sides.
  const { i18n } = useTranslation();
  const direction = isRtl(i18n.language) ? 'rtl' : 'ltr';
  const providedTheme = useMemo(() => ({ ...brandTheme(primary, direction), vars: null }), [primary, direction]);
  const themed = (
    <ThemeProvider theme={providedTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
  const mirrored = direction === 'rtl' ? rtlCache() : null;
  return mirrored ? <CacheProvider value={mirrored}>{themed}</CacheProvider> : themed;
}

/**
 * Shows the interface in the person's language: the one on their profile once they are known (kept for the next
 * page load), else their browser's, else the agency's default. The pseudo-language of the catalogue check, once set
 * in the browser, is left alone.
 */
function LocaleSync() {
  const { user, isRestoring } = useAuth();
  const agencyDefault = useConfig().data?.default_locale;
  const picked = user?.locale ?? null;
  useEffect(() => {
    if (isRestoring || startLocale() === PSEUDO_LOCALE) return;
    if (picked) {
      rememberLocale(picked);
      void setLocale(picked);
      return;
    }
    if (user) rememberLocale(null);
    const wanted = (user ? null : startLocale()) ?? browserLocale() ?? agencyDefault;
    if (wanted) void setLocale(wanted);
  }, [agencyDefault, isRestoring, picked, user]);
  return null;
}

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <LocaleSync />
      <BrandThemeProvider>{children}</BrandThemeProvider>
    </AppProviders>
  );
}

/**
 * Parent of every screen except the landing page: data, auth state, the UI kit and the toasts load with it,
 * so "/" stays free of them. One toast container for all these screens, so a toast survives a navigation.
 */
export function UiShell() {
  return (
    <UiProviders>
      <Outlet />
      <ToastHost />
    </UiProviders>
  );
}
