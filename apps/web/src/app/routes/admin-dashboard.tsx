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
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { StaffProjectsTable } from '../../features/projects/components/staff-projects-table';
import { projectPathFor } from '../../lib/project-links';

export function AdminDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title="Admin dashboard" />
      <WelcomeCard name={user.name}>The project pipeline: what is waiting, what is running, and what changed lately.</WelcomeCard>
      <ProjectSummaryPanel
        getDetailPath={(id) => projectPathFor(user.role, id)}
        attentionTitle="Waiting for approval"
        attentionSubtitle="The super admin reviews these; oldest first."
        attentionEmpty="No project is waiting for approval"
        aside={<PersonCard user={user} />}
      />
      <SectionCard
        title="Money owed"
        subtitle="Outstanding and overdue on sent invoices"
        action={
          <Button component={Link} to={paths.admin.invoices} variant="outlined" data-testid="dashboard-invoices-link">
            Invoices
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
