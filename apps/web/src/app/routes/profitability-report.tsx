import Box from '@mui/material/Box';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { ProfitabilityReport } from '../../features/time/components/profitability-report';
import { paths } from '../../lib/paths';

/** /reports/profitability for admins and the super admin: what each project, client and month earned. */
export function ProfitabilityReportRoute() {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PageTitle title="Profitability" />
      <PageHeading title="Profitability">
        What the agency earned: issued invoices against time at each person’s cost rate and expenses, by project, client or month.
      </PageHeading>
      <ProfitabilityReport projectPath={(id) => `${paths.staff.projects}?id=${encodeURIComponent(id)}`} />
    </Box>
  );
}
