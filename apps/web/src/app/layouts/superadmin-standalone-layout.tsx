import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/plain/skip-link';
import { paths } from '../../lib/paths';
import { DashboardAppBar } from './dashboard-app-bar';
import { useLayoutsT } from './i18n';

/** SPEC section 2: /superadmin-dashboard sits outside the super-admin template, full width. */
export function SuperadminStandaloneLayout() {
  const { t } = useLayoutsT();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <DashboardAppBar areaLabel={t('areas.superadmin')} homePath={paths.superadmin.dashboard} />
      <Toolbar />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
