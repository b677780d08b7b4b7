import type { ApproveProjectInput } from '@agency/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { DbOrTx } from '../../../db/client.js';
import { projectMembers, users } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { transition } from '../transitions.js';

async function assertEmployees(db: DbOrTx, ids: number[], roles: ('teamlead' | 'teammember')[], label: string) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.role, roles), eq(users.status, 'active')));
  if (rows.length !== new Set(ids).size) throw new AppError('UNPROCESSABLE', `${label} must be active employees`);
}

export function approveProject(deps: ProjectDeps) {
  return async (actor: Actor, id: number, input: ApproveProjectInput) => {
    const leadId = Number(input.team_lead_id);
    const memberIds = [...new Set((input.member_ids ?? []).map(Number))].filter((m) => m !== leadId);
    return transition(deps, actor, id, 'approved', input.note || undefined, async (tx, project) => {
      await assertEmployees(tx, [leadId], ['teamlead'], 'The team lead');
      await assertEmployees(tx, memberIds, ['teamlead', 'teammember'], 'Team members');
      await tx.delete(projectMembers).where(eq(projectMembers.projectId, project.id));
      if (memberIds.length) await tx.insert(projectMembers).values(memberIds.map((userId) => ({ projectId: project.id, userId })));
      return { teamLeadId: leadId, rejectionReason: null };
    });
  };
}
