import { EMPLOYEE_ROLES, type EmployeeRole, type TrainingProgress } from '@agency/schema';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, trainingProgressScope } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { trainingCompletions, trainingMaterials, trainingModules, users } from '../../../db/schema.js';
import { materialCountSql } from '../queries.js';

/**
 * Progress per person and per module: every active employee for staff; for a team lead, the people on the
 * projects they lead, and themselves.
 */
export function progress(ctx: AppContext) {
  return async (actor: Actor): Promise<TrainingProgress> => {
    assertCan(actor, 'training:progress', null);
    const scope = trainingProgressScope(actor);
    const team =
      scope.kind === 'team'
        ? or(
            eq(users.id, scope.leadId),
            // Written out in full: Drizzle leaves columns unqualified in a single-table select.
            sql`"users"."id" in (select pm.user_id from project_members pm join projects p on p.id = pm.project_id where p.team_lead_id = ${scope.leadId})`,
          )
        : undefined;
    const [people, modules] = await Promise.all([
      ctx.db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(and(inArray(users.role, [...EMPLOYEE_ROLES]), eq(users.status, 'active'), team))
        .orderBy(asc(users.name)),
      ctx.db
        .select({
          module: trainingModules,
          total: materialCountSql,
        })
        .from(trainingModules)
        .where(and(eq(trainingModules.status, 'published'), sql`cardinality(${trainingModules.roles}) > 0`))
        .orderBy(asc(trainingModules.position)),
    ]);
    const done =
      people.length && modules.length
        ? await ctx.db
            .select({ userId: trainingCompletions.userId, moduleId: trainingMaterials.moduleId, n: count() })
            .from(trainingCompletions)
            .innerJoin(trainingMaterials, eq(trainingMaterials.id, trainingCompletions.materialId))
            .where(
              and(
                inArray(
                  trainingCompletions.userId,
                  people.map((p) => p.id),
                ),
                inArray(
                  trainingMaterials.moduleId,
                  modules.map((m) => m.module.id),
                ),
              ),
            )
            .groupBy(trainingCompletions.userId, trainingMaterials.moduleId)
        : [];
    const completed = new Map(done.map((d) => [`${d.userId}:${d.moduleId}`, Number(d.n)]));
    return {
      modules: modules.map(({ module, total }) => ({
        id: String(module.id),
        title: module.title,
        roles: EMPLOYEE_ROLES.filter((r) => module.roles.includes(r)),
        total: Number(total),
        due_date: module.dueDate,
      })),
      people: people.map((person) => {
        const role: EmployeeRole = person.role === 'teamlead' ? 'teamlead' : 'teammember';
        const own = modules
          .filter(({ module }) => module.roles.includes(role))
          .map(({ module, total }) => ({
            module_id: String(module.id),
            completed: completed.get(`${person.id}:${module.id}`) ?? 0,
            total: Number(total),
          }));
        return {
          id: String(person.id),
          name: person.name,
          role,
          modules: own,
          completed: own.reduce((n, m) => n + m.completed, 0),
          total: own.reduce((n, m) => n + m.total, 0),
        };
      }),
    };
  };
}
