import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ProjectContracts } from '../../features/contracts/components/project-contracts';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { ProjectDetail } from '../../features/projects/components/project-detail';
import { ProjectList } from '../../features/projects/components/project-list';
import { ProjectStatusActions } from '../../features/projects/components/project-status-actions';
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { ProjectUploader } from '../../features/projects/components/project-uploader';
import { contractPathFor } from '../../lib/contract-links';
import { projectPathFor, projectsPathFor } from '../../lib/project-links';

type EmployeeDashboardProps = { title: string; intro: string; attentionTitle: string; attentionEmpty: string };

/** Team lead and team member dashboards: the projects they are on; `?id=<id>` opens one. */
function EmployeeDashboard({ title, intro, attentionTitle, attentionEmpty }: EmployeeDashboardProps) {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;
  const isLead = user.role === 'teamlead';

  if (id) {
    return (
      <>
        <PageTitle title="Project" />
        <ProjectDetail
          projectId={id}
          back={{ to: projectsPathFor(user.role), label: 'My projects' }}
          renderActions={(project) => <ProjectStatusActions project={project} role={user.role} userId={user.id} />}
          renderExtra={(project) =>
            isLead && project.team_lead?.id === user.id ? (
              <ProjectUploader projectId={project.id} status={project.status} existingCount={project.attachments.length} />
            ) : null
          }
          renderSections={(project) => (
            <ProjectContracts project={project} role={user.role} getOpenPath={(contractId) => contractPathFor(user.role, contractId)} />
          )}
        />
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={title} />
      <WelcomeCard name={user.name}>{intro}</WelcomeCard>
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
      intro="The projects you lead: start them when work begins and complete them when they are delivered."
      attentionTitle="Ready to start"
      attentionEmpty="No approved project is waiting to start"
    />
  );
}

export function TeammemberDashboardRoute() {
  return (
    <EmployeeDashboard
      title="Team member dashboard"
      intro="The projects you are working on, with their files, team and history."
      attentionTitle="In progress"
      attentionEmpty="No project is in progress"
    />
  );
}
