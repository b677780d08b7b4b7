import type { ProjectFacts } from '../../core/policy.js';
import type { projects } from '../../db/schema.js';

export type ProjectRow = typeof projects.$inferSelect;

export function attachmentDownloadPath(projectId: number, attachmentId: number) {
  return `/api/projects/${projectId}/attachments/${attachmentId}/download`;
}

export function factsOf(project: ProjectRow, memberIds: readonly number[]): ProjectFacts {
  return { companyId: project.companyId, clientId: project.clientId, teamLeadId: project.teamLeadId, memberIds };
}

export const TRANSITION_ACTION = { approved: 'project:approve', rejected: 'project:reject' } as const;
export const AUDIT_ACTION = { approved: 'project.approved', rejected: 'project.rejected' } as const;

/** What the audit log keeps of a project around a change: its status and who delivers it. */
export function auditState(project: ProjectRow, memberIds: readonly number[]) {
  return {
    status: project.status,
    team_lead_id: project.teamLeadId === null ? null : String(project.teamLeadId),
    member_ids: memberIds.map(String),
  };
}
