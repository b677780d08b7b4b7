import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ROLE_DASHBOARD } from '@agency/schema';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { BoardSummariesPanel } from '../../features/board/components/board-summaries-panel';
import { MyCardsPanel } from '../../features/board/components/my-cards-panel';
import { localToday } from '../../features/board/utils/board-state';
import { MyTrainingSummary } from '../../features/training/components/my-training-summary';
import { TrainingProgress } from '../../features/training/components/training-progress';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { TeamContractStatus } from '../../features/contracts/components/team-contract-status';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { ProjectList } from '../../features/projects/components/project-list';
import { ProjectStatusActions } from '../../features/projects/components/project-status-actions';
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
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

type EmployeeDashboardProps = { title: string; intro: string; attentionTitle: string; attentionEmpty: string };

/** Team lead and team member dashboards: the projects they are on; `?id=<id>` opens one. */
function EmployeeDashboard({ title, intro, attentionTitle, attentionEmpty }: EmployeeDashboardProps) {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;
  const isLead = user.role === 'teamlead';
  const openContractPath = (contractId: string) => contractPathFor(user.role, contractId);

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
      <WelcomeCard name={user.name}>{intro}</WelcomeCard>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <MyCardsPanel cardPath={(card) => boardPathFor(card.project.id, card.id)} boardPath={paths.kanbanBoard} />
          <ContractList
            title="Team contracts to sign"
            subtitle="Your engagement for each project you join"
            action={
              <Button component={Link} to={paths.employee.teamContract} size="small">
                All my contracts
              </Button>
            }
            filters={{ kind: 'team', signer_id: user.id, status: 'sent' }}
            getOpenPath={openContractPath}
            emptyTitle="Nothing to sign"
            emptyText="When you join a project, its team contract appears here to sign."
            data-testid="contracts-to-sign"
          />
        </Stack>
        <MyTrainingSummary modulePath={trainingPath} today={localToday()} />
      </Box>
      {isLead && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <BoardSummariesPanel boardPath={(projectId) => boardPathFor(projectId)} />
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <TrainingProgress title="Team training" subtitle="The people on the projects you lead, and you" />
            <TeamContractStatus leadId={user.id} getOpenPath={openContractPath} listPath={paths.employee.teamContract} />
          </Stack>
        </Box>
      )}
      <ProjectSummaryPanel
        getDetailPath={(projectId) => projectPathFor(user.role, projectId)}
        attentionTitle={attentionTitle}
        attentionEmpty={attentionEmpty}
        aside={<PersonCard user={user} />}
        renderAttentionActions={
          isLead ? (project) => <ProjectStatusActions project={project} role={user.role} userId={user.id} size="small" /> : undefined
        }
      />
      <ProjectList
        title="My projects"
        subtitle={isLead ? 'Projects you lead or work on.' : 'Projects you work on.'}
        getDetailPath={(projectId) => projectPathFor(user.role, projectId)}
        showClient
        showTeamLead
        emptyTitle="You are not on a project yet"
        emptyText="Projects appear here once you are added to a team."
        renderActions={isLead ? (project) => <ProjectStatusActions project={project} role={user.role} userId={user.id} size="small" /> : undefined}
        data-testid="employee-projects"
      />
    </Box>
  );
}

export function TeamleadDashboardRoute() {
  return (
    <EmployeeDashboard
      title="Team lead dashboard"
      intro="Your boards, your team's training and the projects you lead: start them when work begins and complete them when they are delivered."
      attentionTitle="Ready to start"
      attentionEmpty="No approved project is waiting to start"
    />
  );
}

export function TeammemberDashboardRoute() {
  return (
    <EmployeeDashboard
      title="Team member dashboard"
      intro="Your cards for today, the training assigned to you, and the projects you work on."
      attentionTitle="In progress"
      attentionEmpty="No project is in progress"
    />
  );
}
