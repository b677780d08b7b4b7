import type { ProjectRates } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { assertCan } from '../../../core/policy.js';
import { projectRates } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { requireProject } from '../queries.js';
import { presentProjectRates } from '../rates.js';

/** Staff share a project's time log with its client company's owners and billing people, or stop sharing it. */
export function shareTimeLog({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number, shared: boolean): Promise<ProjectRates> => {
    assertCan(actor, 'rates:manage', null);
    const { project } = await requireProject(ctx.db, projectId);
    await ctx.transaction(async (tx) => {
      const now = ctx.now();
      const [before] = await tx.select({ shared: projectRates.clientTimeLog }).from(projectRates).where(eq(projectRates.projectId, projectId));
      await tx
        .insert(projectRates)
        .values({ projectId, clientTimeLog: shared, updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({ target: projectRates.projectId, set: { clientTimeLog: shared, updatedBy: actor.id, updatedAt: now } });
      await recordAudit(
        tx,
        actor,
        'rates.time_log_shared',
        { type: 'project', id: projectId, before: { client_time_log: before?.shared ?? false }, after: { client_time_log: shared } },
        now,
      );
    });
    return presentProjectRates(ctx.db, project);
  };
}
