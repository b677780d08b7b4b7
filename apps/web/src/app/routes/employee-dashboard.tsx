import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ROLE_DASHBOARD, type ProjectListItem } from '@agency/schema';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BoardSummariesPanel } from '../../features/board/components/board-summaries-panel';
import { MyCardsPanel } from '../../features/board/components/my-cards-panel';
import { localToday } from '../../features/board/utils/board-state';
import { MyTrainingSummary } from '../../features/training/components/my-training-summary';
import { TeamTrainingSummary } from '../../features/training/components/team-training-summary';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { TeamContractStatus } from '../../features/contracts/components/team-contract-status';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { ProjectList } from '../../features/projects/components/project-list';
import { ProjectStatusActions } from '../../features/projects/components/project-status-actions';
import { ProjectAttentionCard } from '../../features/projects/components/project-summary-panel';
import { useProjectsT } from '../../features/projects/i18n';
import { paths } from '../../lib/paths';
import { contractPathFor } from '../../lib/contract-links';
import { boardPathFor, projectPathFor } from '../../lib/project-links';

const trainingPath = (moduleId: string) => `${paths.employee.training}?module=${encodeURIComponent(moduleId)}`;

// One project (`?id=`) is opened from the dashboard's lists: its detail, files and contracts are fetched then.
const EmployeeProject = lazy(() => import('./employee-project').then((m) => ({ default: m.EmployeeProject })));

/** /employee-dashboardpage sends each employee to their own dashboard (and anyone else to theirs). */
export function EmployeeDashboardRedirect() {
  const { user } = useAuth();
  if (!user) return null;
  return <Navigate to={ROLE_DASHBOARD[user.role]} replace />;
}

type EmployeeDashboardProps = { title: string; intro: string };

/**
 * Team lead and team member dashboards: first what to do (cards, projects ready to start, contracts to sign, one's
 * own training), then the projects they are on, then (for a lead) how the team's boards, contracts and training
 * stand. At 1280 x 800 the first screen is work, and the whole is about two screens.
 * `?id=<id>` opens one project.
 */
function EmployeeDashboard({ title, intro }: EmployeeDashboardProps) {
  const { t } = useProjectsT();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;
  const isLead = user.role === 'teamlead';
  const openContractPath = (contractId: string) => contractPathFor(user.role, contractId);
  const statusActions = isLead
    ? (project: ProjectListItem) => <ProjectStatusActions project={project} role={user.role} userId={user.id} size="small" />
    : undefined;

  const myTraining = <MyTrainingSummary modulePath={trainingPath} trainingListPath={paths.employee.training} today={localToday()} />;

  if (id) {
    return (
      <Suspense fallback={<Loading fullPage={false} />}>
        <EmployeeProject projectId={id} user={user} />
      </Suspense>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={title} />
      <WelcomeCard name={user.name} dense>
        {intro}
      </WelcomeCard>
      <Box sx={TWO_COLUMNS} data-testid="dashboard-to-do">
        {/* A lead's own training is work to do too: under their cards, beside the projects to start and contracts. */}
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <MyCardsPanel cardPath={(card) => boardPathFor(card.project.id, card.id)} boardPath={paths.kanbanBoard} />
          {isLead && myTraining}
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {isLead && (
            <ProjectAttentionCard
              title={t('dashboard.readyToStart')}
              subtitle={t('dashboard.readySubtitle')}
              emptyTitle={t('dashboard.readyEmpty')}
              getDetailPath={(projectId) => projectPathFor(user.role, projectId)}
              renderActions={statusActions}
              hideWhenEmpty
            />
          )}
          <ContractList
            title={t('dashboard.contractsTitle')}
            subtitle={t('dashboard.contractsSubtitle')}
            action={
              <Button component={Link} to={paths.employee.teamContract} size="small">
                {t('dashboard.allContracts')}
              </Button>
            }
            filters={{ kind: 'team', signer_id: user.id, status: 'sent' }}
            getOpenPath={openContractPath}
            emptyTitle={t('dashboard.nothingToSign')}
            emptyText={t('dashboard.contractsEmpty')}
            denseEmpty
            max={{ count: CONTRACTS_SHOWN, allPath: paths.employee.teamContract }}
            data-testid="contracts-to-sign"
          />
          {!isLead && myTraining}
        </Stack>
      </Box>
      <ProjectList
        title={t('dashboard.myProjects')}
        subtitle={isLead ? t('dashboard.leadSubtitle') : t('dashboard.memberSubtitle')}
        getDetailPath={(projectId) => projectPathFor(user.role, projectId)}
        showClient
        showTeamLead
        emptyTitle={t('dashboard.emptyTitle')}
        emptyText={t('dashboard.emptyText')}
        renderActions={statusActions}
        filtersFrom={PROJECTS_WITHOUT_FILTERS}
        data-testid="employee-projects"
      />
      {isLead && (
        <Box sx={TWO_COLUMNS} data-testid="dashboard-team">
          <BoardSummariesPanel boardPath={(projectId) => boardPathFor(projectId)} />
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <TeamContractStatus leadId={user.id} getOpenPath={openContractPath} listPath={paths.employee.teamContract} />
            <TeamTrainingSummary detailsPath={paths.employee.training} />
          </Stack>
        </Box>
      )}
    </Box>
  );
}

/** The dashboard lists the first few to sign and links to the rest. */
const CONTRACTS_SHOWN = 3;

/** A short list of one's own projects needs no search box: it shows from this many on. */
const PROJECTS_WITHOUT_FILTERS = 8;

const TWO_COLUMNS = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

export function TeamleadDashboardRoute() {
  const { t } = useProjectsT();
  return <EmployeeDashboard title={t('dashboard.teamleadTitle')} intro={t('dashboard.teamleadIntro')} />;
}

export function TeammemberDashboardRoute() {
  const { t } = useProjectsT();
  return <EmployeeDashboard title={t('dashboard.teammemberTitle')} intro={t('dashboard.teammemberIntro')} />;
}
