import type { Role } from '@agency/schema';
import { projectPathFor } from '../../../lib/project-links';
import { useProjectsT } from '../i18n';
import { ProjectList } from './project-list';
import { StaffProjectActions } from './staff-project-actions';

/** Every project with its status actions, for admins and the super admin. */
export function StaffProjectsTable({ role, userId }: { role: Role; userId: string }) {
  const { t } = useProjectsT();
  return (
    <ProjectList
      title={t('staffTable.title')}
      subtitle={t('staffTable.subtitle')}
      getDetailPath={(projectId) => projectPathFor(role, projectId)}
      showClient
      showTeamLead
      emptyText={t('staffTable.emptyText')}
      renderActions={(project) => <StaffProjectActions project={project} role={role} userId={userId} size="small" />}
    />
  );
}
