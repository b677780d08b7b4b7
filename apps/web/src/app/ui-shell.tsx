import { TOAST_AUTO_CLOSE_MS } from '@agency/schema';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './providers';
import { theme } from './theme';

// Validation without zod's compiled fast path: its `new Function` probe would break the Content-Security-Policy
// (no 'unsafe-eval'), and the forms it checks are small. Set here, with the first screen that validates: the light
// public pages check their fields without zod, and the landing page has none.
zodConfig({ jitless: true });

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </AppProviders>
  );
}

/**
 * Parent of every screen except the landing page: data, auth state, the UI kit and the toasts load with it,
 * so "/" stays free of them. One ToastContainer for all these screens, so a toast survives a navigation.
 */
export function UiShell() {
  return (
    <UiProviders>
      <Outlet />
      <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover />
    </UiProviders>
  );
}
