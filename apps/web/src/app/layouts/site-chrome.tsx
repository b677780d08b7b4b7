import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useConfig } from '../../features/config/hooks/use-config';
import { initialsOf } from '../../lib/initials';
import { useDashboardPath } from '../use-dashboard-path';

/** The public header and footer around a page; brand and contact lines come from the server. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const { data: config } = useConfig();
  const { user } = useAuth();
  const dashboardPath = useDashboardPath();
  const account = user && dashboardPath ? { name: user.name, initials: initialsOf(user.name), dashboardPath } : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <SkipLink />
      <SiteHeader brandName={config?.brand_name} account={account} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
      <SiteFooter brandName={config?.brand_name} contactPhone={config?.contact_phone} contactEmail={config?.contact_email} />
    </Box>
  );
}
