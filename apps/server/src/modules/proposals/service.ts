import {
  PROPOSAL_REMINDER_DAYS,
  PROPOSAL_STATUSES,
  REVISABLE_PROPOSAL_STATUSES,
  formatDate,
  type CreateProposalData,
  type ProposalListQuery,
  type ProposalStatus,
  type ProposalSummary,
  type UpdateProposalData,
} from '@agency/schema';
import { and, count, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Actor, Initiator } from '../../core/actor.js';
import { systemActor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, proposalScope } from '../../core/policy.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { projects, proposals, users } from '../../db/schema.js';
import { readerLocale } from '../../i18n/index.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { companyPeopleIds } from '../companies/queries.js';
import { staffIds } from '../contracts/queries.js';
import { formatMoney } from '../contracts/template-render.js';
import { addDays, isoDay } from '../invoices/helpers.js';
import type { ProposalDeps } from './deps.js';
import { acceptProposal } from './accept.js';
import { proposalLifecycle } from './lifecycle.js';
import {
  baseQuery,
  factsOf,
  load,
  loadRow,
  present,
  presentList,
  totalsOf,
  visibleProposals,
  type ProposalRow,
  type RequestInfo,
  type Row,
} from './queries.js';
import { storedItems } from './items.js';
import { createProposalTemplateService } from './templates.js';

const target = (id: number) => ({ type: 'proposal' as const, id: String(id) });

function auditState(p: ProposalRow) {
  return { status: p.status, title: p.title, project_id: String(p.projectId), version: p.version, total: totalsOf(p).total };
}

