import type { Role } from '@agency/schema';
import { projectPathFor } from '../../../lib/project-links';
import { ProjectList } from './project-list';
import { StaffProjectActions } from './staff-project-actions';

/** Every project with its status actions, for admins and the super admin. */
export function StaffProjectsTable({ role, userId }: { role: Role; userId: string }) {
  return (
    <ProjectList
      title="Projects"
      subtitle="Search, filter by status, and move projects along."
      getDetailPath={(projectId) => projectPathFor(role, projectId)}
      showClient
      showTeamLead
      emptyText="Projects appear here when clients submit them."
      renderActions={(project) => <StaffProjectActions project={project} role={role} userId={userId} size="small" />}
    />
  );
}
