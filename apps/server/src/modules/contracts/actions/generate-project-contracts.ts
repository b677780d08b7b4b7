import type { ContractKind } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { contracts, projectMembers, projects } from '../../../db/schema.js';
import type { ContractDeps } from '../deps.js';
import { firstOwnerOf } from '../../companies/queries.js';
import { insertDraft } from '../drafts.js';
import { eventOf } from '../helpers.js';

/**
 * Draft contracts for an approved project: one for its company (signed by the company's first owner until staff name
 * someone else), its team lead and each member; what exists is left alone.
 */
export function generateProjectContracts({ ctx, templates }: ContractDeps) {
  return async (projectId: number) =>
    ctx.transaction(async (tx, publish) => {
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project || project.status !== 'approved') return 0;
      const members = await tx.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId));
      const team = [...new Set([...(project.teamLeadId ? [project.teamLeadId] : []), ...members.map((m) => m.id)])];
      const wanted: { kind: ContractKind; signerId: number }[] = [
        { kind: 'client', signerId: (await firstOwnerOf(tx, project.companyId)) ?? project.clientId },
        ...team.map((signerId) => ({ kind: 'team' as const, signerId })),
      ];
      let created = 0;
      for (const kind of ['client', 'team'] as const) {
        const template = await templates.findDefault(tx, kind);
        if (!template) continue;
        for (const w of wanted.filter((x) => x.kind === kind)) {
          // Only where nothing exists yet: a voided contract is not brought back by a repeated event.
          // A project has one client contract, whoever signs it.
          const [existing] = await tx
            .select({ id: contracts.id })
            .from(contracts)
            .where(
              and(eq(contracts.projectId, projectId), eq(contracts.kind, kind), kind === 'team' ? eq(contracts.signerId, w.signerId) : undefined),
            )
            .limit(1);
          if (existing) continue;
          const row = await insertDraft(ctx, tx, {
            projectId,
            kind,
            signerId: w.signerId,
            companyId: project.companyId,
            templateId: template.id,
            title: template.title,
            body: template.body,
            createdBy: null,
          });
          if (row) {
            created += 1;
            publish({ type: 'contract.created', ...eventOf(row) });
          }
        }
      }
      return created;
    });
}