export function createProposalService(deps: ProposalDeps) {
  const { ctx, notifications } = deps;
  const today = () => isoDay(ctx.now());

  function assertValidFrom(validUntil: string) {
    if (validUntil < today()) throw new AppError('BAD_REQUEST', `valid_until: the proposal cannot be valid until a day in the past (${validUntil})`);
  }

  async function assertTeam(db: DbOrTx, leadId: number | null, memberIds: number[]) {
    if (leadId !== null) {
      const [lead] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, leadId), eq(users.role, 'teamlead'), eq(users.status, 'active')))
        .limit(1);
      if (!lead) throw new AppError('UNPROCESSABLE', 'team_lead_id: the team lead must be an active team lead');
    }
    if (memberIds.length > 0) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, memberIds), inArray(users.role, ['teamlead', 'teammember']), eq(users.status, 'active')));
      if (rows.length !== new Set(memberIds).size) throw new AppError('UNPROCESSABLE', 'member_ids: team members must be active employees');
    }
  }

  async function get(actor: Actor, id: number) {
    const row = await load(ctx, actor, 'proposal:read', id);
    return present(ctx.db, row);
  }

  async function owners(db: DbOrTx, companyId: number) {
    return companyPeopleIds(db, companyId, ['owner']);
  }

  /** A change of status through the state machine, in the caller's transaction. */
  async function move(tx: Tx, initiator: Initiator, row: Row, to: ProposalStatus, set: Partial<ProposalRow>) {
    return proposalLifecycle.transition(tx, {
      table: proposals,
      id: row.proposal.id,
      actor: initiator,
      resource: factsOf(row.proposal),
      from: row.proposal.status,
      to,
      set: { ...set, updatedAt: ctx.now() },
    });
  }

  async function notifyOwners(tx: Tx, publish: Publish, row: Row, kind: string, title: string, body: string) {
    await notifications.notify(tx, publish, await owners(tx, row.proposal.companyId), {
      kind,
      title,
      body,
      target: target(row.proposal.id),
      projectId: row.proposal.projectId,
    });
  }

  async function notifyStaff(tx: Tx, publish: Publish, row: Row, kind: string, title: string, body: string) {
    await notifications.notify(tx, publish, await staffIds(tx), {
      kind,
      title,
      body,
      target: target(row.proposal.id),
      projectId: row.proposal.projectId,
    });
  }

  /** A sent proposal still open to an answer: not past its last valid day. */
  function assertOpen(row: ProposalRow) {
    if (row.status === 'sent' && row.validUntil < today()) {
      throw new AppError('INVALID_TRANSITION', `This proposal expired after ${formatDate(row.validUntil)}; ask for a new version`);
    }
  }

  return {
    templates: createProposalTemplateService(ctx),
    get,

    async list(actor: Actor, query: ProposalListQuery & { cursor?: string; limit: number }) {
      assertCan(actor, 'proposal:list', null);
      const scope = proposalScope(actor);
      const after = decodeCursor(query.cursor);
      const rows = await baseQuery(ctx.db)
        .where(
          and(
            visibleProposals(scope),
            query.project_id ? eq(proposals.projectId, Number(query.project_id)) : undefined,
            query.status ? eq(proposals.status, query.status) : undefined,
            after ? lt(proposals.id, after) : undefined,
          ),
        )
        .orderBy(desc(proposals.id))
        .limit(query.limit + 1);
      const page = toPage(
        rows.map((r) => ({ ...r, id: r.proposal.id })),
        query.limit,
        (r) => r,
      );
      return { items: await presentList(ctx.db, page.items), next_cursor: page.next_cursor };
    },

    /** Every proposal by status and the accepted value per currency, counted by the database (staff). */
    async summary(actor: Actor): Promise<ProposalSummary> {
      assertCan(actor, 'proposal:manage', null);
      const [byStatus, accepted] = await Promise.all([
        ctx.db.select({ status: proposals.status, n: count() }).from(proposals).groupBy(proposals.status),
        ctx.db
          .select({ currency: proposals.currency, total: sql<string>`coalesce(sum(${proposals.acceptedTotal}), 0)` })
          .from(proposals)
          .where(eq(proposals.status, 'accepted'))
          .groupBy(proposals.currency)
          .orderBy(proposals.currency),
      ]);
      const counts = Object.fromEntries(PROPOSAL_STATUSES.map((status) => [status, 0])) as ProposalSummary['counts'];
      for (const row of byStatus) counts[row.status] = Number(row.n);
      const sent = counts.sent + counts.accepted + counts.declined + counts.expired;
      return {
        counts,
        conversion: { accepted: counts.accepted, sent },
        accepted_value: accepted.map((row) => ({ currency: row.currency, total: Number(row.total) })),
      };
    },

    async create(actor: Actor, input: CreateProposalData) {
      assertCan(actor, 'proposal:manage', null);
      assertValidFrom(input.valid_until);
      const id = await ctx.transaction(async (tx) => {
        const [project] = await tx
          .select()
          .from(projects)
          .where(eq(projects.id, Number(input.project_id)))
          .limit(1);
        if (!project) throw new AppError('UNPROCESSABLE', 'project_id: no such project');
        if (project.status !== 'pending' && project.status !== 'approved') {
          throw new AppError('UNPROCESSABLE', 'project_id: proposals are made for pending or approved projects');
        }
        const leadId = input.team_lead_id ? Number(input.team_lead_id) : null;
        const memberIds = [...new Set((input.member_ids ?? []).map(Number))].filter((m) => m !== leadId);
        await assertTeam(tx, leadId, memberIds);
        const now = ctx.now();
        const [row] = await tx
          .insert(proposals)
          .values({
            projectId: project.id,
            companyId: project.companyId,
            title: input.title,
            introMarkdown: input.intro_markdown,
            sections: input.sections,
            items: storedItems(input.items),
            currency: (project.currency as ProposalRow['currency']) ?? 'GBP',
            validUntil: input.valid_until,
            depositPercent: input.deposit_percent ?? Math.round(ctx.config.payments.depositPercent),
            teamLeadId: leadId,
            memberIds,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, actor, 'proposal.created', { type: 'proposal', id: row.id, after: auditState(row) }, now);
        return row.id;
      });
      return get(actor, id);
    },

    async update(actor: Actor, id: number, input: UpdateProposalData) {
      assertCan(actor, 'proposal:manage', null);
      if (input.valid_until) assertValidFrom(input.valid_until);
      await ctx.transaction(async (tx) => {
        const row = await loadRow(tx, id, true);
        const p = row.proposal;
        if (p.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'Only a draft proposal can be edited; void it or make a new version');
        const leadId = input.team_lead_id === undefined ? p.teamLeadId : input.team_lead_id === null ? null : Number(input.team_lead_id);
        const memberIds = input.member_ids ? [...new Set(input.member_ids.map(Number))].filter((m) => m !== leadId) : p.memberIds;
        await assertTeam(tx, leadId, memberIds);
        const [updated] = await tx
          .update(proposals)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.intro_markdown !== undefined ? { introMarkdown: input.intro_markdown } : {}),
            ...(input.sections !== undefined ? { sections: input.sections } : {}),
            ...(input.items !== undefined ? { items: storedItems(input.items) } : {}),
            ...(input.valid_until !== undefined ? { validUntil: input.valid_until } : {}),
            ...(input.deposit_percent !== undefined ? { depositPercent: input.deposit_percent } : {}),
            teamLeadId: leadId,
            memberIds,
            updatedAt: ctx.now(),
          })
          .where(and(eq(proposals.id, id), eq(proposals.status, 'draft')))
          .returning();
        if (!updated) throw new AppError('STALE_STATE', 'The proposal changed meanwhile; reload and try again');
        await recordAudit(tx, actor, 'proposal.updated', { type: 'proposal', id, before: auditState(p), after: auditState(updated) }, ctx.now());
      });
      return get(actor, id);
    },

    async send(actor: Actor, id: number) {
      assertCan(actor, 'proposal:manage', null);
      await ctx.transaction(async (tx, publish) => {
        const row = await loadRow(tx, id, true);
        const p = row.proposal;
        proposalLifecycle.assertMay(actor, factsOf(p), p.status, 'sent');
        assertValidFrom(p.validUntil);
        if (row.projectStatus !== 'pending' && row.projectStatus !== 'approved') {
          throw new AppError(
            'INVALID_TRANSITION',
            `The project is ${row.projectStatus.replace('_', ' ')}: a proposal is sent for a pending or approved project`,
          );
        }
        if (row.projectStatus === 'pending' && p.teamLeadId === null) {
          throw new AppError('BAD_REQUEST', 'team_lead_id: choose the team lead who runs the project once the client accepts');
        }
        const updated = await move(tx, actor, row, 'sent', { sentAt: ctx.now() });
        const totals = totalsOf(updated);
        await notifyOwners(
          tx,
          publish,
          row,
          'proposal_sent',
          'A proposal is waiting for your answer',
          `"${p.title}" for ${row.projectTitle}: ${formatMoney(totals.total, updated.currency)}, valid until ${formatDate(p.validUntil)}. Open it to review, tick options and accept.`,
        );
        await recordAudit(tx, actor, 'proposal.sent', { type: 'proposal', id, before: auditState(p), after: auditState(updated) }, ctx.now());
      });
      return get(actor, id);
    },

    /** The client opened it: recorded once, while it waits for an answer. */
    async view(actor: Actor, id: number) {
      const row = await load(ctx, actor, 'proposal:answer', id);
      if (row.proposal.status === 'sent' && !row.proposal.viewedAt) {
        await ctx.db
          .update(proposals)
          .set({ viewedAt: ctx.now() })
          .where(and(eq(proposals.id, id), eq(proposals.status, 'sent'), isNull(proposals.viewedAt)));
      }
      return get(actor, id);
    },

    /** The client ticks optional items while it is sent: exactly `item_ids` of the optional items are ticked. */
    async select(actor: Actor, id: number, itemIds: string[]) {
      await ctx.transaction(async (tx) => {
        const row = await load(ctx, actor, 'proposal:answer', id, tx, true);
        const p = row.proposal;
        if (p.status !== 'sent') throw new AppError('INVALID_TRANSITION', `This proposal is ${p.status}: its options can no longer change`);
        assertOpen(p);
        const wanted = new Set(itemIds);
        for (const itemId of wanted) {
          const item = p.items.find((i) => i.id === itemId);
          if (!item) throw new AppError('BAD_REQUEST', `item_ids: no item "${itemId}" in this proposal`);
          if (!item.optional) throw new AppError('BAD_REQUEST', `item_ids: "${item.description}" is not optional: it is always part of the proposal`);
        }
        const items = p.items.map((i) => ({ ...i, selected: i.optional ? wanted.has(i.id) : true }));
        const [updated] = await tx
          .update(proposals)
          .set({ items, updatedAt: ctx.now() })
          .where(and(eq(proposals.id, id), eq(proposals.status, 'sent')))
          .returning({ id: proposals.id });
        if (!updated) throw new AppError('STALE_STATE', 'The proposal changed meanwhile; reload and try again');
      });
      return get(actor, id);
    },

    accept: acceptProposal(deps, { assertOpen, notifyStaff, get }),

    async decline(actor: Actor, id: number, reason: string) {
      await ctx.transaction(async (tx, publish) => {
        const row = await load(ctx, actor, 'proposal:answer', id, tx, true);
        proposalLifecycle.assertMay(actor, factsOf(row.proposal), row.proposal.status, 'declined');
        assertOpen(row.proposal);
        await move(tx, actor, row, 'declined', { declinedAt: ctx.now(), declineReason: reason });
        await notifyStaff(
          tx,
          publish,
          row,
          'proposal_declined',
          'Proposal declined',
          `${actor.name} declined "${row.proposal.title}" for ${row.projectTitle}. Reason: ${reason}`,
        );
      });
      return get(actor, id);
    },

    async void(actor: Actor, id: number, reason: string) {
      assertCan(actor, 'proposal:manage', null);
      await ctx.transaction(async (tx, publish) => {
        const row = await loadRow(tx, id, true);
        const p = row.proposal;
        proposalLifecycle.assertMay(actor, factsOf(p), p.status, 'void');
        const updated = await move(tx, actor, row, 'void', { voidedAt: ctx.now(), voidReason: reason });
        // A draft was never shown to the client: only a sent proposal's owners hear it was withdrawn.
        if (p.status === 'sent') {
          await notifyOwners(
            tx,
            publish,
            row,
            'proposal_voided',
            'A proposal was withdrawn',
            `"${p.title}" for ${row.projectTitle} was withdrawn. Reason: ${reason}`,
          );
        }
        await recordAudit(
          tx,
          actor,
          'proposal.voided',
          { type: 'proposal', id, before: auditState(p), after: { ...auditState(updated), reason } },
          ctx.now(),
        );
      });
      return get(actor, id);
    },

    /** An expired or declined proposal offered again: a new draft version; the old one stays as it was. */
    async revise(actor: Actor, id: number) {
      assertCan(actor, 'proposal:manage', null);
      const newId = await ctx.transaction(async (tx) => {
        const row = await loadRow(tx, id, true);
        const p = row.proposal;
        if (!REVISABLE_PROPOSAL_STATUSES.includes(p.status)) {
          throw new AppError('INVALID_TRANSITION', `A ${p.status} proposal cannot be revised: only an expired or declined one is offered again`);
        }
        const [already] = await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.previousId, id)).limit(1);
        if (already) throw new AppError('CONFLICT', 'This proposal already has a newer version');
        const now = ctx.now();
        const validUntil = p.validUntil >= today() ? p.validUntil : addDays(today(), 14);
        const [row2] = await tx
          .insert(proposals)
          .values({
            projectId: p.projectId,
            companyId: p.companyId,
            version: p.version + 1,
            previousId: p.id,
            title: p.title,
            introMarkdown: p.introMarkdown,
            sections: p.sections,
            items: p.items,
            currency: p.currency,
            validUntil,
            depositPercent: p.depositPercent,
            teamLeadId: p.teamLeadId,
            memberIds: p.memberIds,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, actor, 'proposal.revised', { type: 'proposal', id: row2.id, before: auditState(p), after: auditState(row2) }, now);
        return row2.id;
      });
      return get(actor, newId);
    },

    async pdf(actor: Actor, id: number) {
      const row = await load(ctx, actor, 'proposal:read', id);
      const { proposalPdf } = await import('./proposal-pdf.js');
      return proposalPdf(ctx, row, readerLocale(actor.locale, ctx.config.defaultLocale));
    },

    /** Sent proposals past their last valid day (to expire) and near it without a reminder (to remind). */
    async due() {
      const day = today();
      const expire = await ctx.db
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.status, 'sent'), lt(proposals.validUntil, day)));
      const remind = await ctx.db
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.status, 'sent'), isNull(proposals.remindedAt), lte(proposals.validUntil, addDays(day, PROPOSAL_REMINDER_DAYS))));
      const expiring = new Set(expire.map((r) => r.id));
      return { expire: [...expiring], remind: remind.map((r) => r.id).filter((rid) => !expiring.has(rid)) };
    },

    /** The expiry job: once, whatever the number of nodes (the transition is conditional on the status). */
    async expire(id: number) {
      return ctx.transaction(async (tx, publish) => {
        const row = await loadRow(tx, id, true).catch(() => null);
        if (!row || row.proposal.status !== 'sent' || row.proposal.validUntil >= today()) return false;
        await move(tx, systemActor('valid_until_passed'), row, 'expired', { expiredAt: ctx.now() });
        const body = `"${row.proposal.title}" for ${row.projectTitle} expired after ${formatDate(row.proposal.validUntil)}.`;
        await notifyOwners(tx, publish, row, 'proposal_expired', 'A proposal expired', `${body} Ask us for a new version if you still want it.`);
        await notifyStaff(tx, publish, row, 'proposal_expired', 'Proposal expired', `${body} You can revise it into a new version.`);
        return true;
      });
    },

    /** One reminder before expiry, claimed with a conditional update. */
    async remind(id: number) {
      return ctx.transaction(async (tx, publish) => {
        const [claimed] = await tx
          .update(proposals)
          .set({ remindedAt: ctx.now() })
          .where(and(eq(proposals.id, id), eq(proposals.status, 'sent'), isNull(proposals.remindedAt)))
          .returning({ id: proposals.id });
        if (!claimed) return false;
        const row = await loadRow(tx, id);
        await notifyOwners(
          tx,
          publish,
          row,
          'proposal_reminder',
          'A proposal is waiting for your answer',
          `"${row.proposal.title}" for ${row.projectTitle} is valid until ${formatDate(row.proposal.validUntil)}.`,
        );
        return true;
      });
    },
  };
}

export type ProposalService = ReturnType<typeof createProposalService>;
export type { RequestInfo };
