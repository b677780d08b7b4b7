import { EMPLOYEE_ROLES, type TrainingMaterial, type TrainingModule } from '@agency/schema';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { TrainingFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { trainingCompletions, trainingMaterials, trainingModules } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';

export type ModuleRow = typeof trainingModules.$inferSelect;
type MaterialRow = typeof trainingMaterials.$inferSelect;

export const MODULE_NOT_FOUND = 'Training module not found';
export const MATERIAL_NOT_FOUND = 'Training material not found';

export function trainingFileDownloadPath(materialId: number) {
  return `/api/training/materials/${materialId}/file`;
}

/**
 * The materials of the module on the same row. Spelled out: Drizzle leaves columns unqualified in a single-table
 * select, and an unqualified `id` inside the subquery would be the material's own.
 */
export const materialCountSql = sql<number>`(select count(*) from training_materials tm where tm.module_id = "training_modules"."id")`;

export const factsOf = (m: Pick<ModuleRow, 'status' | 'roles'>): TrainingFacts => ({ published: m.status === 'published', roles: m.roles });

export function presentModule(m: ModuleRow, materialCount: number): TrainingModule {
  return {
    id: String(m.id),
    title: m.title,
    description: m.description,
    status: m.status,
    position: m.position,
    roles: EMPLOYEE_ROLES.filter((r) => m.roles.includes(r)),
    due_date: m.dueDate,
    material_count: materialCount,
    published_at: m.publishedAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

export function presentMaterial(ctx: AppContext, actor: Actor, m: MaterialRow, completedAt: Date | null = null): TrainingMaterial {
  return {
    id: String(m.id),
    module_id: String(m.moduleId),
    title: m.title,
    description: m.description,
    kind: m.kind,
    link_url: m.linkUrl,
    content: m.content,
    file:
      m.fileStoredFilename && m.fileName && m.fileMime && m.fileSize !== null
        ? {
            name: m.fileName,
            mime: m.fileMime,
            size: m.fileSize,
            url: signUrl(ctx.signingKey, trainingFileDownloadPath(m.id), ctx.now(), ctx.config.signedUrlTtlMs, actor.sessionId),
          }
        : null,
    position: m.position,
    completed_at: completedAt?.toISOString() ?? null,
  };
}

export async function loadModule(db: DbOrTx, id: number) {
  const [row] = await db.select().from(trainingModules).where(eq(trainingModules.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND);
  return row;
}

export async function loadMaterial(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ material: trainingMaterials, module: trainingModules })
    .from(trainingMaterials)
    .innerJoin(trainingModules, eq(trainingModules.id, trainingMaterials.moduleId))
    .where(eq(trainingMaterials.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', MATERIAL_NOT_FOUND);
  return row;
}

export async function materialCount(db: DbOrTx, moduleId: number) {
  const [row] = await db.select({ n: count() }).from(trainingMaterials).where(eq(trainingMaterials.moduleId, moduleId));
  return Number(row?.n ?? 0);
}

export async function materialsOf(db: DbOrTx, moduleId: number) {
  return db.select().from(trainingMaterials).where(eq(trainingMaterials.moduleId, moduleId)).orderBy(asc(trainingMaterials.position));
}

export async function completionsOf(db: DbOrTx, userId: number, materialIds: number[]) {
  if (materialIds.length === 0) return new Map<number, Date>();
  const rows = await db
    .select()
    .from(trainingCompletions)
    .where(and(eq(trainingCompletions.userId, userId), inArray(trainingCompletions.materialId, materialIds)));
  return new Map(rows.map((r) => [r.materialId, r.completedAt]));
}

export async function orderedModules(db: DbOrTx) {
  return db.select({ id: trainingModules.id, position: trainingModules.position }).from(trainingModules);
}

export async function lockModules(tx: DbOrTx) {
  // Module order keys are unique across the table: new and moved modules take their key one at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('training_modules_order'))`);
}

export async function lockModule(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND);
  return row;
}
