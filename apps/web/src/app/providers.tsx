import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from './query-client';
import { LiveUpdates } from './live-updates';

// One client per page load, kept across remounts of the shell (leaving for the landing page and coming back).
const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveUpdates />
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
