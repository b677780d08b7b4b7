import { PROJECT_STATUS_LABELS, PROJECT_TRANSITIONS, type ProjectStatus } from '@agency/schema';
import type { ProjectFacts } from '../../core/policy.js';
import { defineStateMachine } from '../../core/state-machine.js';

/** The project lifecycle: the shared transition table (packages/schema) with the caller's relation to the project. */
export const projectLifecycle = defineStateMachine<ProjectStatus, ProjectFacts>({
  entity: 'project',
  labels: PROJECT_STATUS_LABELS,
  edges: PROJECT_TRANSITIONS.map((edge) => ({
    from: edge.from,
    to: edge.to,
    who: (actor, project) => edge.who(actor.role, { isTeamLead: project.teamLeadId === actor.id }),
    system: edge.system,
  })),
});
