import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { assertCan } from '../../../core/policy.js';
import { projectRates } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';
import { requireProject } from '../queries.js';
import { presentProjectRates } from '../rates.js';

export function setProjectRates({ ctx }: TimeDeps) {
  return async (actor: Actor, projectId: number, hourlyRate: number | null) => {
    assertCan(actor, 'rates:manage', null);
    const { project } = await requireProject(ctx.db, projectId);
    await ctx.transaction(async (tx) => {
      const now = ctx.now();
      const [before] = await tx.select({ rate: projectRates.hourlyRate }).from(projectRates).where(eq(projectRates.projectId, projectId));
      await tx
        .insert(projectRates)
        .values({ projectId, hourlyRate, updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({ target: projectRates.projectId, set: { hourlyRate, updatedBy: actor.id, updatedAt: now } });
      await recordAudit(
        tx,
        actor,
        'rates.project_updated',
        {
          type: 'project',
          id: projectId,
          before: { hourly_rate: before?.rate ?? null },
          after: { hourly_rate: hourlyRate, currency: project.currency },
        },
        now,
      );
    });
    return presentProjectRates(ctx.db, project);
  };
}
