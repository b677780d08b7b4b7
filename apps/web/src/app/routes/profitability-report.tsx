import Box from '@mui/material/Box';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { ProfitabilityReport } from '../../features/time/components/profitability-report';
import { paths } from '../../lib/paths';
import { useTimeT } from '../../features/time/i18n';

/** /reports/profitability for admins and the super admin: what each project, client and month earned. */
export function ProfitabilityReportRoute() {
  const { t } = useTimeT();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PageTitle title={t('pages.profitabilityTitle')} />
      <PageHeading title={t('pages.profitabilityTitle')}>{t('pages.profitabilityIntro')}</PageHeading>
      <ProfitabilityReport projectPath={(id) => `${paths.staff.projects}?id=${encodeURIComponent(id)}`} />
    </Box>
  );
}
