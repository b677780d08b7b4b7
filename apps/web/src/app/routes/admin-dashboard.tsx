import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { InvoiceTotalsPanel } from '../../features/invoices/components/invoice-totals-panel';
import { SectionCard } from '../../components/section-card';
import { ProposalPipeline } from '../../features/proposals/components/proposal-pipeline';
import { paths } from '../../lib/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { useDashboardsT } from '../../features/dashboards/i18n';
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { StaffProjectsTable } from '../../features/projects/components/staff-projects-table';
import { projectPathFor } from '../../lib/project-links';

export function AdminDashboardRoute() {
  const { t } = useDashboardsT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={t('admin.title')} />
      <WelcomeCard name={user.name}>{t('admin.welcome')}</WelcomeCard>
      <ProjectSummaryPanel
        getDetailPath={(id) => projectPathFor(user.role, id)}
        attentionTitle={t('admin.attentionTitle')}
        attentionSubtitle={t('admin.attentionSubtitle')}
        attentionEmpty={t('admin.attentionEmpty')}
        aside={<PersonCard user={user} />}
      />
      <SectionCard
        title={t('moneyOwed.title')}
        subtitle={t('moneyOwed.subtitle')}
        action={
          <Button component={Link} to={paths.admin.invoices} variant="outlined" data-testid="dashboard-invoices-link">
            {t('moneyOwed.invoices')}
          </Button>
        }
        data-testid="dashboard-invoice-totals"
      >
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <InvoiceTotalsPanel compact />
        </Box>
      </SectionCard>
      <ProposalPipeline listPath={paths.staff.proposals} />
      <StaffProjectsTable role={user.role} userId={user.id} />
    </Box>
  );
}
