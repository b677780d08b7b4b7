import {
  EMPLOYEE_ROLES,
  MAX_ATTACHMENT_BYTES,
  type CreateTrainingMaterialInput,
  type CreateTrainingModuleInput,
  type EmployeeRole,
  type MyTrainingModule,
  type SetTrainingAssignmentInput,
  type TrainingMaterial,
  type TrainingMaterialKind,
  type TrainingModule,
  type TrainingModuleDetail,
  type TrainingProgress,
  type UpdateTrainingMaterialInput,
  type UpdateTrainingModuleInput,
} from '@agency/schema';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, trainingProgressScope, type TrainingFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { trainingCompletions, trainingMaterials, trainingModules, users } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';
import { keyForPlacement } from '../board/ordering.js';
import type { NotificationService } from '../notifications/service.js';
import { assertWithinQuota } from '../storage/service.js';

type ModuleRow = typeof trainingModules.$inferSelect;
type MaterialRow = typeof trainingMaterials.$inferSelect;

const MODULE_NOT_FOUND = 'Training module not found';
const MATERIAL_NOT_FOUND = 'Training material not found';

export function trainingFileDownloadPath(materialId: number) {
  return `/api/training/materials/${materialId}/file`;
}

/**
 * The materials of the module on the same row. Spelled out: Drizzle leaves columns unqualified in a single-table
 * select, and an unqualified `id` inside the subquery would be the material's own.
 */
const materialCountSql = sql<number>`(select count(*) from training_materials tm where tm.module_id = "training_modules"."id")`;

const factsOf = (m: Pick<ModuleRow, 'status' | 'roles'>): TrainingFacts => ({ published: m.status === 'published', roles: m.roles });

/** A link says what it is; without one, an uploaded file; without either, the Markdown text is the material. */
function kindOf(
  linkUrl: string | null,
  linkKind: 'video' | 'article' | undefined,
  previous: TrainingMaterialKind | null,
  hasFile: boolean,
): TrainingMaterialKind {
  if (linkUrl) return linkKind ?? (previous === 'video' || previous === 'article' ? previous : 'article');
  return hasFile ? 'file' : 'text';
}

