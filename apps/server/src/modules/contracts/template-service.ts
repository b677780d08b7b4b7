import {
  CONTRACT_KINDS,
  CONTRACT_TEMPLATE_VARIABLES,
  type ContractKind,
  type ContractTemplate,
  type CreateContractTemplateInput,
  type PreviewContractTemplateInput,
  type TemplatePreview,
  type UpdateContractTemplateInput,
} from '@agency/schema';
import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contractTemplates } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { assertKnownVariables, markdownToHtml, substituteVariables, unknownVariables, type VariableValues } from './template-render.js';

type TemplateRow = typeof contractTemplates.$inferSelect;

function present(row: TemplateRow): ContractTemplate {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * One default template of each kind, created when none exists: safe on every start and on several nodes at once.
 * A start that finds them all (every start but the first) reads once and writes nothing.
 */
export async function ensureDefaultTemplates(db: DbOrTx, now: Date): Promise<number> {
  const present = await db.select({ kind: contractTemplates.kind }).from(contractTemplates).where(eq(contractTemplates.isDefault, true));
  const missing = CONTRACT_KINDS.filter((kind) => !present.some((row) => row.kind === kind));
  if (missing.length === 0) return 0;
  const rows = await db
    .insert(contractTemplates)
    .values(missing.map((kind) => ({ kind, ...DEFAULT_TEMPLATES[kind], isDefault: true, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: contractTemplates.id });
  return rows.length;
}

export type PreviewValues = (kind: ContractKind, projectId: number | undefined, actor: Actor) => Promise<VariableValues>;

export function createContractTemplateService(ctx: AppContext, previewValues: PreviewValues) {
  async function find(db: DbOrTx, id: number) {
    const [row] = await db.select().from(contractTemplates).where(eq(contractTemplates.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Template not found');
    return row;
  }

  /** Makes `id` the default of its kind: the old default stops being one in the same transaction. */
  async function makeDefault(tx: DbOrTx, row: TemplateRow) {
    await tx
      .update(contractTemplates)
      .set({ isDefault: false, updatedAt: ctx.now() })
      .where(and(eq(contractTemplates.kind, row.kind), eq(contractTemplates.isDefault, true), ne(contractTemplates.id, row.id)));
    await tx.update(contractTemplates).set({ isDefault: true, updatedAt: ctx.now() }).where(eq(contractTemplates.id, row.id));
  }

  return {
    async list(actor: Actor, query: { kind?: ContractKind; cursor?: string; limit: number }) {
      assertCan(actor, 'contract_template:manage', null);
      const after = decodeCursor(query.cursor);
      const rows = await ctx.db
        .select()
        .from(contractTemplates)
        .where(and(query.kind ? eq(contractTemplates.kind, query.kind) : undefined, after ? lt(contractTemplates.id, after) : undefined))
        .orderBy(desc(contractTemplates.id))
        .limit(query.limit + 1);
      return toPage(rows, query.limit, present);
    },

    async get(actor: Actor, id: number) {
      assertCan(actor, 'contract_template:manage', null);
      return present(await find(ctx.db, id));
    },

    async create(actor: Actor, input: CreateContractTemplateInput) {
      assertCan(actor, 'contract_template:manage', null);
      assertKnownVariables(input.kind, input.body);
      const id = await ctx.transaction(async (tx) => {
        const now = ctx.now();
        const [row] = await tx
          .insert(contractTemplates)
          .values({ kind: input.kind, title: input.title, body: input.body, createdBy: actor.id, createdAt: now, updatedAt: now })
          .returning();
        if (input.is_default) await makeDefault(tx, row);
        await recordAudit(
          tx,
          actor,
          'contract_template.saved',
          { type: 'contract_template', id: row.id, after: { kind: row.kind, title: row.title, is_default: Boolean(input.is_default) } },
          now,
        );
        return row.id;
      });
      return present(await find(ctx.db, id));
    },

    async update(actor: Actor, id: number, input: UpdateContractTemplateInput) {
      assertCan(actor, 'contract_template:manage', null);
      await ctx.transaction(async (tx) => {
        const row = await find(tx, id);
        if (input.body !== undefined) assertKnownVariables(row.kind, input.body);
        await tx
          .update(contractTemplates)
          .set({ title: input.title ?? row.title, body: input.body ?? row.body, updatedAt: ctx.now() })
          .where(eq(contractTemplates.id, id));
        if (input.is_default) await makeDefault(tx, row);
        await recordAudit(
          tx,
          actor,
          'contract_template.saved',
          {
            type: 'contract_template',
            id,
            before: { title: row.title, is_default: row.isDefault },
            after: {
              title: input.title ?? row.title,
              is_default: row.isDefault || Boolean(input.is_default),
              body_changed: input.body !== undefined,
            },
          },
          ctx.now(),
        );
      });
      return present(await find(ctx.db, id));
    },

    /** Contracts keep their own copy of the wording, so a template can go; the default of a kind cannot. */
    async remove(actor: Actor, id: number) {
      assertCan(actor, 'contract_template:manage', null);
      await ctx.transaction(async (tx) => {
        const row = await find(tx, id);
        if (row.isDefault) throw new AppError('CONFLICT', 'The default template cannot be deleted; make another template the default first');
        await tx.delete(contractTemplates).where(eq(contractTemplates.id, id));
        await recordAudit(
          tx,
          actor,
          'contract_template.deleted',
          { type: 'contract_template', id, before: { kind: row.kind, title: row.title } },
          ctx.now(),
        );
      });
    },

    /** The editor's live preview: unknown variables are reported, not refused, so the preview keeps up with typing. */
    async preview(actor: Actor, input: PreviewContractTemplateInput): Promise<TemplatePreview> {
      assertCan(actor, 'contract_template:manage', null);
      const values = await previewValues(input.kind, input.project_id ? Number(input.project_id) : undefined, actor);
      const unknown = unknownVariables(input.kind, input.body);
      const known = Object.fromEntries(unknown.map((name) => [name, `{{${name}}}`]));
      const markdown = substituteVariables(input.body, { ...values, ...known });
      const title = input.title ? `# ${input.title.replace(/[\\`*_[\]<>#]/g, (c) => `\\${c}`)}\n\n` : '';
      return {
        html: markdownToHtml(`${title}${markdown}`),
        unknown_variables: unknown,
        variables: CONTRACT_TEMPLATE_VARIABLES.filter((v) => (v.kinds as readonly ContractKind[]).includes(input.kind)).map((v) => ({
          name: v.name,
          description: v.description,
        })),
      };
    },

    async findDefault(db: DbOrTx, kind: ContractKind) {
      const [row] = await db
        .select()
        .from(contractTemplates)
        .where(and(eq(contractTemplates.kind, kind), eq(contractTemplates.isDefault, true)))
        .orderBy(asc(contractTemplates.id))
        .limit(1);
      return row ?? null;
    },

    find,
  };
}

export type ContractTemplateService = ReturnType<typeof createContractTemplateService>;
