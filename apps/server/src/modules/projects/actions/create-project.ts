import type { CreateProjectInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan, companyOf, projectDisclosure } from '../../../core/policy.js';
import { projects, users } from '../../../db/schema.js';
import type { ProjectDeps } from '../deps.js';
import { staffIds } from '../queries.js';
import { recordEvent } from '../timeline.js';
import { getProject } from './get-project.js';

export function createProject(deps: ProjectDeps) {
  const { ctx, notifications } = deps;
  const get = getProject(deps);
  return async (actor: Actor, input: CreateProjectInput & { title: string; description: string }) => {
    assertCan(actor, 'project:create', null);
    const companyId = companyOf(actor);
    // Whoever may not see a budget may not set one either.
    if (input.budget_minor !== undefined && !projectDisclosure(actor).budget) {
      throw new AppError('FORBIDDEN', "budget_minor: only the company's owners and billing people handle budgets; leave it out");
    }
    const created = await ctx.transaction(async (tx, publish) => {
      const now = ctx.now();
      const [row] = await tx
        .insert(projects)
        .values({
          title: input.title,
          description: input.description,
          category: input.category || null,
          budgetMinor: input.budget_minor ?? null,
          currency: input.currency ?? 'GBP',
          deadline: input.deadline ?? null,
          clientId: actor.id,
          companyId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordEvent(ctx, tx, { projectId: row.id, actorId: actor.id, kind: 'created', toStatus: 'pending' });
      const staff = await staffIds(tx);
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
      const message = {
        kind: 'project_submitted',
        title: 'New project submitted',
        body: `${actor.name} submitted "${row.title}" for approval.`,
        projectId: row.id,
      };
      // The super admin approves, so their notification opens the approval queue; admins open the project.
      await notifications.notify(tx, publish, owner ? [owner.id] : [], { ...message, target: { type: 'project_approval', id: String(row.id) } });
      await notifications.notify(
        tx,
        publish,
        staff.filter((uid) => uid !== owner?.id),
        { ...message, target: { type: 'project', id: String(row.id) } },
      );
      publish({ type: 'project.created', projectId: row.id, clientId: actor.id });
      return row;
    });
    return get(actor, created.id);
  };
}
