import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isBoardReadable, type User } from '@agency/schema';
import { Link } from 'react-router';
import { PageTitle } from '../../features/config/components/page-title';
import { ProjectContracts } from '../../features/contracts/components/project-contracts';
import { ProjectDetail } from '../../features/projects/components/project-detail';
import { ProjectStatusActions } from '../../features/projects/components/project-status-actions';
import { ProjectUploader } from '../../features/projects/components/project-uploader';
import { useProjectsT } from '../../features/projects/i18n';
import { contractPathFor } from '../../lib/contract-links';
import { boardPathFor, projectsPathFor } from '../../lib/project-links';

/** One project on an employee's dashboard (`?id=<id>`): its board, its status actions, its files and contracts. */
export function EmployeeProject({ projectId, user }: { projectId: string; user: User }) {
  const { t } = useProjectsT();
  const isLead = user.role === 'teamlead';
  return (
    <>
      <PageTitle title={t('pages.project')} />
      <ProjectDetail
        projectId={projectId}
        back={{ to: projectsPathFor(user.role), label: t('pages.myProjects') }}
        renderActions={(project) => (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {isBoardReadable(project.status) && (
              <Button
                component={Link}
                to={boardPathFor(project.id)}
                variant="outlined"
                startIcon={<ViewKanbanOutlinedIcon />}
                data-testid="open-board"
              >
                {t('pages.openBoard')}
              </Button>
            )}
            <ProjectStatusActions project={project} role={user.role} userId={user.id} />
          </Stack>
        )}
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
