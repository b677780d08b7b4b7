import type { AcceptProposalInput, Proposal } from '@agency/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { systemActor, type Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import type { Tx } from '../../db/client.js';
import { contracts, projectMembers, projects, proposals } from '../../db/schema.js';
import { insertDraft } from '../contracts/drafts.js';
import { checkSigningCode, useSigningCode } from '../document-links/codes.js';
import { isUniqueViolation } from '../contracts/helpers.js';
import { renderDocument, sha256Hex } from '../contracts/template-render.js';
import { recordEvent } from '../contracts/trail.js';
import { valuesFor } from '../contracts/variables.js';
import { factsOf as projectFactsOf } from '../projects/helpers.js';
import { memberIdsOf } from '../projects/queries.js';
import { applyTransition } from '../projects/transitions.js';
import { proposalText } from './document.js';
import { proposalLifecycle } from './lifecycle.js';
import { factsOf, load, totalsOf, type ProposalRow, type RequestInfo, type Row } from './queries.js';
import type { ProposalDeps } from './deps.js';

type Helpers = {
  assertOpen: (row: ProposalRow) => void;
  notifyStaff: (tx: Tx, publish: Publish, row: Row, kind: string, title: string, body: string) => Promise<void>;
  get: (actor: Actor, id: number) => Promise<Proposal>;
};

/**
 * The client's yes, in one transaction holding the proposal's row lock: the content is frozen (its text and SHA-256),
 * the accepted total recorded; a pending project is approved by the product (trigger `proposal_accepted`) with the
 * team staff named on the proposal and the accepted total as its budget; the client contract is generated from the
 * default client template (`{{proposal.items}}`, `{{proposal.total}}`) and sent to the owner who accepted. A second
 * acceptance, concurrent or later, is a 409 and changes nothing.
 */