export function createTrainingService(ctx: AppContext, notifications: NotificationService) {
  function presentModule(m: ModuleRow, materialCount: number): TrainingModule {
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

  function presentMaterial(actor: Actor, m: MaterialRow, completedAt: Date | null = null): TrainingMaterial {
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

  async function loadModule(db: DbOrTx, id: number) {
    const [row] = await db.select().from(trainingModules).where(eq(trainingModules.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND);
    return row;
  }

  async function loadMaterial(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ material: trainingMaterials, module: trainingModules })
      .from(trainingMaterials)
      .innerJoin(trainingModules, eq(trainingModules.id, trainingMaterials.moduleId))
      .where(eq(trainingMaterials.id, id))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', MATERIAL_NOT_FOUND);
    return row;
  }

  async function materialCount(db: DbOrTx, moduleId: number) {
    const [row] = await db.select({ n: count() }).from(trainingMaterials).where(eq(trainingMaterials.moduleId, moduleId));
    return Number(row?.n ?? 0);
  }

  async function materialsOf(db: DbOrTx, moduleId: number) {
    return db.select().from(trainingMaterials).where(eq(trainingMaterials.moduleId, moduleId)).orderBy(asc(trainingMaterials.position));
  }

  async function completionsOf(db: DbOrTx, userId: number, materialIds: number[]) {
    if (materialIds.length === 0) return new Map<number, Date>();
    const rows = await db
      .select()
      .from(trainingCompletions)
      .where(and(eq(trainingCompletions.userId, userId), inArray(trainingCompletions.materialId, materialIds)));
    return new Map(rows.map((r) => [r.materialId, r.completedAt]));
  }

  /** Tells the people of `roles` that a module is theirs to do; only for a published module. */
  async function notifyAssigned(tx: DbOrTx, publish: Publish, module: ModuleRow, roles: readonly EmployeeRole[]) {
    if (module.status !== 'published' || roles.length === 0) return;
    const people = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, [...roles]), eq(users.status, 'active')));
    await notifications.notify(
      tx,
      publish,
      people.map((p) => p.id),
      {
        kind: 'training_assigned',
        title: 'New training assigned',
        body: `"${module.title}" was assigned to you${module.dueDate ? `, due ${module.dueDate}` : ''}.`,
        target: { type: 'training', id: String(module.id) },
      },
    );
  }

  async function detail(actor: Actor, module: ModuleRow): Promise<TrainingModuleDetail> {
    const materials = await materialsOf(ctx.db, module.id);
    const done = await completionsOf(
      ctx.db,
      actor.id,
      materials.map((m) => m.id),
    );
    return { ...presentModule(module, materials.length), materials: materials.map((m) => presentMaterial(actor, m, done.get(m.id) ?? null)) };
  }

  async function orderedModules(db: DbOrTx) {
    return db.select({ id: trainingModules.id, position: trainingModules.position }).from(trainingModules);
  }

  async function lockModules(tx: DbOrTx) {
    // Module order keys are unique across the table: new and moved modules take their key one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('training_modules_order'))`);
  }

  async function lockModule(tx: DbOrTx, id: number) {
    const [row] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', MODULE_NOT_FOUND);
    return row;
  }

  return {
    async listModules(actor: Actor): Promise<TrainingModule[]> {
      assertCan(actor, 'training:manage', null);
      const rows = await ctx.db
        .select({
          module: trainingModules,
          n: materialCountSql,
        })
        .from(trainingModules)
        .orderBy(asc(trainingModules.position));
      return rows.map((r) => presentModule(r.module, Number(r.n)));
    },

    async createModule(actor: Actor, input: CreateTrainingModuleInput): Promise<TrainingModule> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        await lockModules(tx);
        const position = keyForPlacement(await orderedModules(tx), null, {});
        const now = ctx.now();
        const [row] = await tx
          .insert(trainingModules)
          .values({ title: input.title, description: input.description ?? '', position, createdBy: actor.id, createdAt: now, updatedAt: now })
          .returning();
        publish({ type: 'training.changed', moduleId: row.id, change: 'module', actorId: actor.id });
        return presentModule(row, 0);
      });
    },

    async getModule(actor: Actor, id: number): Promise<TrainingModuleDetail> {
      const module = await loadModule(ctx.db, id);
      assertCan(actor, 'training:read', factsOf(module), MODULE_NOT_FOUND);
      return detail(actor, module);
    },

    async updateModule(actor: Actor, id: number, input: UpdateTrainingModuleInput): Promise<TrainingModule> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        const before = await lockModule(tx, id);
        const now = ctx.now();
        const isPublishing = input.status === 'published' && before.status !== 'published';
        const [row] = await tx
          .update(trainingModules)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.status !== undefined ? { status: input.status } : {}),
            ...(isPublishing ? { publishedAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(trainingModules.id, id))
          .returning();
        // Publishing hands the module to the roles it is assigned to: that is when they are told.
        if (isPublishing) await notifyAssigned(tx, publish, row, row.roles);
        publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
        return presentModule(row, await materialCount(tx, id));
      });
    },

    async setAssignment(actor: Actor, id: number, input: SetTrainingAssignmentInput): Promise<TrainingModule> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        const before = await lockModule(tx, id);
        const roles = EMPLOYEE_ROLES.filter((r) => input.roles.includes(r));
        const [row] = await tx
          .update(trainingModules)
          .set({ roles, ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}), updatedAt: ctx.now() })
          .where(eq(trainingModules.id, id))
          .returning();
        await notifyAssigned(
          tx,
          publish,
          row,
          roles.filter((r) => !before.roles.includes(r)),
        );
        publish({ type: 'training.changed', moduleId: id, change: 'assignment', actorId: actor.id });
        return presentModule(row, await materialCount(tx, id));
      });
    },

    async moveModule(actor: Actor, id: number, input: { after_module_id?: string; before_module_id?: string }): Promise<TrainingModule> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        await lockModules(tx);
        await loadModule(tx, id);
        const position = keyForPlacement(await orderedModules(tx), id, {
          afterId: input.after_module_id !== undefined ? Number(input.after_module_id) : undefined,
          beforeId: input.before_module_id !== undefined ? Number(input.before_module_id) : undefined,
        });
        const [row] = await tx.update(trainingModules).set({ position, updatedAt: ctx.now() }).where(eq(trainingModules.id, id)).returning();
        publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
        return presentModule(row, await materialCount(tx, id));
      });
    },

    async deleteModule(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'training:manage', null);
      const files = await ctx.transaction(async (tx, publish) => {
        await lockModule(tx, id);
        const stored = await tx
          .select({ key: trainingMaterials.fileStoredFilename })
          .from(trainingMaterials)
          .where(eq(trainingMaterials.moduleId, id));
        await tx.delete(trainingModules).where(eq(trainingModules.id, id));
        publish({ type: 'training.changed', moduleId: id, change: 'module', actorId: actor.id });
        return stored.flatMap((s) => (s.key ? [s.key] : []));
      });
      for (const key of files) await ctx.storage.remove(key);
    },

    async createMaterial(actor: Actor, moduleId: number, input: CreateTrainingMaterialInput): Promise<TrainingMaterial> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        await lockModule(tx, moduleId);
        const siblings = await tx
          .select({ id: trainingMaterials.id, position: trainingMaterials.position })
          .from(trainingMaterials)
          .where(eq(trainingMaterials.moduleId, moduleId));
        const now = ctx.now();
        const linkUrl = input.link_url ?? null;
        const [row] = await tx
          .insert(trainingMaterials)
          .values({
            moduleId,
            title: input.title,
            description: input.description ?? '',
            kind: kindOf(linkUrl, input.link_kind, null, false),
            linkUrl,
            content: input.content ?? '',
            position: keyForPlacement(siblings, null, {}),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        publish({ type: 'training.changed', moduleId, change: 'material', actorId: actor.id });
        return presentMaterial(actor, row);
      });
    },

    async updateMaterial(actor: Actor, id: number, input: UpdateTrainingMaterialInput): Promise<TrainingMaterial> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        const { material } = await loadMaterial(tx, id);
        const linkUrl = input.link_url !== undefined ? input.link_url : material.linkUrl;
        const [row] = await tx
          .update(trainingMaterials)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.content !== undefined ? { content: input.content } : {}),
            linkUrl,
            kind: kindOf(linkUrl, input.link_kind, material.kind, material.fileStoredFilename !== null),
            updatedAt: ctx.now(),
          })
          .where(eq(trainingMaterials.id, id))
          .returning();
        publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
        return presentMaterial(actor, row);
      });
    },

    async moveMaterial(actor: Actor, id: number, input: { after_material_id?: string; before_material_id?: string }): Promise<TrainingMaterial> {
      assertCan(actor, 'training:manage', null);
      return ctx.transaction(async (tx, publish) => {
        const { material } = await loadMaterial(tx, id);
        await lockModule(tx, material.moduleId);
        const siblings = await tx
          .select({ id: trainingMaterials.id, position: trainingMaterials.position })
          .from(trainingMaterials)
          .where(eq(trainingMaterials.moduleId, material.moduleId));
        const position = keyForPlacement(siblings, id, {
          afterId: input.after_material_id !== undefined ? Number(input.after_material_id) : undefined,
          beforeId: input.before_material_id !== undefined ? Number(input.before_material_id) : undefined,
        });
        const [row] = await tx.update(trainingMaterials).set({ position, updatedAt: ctx.now() }).where(eq(trainingMaterials.id, id)).returning();
        publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
        return presentMaterial(actor, row);
      });
    },

    async deleteMaterial(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'training:manage', null);
      const key = await ctx.transaction(async (tx, publish) => {
        const { material } = await loadMaterial(tx, id);
        await tx.delete(trainingMaterials).where(eq(trainingMaterials.id, id));
        publish({ type: 'training.changed', moduleId: material.moduleId, change: 'material', actorId: actor.id });
        return material.fileStoredFilename;
      });
      if (key) await ctx.storage.remove(key);
    },

    /** Staff only; checked before the upload is read. */
    async assertMayUpload(actor: Actor, id: number) {
      assertCan(actor, 'training:manage', null);
      await loadMaterial(ctx.db, id);
    },

    /** Stores the material's one file, replacing (and then removing) the one before. */
    async recordFile(
      actor: Actor,
      id: number,
      file: { name: string; mime: string; size: number; storedFilename: string },
    ): Promise<TrainingMaterial> {
      assertCan(actor, 'training:manage', null);
      const { row, previous } = await ctx.transaction(async (tx, publish) => {
        const [locked] = await tx.select().from(trainingMaterials).where(eq(trainingMaterials.id, id)).for('update');
        if (!locked) throw new AppError('NOT_FOUND', MATERIAL_NOT_FOUND);
        const [updated] = await tx
          .update(trainingMaterials)
          .set({
            fileStoredFilename: file.storedFilename,
            fileName: file.name,
            fileMime: file.mime,
            fileSize: file.size,
            fileUploadedBy: actor.id,
            kind: kindOf(locked.linkUrl, undefined, locked.kind, true),
            updatedAt: ctx.now(),
          })
          .where(eq(trainingMaterials.id, id))
          .returning();
        await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
        publish({ type: 'training.changed', moduleId: locked.moduleId, change: 'material', actorId: actor.id });
        return { row: updated, previous: locked.fileStoredFilename };
      });
      if (previous) await ctx.storage.remove(previous);
      return presentMaterial(actor, row);
    },

    /** The file behind a signed download link (the signature is the proof of access). */
    async findFile(id: number) {
      const [row] = await ctx.db.select().from(trainingMaterials).where(eq(trainingMaterials.id, id)).limit(1);
      if (!row?.fileStoredFilename || !row.fileName || !row.fileMime || row.fileSize === null) throw new AppError('NOT_FOUND', 'File not found');
      return { storedFilename: row.fileStoredFilename, name: row.fileName, mime: row.fileMime, size: row.fileSize };
    },

    async setCompleted(actor: Actor, id: number, isCompleted: boolean): Promise<TrainingMaterial> {
      const { material, module } = await loadMaterial(ctx.db, id);
      assertCan(actor, 'training:complete', factsOf(module), MATERIAL_NOT_FOUND);
      const completedAt = await ctx.transaction(async (tx, publish) => {
        if (isCompleted) {
          await tx.insert(trainingCompletions).values({ materialId: id, userId: actor.id, completedAt: ctx.now() }).onConflictDoNothing();
        } else {
          await tx.delete(trainingCompletions).where(and(eq(trainingCompletions.materialId, id), eq(trainingCompletions.userId, actor.id)));
        }
        publish({ type: 'training.changed', moduleId: module.id, change: 'completion', actorId: actor.id });
        return (await completionsOf(tx, actor.id, [id])).get(id) ?? null;
      });
      return presentMaterial(actor, material, completedAt);
    },

    /** The caller's assigned, published modules in order, with their own completions. */
    async mine(actor: Actor): Promise<MyTrainingModule[]> {
      assertCan(actor, 'training:mine', null);
      const modules = await ctx.db
        .select()
        .from(trainingModules)
        .where(and(eq(trainingModules.status, 'published'), sql`${actor.role} = any(${trainingModules.roles})`))
        .orderBy(asc(trainingModules.position));
      if (modules.length === 0) return [];
      const materials = await ctx.db
        .select()
        .from(trainingMaterials)
        .where(
          inArray(
            trainingMaterials.moduleId,
            modules.map((m) => m.id),
          ),
        )
        .orderBy(asc(trainingMaterials.position));
      const done = await completionsOf(
        ctx.db,
        actor.id,
        materials.map((m) => m.id),
      );
      return modules.map((module) => {
        const own = materials.filter((m) => m.moduleId === module.id);
        const presented = own.map((m) => presentMaterial(actor, m, done.get(m.id) ?? null));
        return {
          ...presentModule(module, own.length),
          materials: presented,
          completed: presented.filter((m) => m.completed_at !== null).length,
          total: own.length,
        };
      });
    },

    /**
     * Progress per person and per module: every active employee for staff; for a team lead, the people on the
     * projects they lead, and themselves.
     */
    async progress(actor: Actor): Promise<TrainingProgress> {
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
    },

    limits: { maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
