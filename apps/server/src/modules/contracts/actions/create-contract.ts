import type { ContractKind, CreateContractInput } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { DbOrTx } from '../../../db/client.js';
import { contractTemplates, projectMembers, projects } from '../../../db/schema.js';
import { assertCompanySigner } from '../signers.js';
import type { ContractDeps } from '../deps.js';
import { insertDraft } from '../drafts.js';
import { auditState, eventOf, type RequestInfo } from '../helpers.js';
import { getContract } from './get-contract.js';

/** Who may sign: a client contract, a person of the project's company; a team contract, the project's team. Answers the project's company. */
async function assertSigner(db: DbOrTx, kind: ContractKind, projectId: number, signerId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('UNPROCESSABLE', 'project_id: no such project');
  if (!['approved', 'in_progress', 'completed'].includes(project.status)) {
    throw new AppError('UNPROCESSABLE', 'project_id: contracts are made for approved projects');
  }
  if (kind === 'client') {
    await assertCompanySigner(db, project.companyId, signerId);
    return project.companyId;
  }
  const [member] = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, signerId)))
    .limit(1);
  if (project.teamLeadId !== signerId && !member) {
    throw new AppError('UNPROCESSABLE', "signer_id: a team contract is signed by the project's team lead or a member");
  }
  return null;
}

export function createContract(deps: ContractDeps) {
  const { ctx } = deps;
  const get = getContract(deps);
  return async (actor: Actor, input: CreateContractInput, info: RequestInfo) => {
    assertCan(actor, 'contract:manage', null);
    const id = await ctx.transaction(async (tx, publish) => {
      const [template] = await tx
        .select()
        .from(contractTemplates)
        .where(eq(contractTemplates.id, Number(input.template_id)))
        .limit(1);
      if (!template) throw new AppError('UNPROCESSABLE', 'template_id: no such template');
      if (template.kind !== input.kind)
        throw new AppError('UNPROCESSABLE', `template_id: this is a ${template.kind} template, not a ${input.kind} one`);
      const projectId = Number(input.project_id);
      const signerId = Number(input.signer_id);
      const companyId = await assertSigner(tx, input.kind, projectId, signerId);
      const row = await insertDraft(
        ctx,
        tx,
        {
          projectId,
          kind: input.kind,
          signerId,
          companyId,
          templateId: template.id,
          title: template.title,
          body: template.body,
          createdBy: actor.id,
        },
        info,
      );
      if (!row) throw new AppError('CONFLICT', 'This person already has a contract of this kind on the project; void it first to start again');
      publish({ type: 'contract.created', ...eventOf(row) });
      await recordAudit(tx, actor, 'contract.created', { type: 'contract', id: row.id, after: auditState(row) }, ctx.now());
      return row.id;
    });
    return get(actor, id);
  };
}