export function acceptProposal(deps: ProposalDeps, helpers: Helpers) {
  const { ctx, notifications, contracts: contractService } = deps;
  return async (actor: Actor, id: number, input: AcceptProposalInput, info: RequestInfo) => {
    // Through an e-mailed link, the code sent to the addressee first (a signed-in session needs none).
    await checkSigningCode(ctx, actor, input.code);
    const image = input.signature_image ? await (await import('../contracts/signature-image.js')).decodeSignatureImage(input.signature_image) : null;
    try {
      await ctx.transaction(async (tx, publish) => {
        const row = await load(ctx, actor, 'proposal:answer', id, tx, true);
        const p = row.proposal;
        if (p.status === 'accepted') throw new AppError('INVALID_TRANSITION', 'This proposal has already been accepted');
        proposalLifecycle.assertMay(actor, factsOf(p), p.status, 'accepted');
        helpers.assertOpen(p);
        await useSigningCode(tx, actor);
        const now = ctx.now();
        const total = totalsOf(p).total;
        const text = proposalText(p, ctx.brand.current().agencyName, row.companyName);
        const accepted = await proposalLifecycle.transition(tx, {
          table: proposals,
          id,
          actor,
          resource: factsOf(p),
          from: 'sent',
          to: 'accepted',
          set: {
            acceptedAt: now,
            acceptedBy: actor.id,
            acceptedTotal: total,
            documentText: text,
            documentSha256: sha256Hex(text),
            signatureName: input.signature_name,
            signatureImagePng: image ? image.toString('base64') : null,
            acceptIp: info.ip,
            acceptUserAgent: info.userAgent?.slice(0, 500) ?? null,
            updatedAt: now,
          },
        });

        // The project: approved by the acceptance if it was pending; its budget is what the client accepted.
        const [project] = await tx.select().from(projects).where(eq(projects.id, p.projectId)).for('update').limit(1);
        if (project.status === 'pending') {
          const facts = projectFactsOf(project, await memberIdsOf(tx, project.id));
          await tx.delete(projectMembers).where(eq(projectMembers.projectId, project.id));
          if (p.memberIds.length) await tx.insert(projectMembers).values(p.memberIds.map((userId) => ({ projectId: project.id, userId })));
          await applyTransition(
            { ctx, notifications },
            tx,
            publish,
            systemActor('proposal_accepted'),
            project,
            facts,
            'approved',
            `Approved on acceptance of the proposal "${p.title}"`,
            { budgetMinor: total, teamLeadId: p.teamLeadId, rejectionReason: null },
          );
        } else {
          await tx.update(projects).set({ budgetMinor: total, updatedAt: now }).where(eq(projects.id, project.id));
        }

        const contractId = await sendClientContract(tx, publish, actor, accepted, row.projectTitle, info);
        if (contractId !== null) await tx.update(proposals).set({ contractId }).where(eq(proposals.id, id));
        await helpers.notifyStaff(
          tx,
          publish,
          row,
          'proposal_accepted',
          'Proposal accepted',
          `${actor.name} accepted "${p.title}" for ${row.projectTitle} as "${input.signature_name}".`,
        );
      });
    } catch (err) {
      // Another proposal of the project was accepted at the same moment (one accepted proposal per project).
      if (isUniqueViolation(err)) throw new AppError('INVALID_TRANSITION', 'Another proposal for this project has already been accepted');
      if (err instanceof AppError && err.code === 'STALE_STATE') throw new AppError('INVALID_TRANSITION', 'This proposal has already been answered');
      throw err;
    }
    return helpers.get(actor, id);
  };

  /**
   * The client contract of the accepted proposal, sent at once to the owner who accepted: any unsigned client
   * contract of the project is voided first (it named the old scope). The client may not send contracts, so the
   * product does it here, on the acceptance, with the same freeze as a send by staff. None when the project's client
   * contract is already signed or no default client template exists.
   */
  async function sendClientContract(tx: Tx, publish: Publish, actor: Actor, p: ProposalRow, projectTitle: string, info: RequestInfo) {
    const [signed] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.projectId, p.projectId), eq(contracts.kind, 'client'), eq(contracts.status, 'signed')))
      .limit(1);
    if (signed) return null;
    const template = await contractService.templates.findDefault(tx, 'client');
    if (!template) return null;
    const now = ctx.now();
    const replaced = await tx
      .update(contracts)
      .set({ status: 'void', voidedAt: now, voidReason: 'Replaced by the contract of the accepted proposal', updatedAt: now })
      .where(and(eq(contracts.projectId, p.projectId), eq(contracts.kind, 'client'), inArray(contracts.status, ['draft', 'sent'])))
      .returning();
    for (const old of replaced) {
      await recordEvent(ctx, tx, old.id, 'voided', null, undefined, 'Replaced by the contract of the accepted proposal');
      publish({ type: 'contract.voided', contractId: old.id, projectId: old.projectId, kind: old.kind, signerId: old.signerId });
    }
    const draft = await insertDraft(ctx, tx, {
      projectId: p.projectId,
      kind: 'client',
      signerId: actor.id,
      companyId: p.companyId,
      templateId: template.id,
      title: template.title,
      body: template.body,
      createdBy: null,
    });
    if (!draft) return null;
    const frozen = renderDocument('client', draft.bodyMarkdown, await valuesFor(ctx, tx, draft, now));
    const [sent] = await tx
      .update(contracts)
      .set({
        status: 'sent',
        bodyMarkdown: frozen.markdown,
        bodyHtml: frozen.html,
        documentSha256: sha256Hex(frozen.html),
        sentAt: now,
        updatedAt: now,
      })
      .where(and(eq(contracts.id, draft.id), eq(contracts.status, 'draft')))
      .returning();
    await recordEvent(ctx, tx, sent.id, 'sent', null, info, `Sent on acceptance of the proposal "${p.title}"`);
    await notifications.notify(tx, publish, [actor.id], {
      kind: 'contract_sent',
      title: 'A contract is ready to sign',
      body: `"${sent.title}" for ${projectTitle} is ready for your signature: it names the proposal you accepted.`,
      target: { type: 'contract', id: String(sent.id) },
      projectId: sent.projectId,
    });
    publish({ type: 'contract.created', contractId: sent.id, projectId: sent.projectId, kind: 'client', signerId: sent.signerId });
    publish({ type: 'contract.sent', contractId: sent.id, projectId: sent.projectId, kind: 'client', signerId: sent.signerId });
    return sent.id;
  }
}
