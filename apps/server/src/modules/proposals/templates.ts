import type { ProposalTemplate, ProposalTemplateInput, proposalTemplateInput, updateProposalTemplateInput } from '@agency/schema';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { proposalTemplates } from '../../db/schema.js';
import { storedItems } from './items.js';

type TemplateRow = typeof proposalTemplates.$inferSelect;
type CreateData = z.output<typeof proposalTemplateInput>;
type UpdateData = z.output<typeof updateProposalTemplateInput>;

function presentTemplate(row: TemplateRow): ProposalTemplate {
  return {
    id: String(row.id),
    title: row.title,
    intro_markdown: row.introMarkdown,
    sections: row.sections,
    items: row.items,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Proposal templates: sections and items staff start a proposal from (the proposal keeps its own copy). */
export function createProposalTemplateService(ctx: AppContext) {
  async function find(id: number) {
    const [row] = await ctx.db.select().from(proposalTemplates).where(eq(proposalTemplates.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Proposal template not found');
    return row;
  }
  return {
    async list(actor: Actor) {
      assertCan(actor, 'proposal:manage', null);
      const rows = await ctx.db.select().from(proposalTemplates).orderBy(desc(proposalTemplates.id)).limit(200);
      return { items: rows.map(presentTemplate) };
    },
    async create(actor: Actor, input: CreateData) {
      assertCan(actor, 'proposal:manage', null);
      const now = ctx.now();
      const row = await ctx.transaction(async (tx) => {
        const [created] = await tx
          .insert(proposalTemplates)
          .values({
            title: input.title,
            introMarkdown: input.intro_markdown,
            sections: input.sections,
            items: storedItems(input.items),
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, actor, 'proposal_template.saved', { type: 'proposal_template', id: created.id, after: { title: created.title } }, now);
        return created;
      });
      return presentTemplate(row);
    },
    async update(actor: Actor, id: number, input: UpdateData) {
      assertCan(actor, 'proposal:manage', null);
      await find(id);
      const now = ctx.now();
      const row = await ctx.transaction(async (tx) => {
        const [updated] = await tx
          .update(proposalTemplates)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.intro_markdown !== undefined ? { introMarkdown: input.intro_markdown } : {}),
            ...(input.sections !== undefined ? { sections: input.sections } : {}),
            ...(input.items !== undefined ? { items: storedItems(input.items) } : {}),
            updatedAt: now,
          })
          .where(eq(proposalTemplates.id, id))
          .returning();
        await recordAudit(tx, actor, 'proposal_template.saved', { type: 'proposal_template', id, after: { title: updated.title } }, now);
        return updated;
      });
      return presentTemplate(row);
    },
    async remove(actor: Actor, id: number) {
      assertCan(actor, 'proposal:manage', null);
      const row = await find(id);
      await ctx.transaction(async (tx) => {
        await tx.delete(proposalTemplates).where(eq(proposalTemplates.id, id));
        await recordAudit(tx, actor, 'proposal_template.deleted', { type: 'proposal_template', id, before: { title: row.title } }, ctx.now());
      });
    },
  };
}

export type ProposalTemplateService = ReturnType<typeof createProposalTemplateService>;
export type { ProposalTemplateInput };
