import {
  computeInvoiceTotals,
  computeProposalTotals,
  isCurrency,
  isItemCounted,
  type Currency,
  type Proposal,
  type ProposalItem,
  type ProposalListItem,
} from '@agency/schema';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, type ProposalFacts, type ProposalScope } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clientCompanies, invoices, projects, proposals, users, type StoredProposalItem } from '../../db/schema.js';

export type ProposalRow = typeof proposals.$inferSelect;
export type Row = { proposal: ProposalRow; projectTitle: string; projectStatus: string; companyName: string; acceptedByName: string | null };

/** Where a request came from: kept with an acceptance. */
export type RequestInfo = { ip: string | null; userAgent: string | null };

const acceptor = alias(users, 'acceptor');

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function proposalPdfPath(id: number) {
  return `/api/proposals/${id}/pdf`;
}

export function currencyOf(row: ProposalRow): Currency {
  return isCurrency(row.currency) ? row.currency : 'GBP';
}

export function factsOf(row: ProposalRow): ProposalFacts {
  return { companyId: row.companyId, status: row.status };
}

export function baseQuery(db: DbOrTx) {
  return db
    .select({
      proposal: proposals,
      projectTitle: projects.title,
      projectStatus: projects.status,
      companyName: clientCompanies.name,
      acceptedByName: acceptor.name,
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, proposals.companyId))
    .leftJoin(acceptor, eq(acceptor.id, proposals.acceptedBy));
}

export async function loadRow(db: DbOrTx, id: number, lock = false): Promise<Row> {
  if (lock) await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id)).for('update');
  const [row] = await baseQuery(db).where(eq(proposals.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Proposal not found');
  return row;
}

/** The proposal and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
export async function load(
  ctx: AppContext,
  actor: Actor,
  action: 'proposal:read' | 'proposal:answer',
  id: number,
  db: DbOrTx = ctx.db,
  lock = false,
): Promise<Row> {
  const row = await loadRow(db, id, lock);
  assertCan(actor, action, factsOf(row.proposal), 'Proposal not found');
  return row;
}

/** Items with their computed amount and tax (each line rounded once, by the invoices' totals function). */
export function presentItems(items: readonly StoredProposalItem[]): ProposalItem[] {
  const computed = computeInvoiceTotals(items, 0).lines;
  return items.map((item, i) => ({ ...item, amount: computed[i].amount, tax: computed[i].tax }));
}

export function totalsOf(row: ProposalRow) {
  return computeProposalTotals(row.items, row.depositPercent, currencyOf(row));
}

/** The items that count in the accepted price (required ones and the optional ones ticked). */
export function countedItems(row: ProposalRow) {
  return row.items.filter(isItemCounted);
}

async function extras(db: DbOrTx, row: ProposalRow) {
  const [revised] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.previousId, row.id)).limit(1);
  const [deposit] =
    row.status === 'accepted'
      ? await db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.projectId, row.projectId), eq(invoices.kind, 'deposit')))
          .orderBy(desc(invoices.id))
          .limit(1)
      : [];
  return { revisedById: revised?.id ?? null, depositInvoiceId: deposit?.id ?? null };
}

export function presentItem(row: Row, more: { revisedById: number | null; depositInvoiceId: number | null }): ProposalListItem {
  const p = row.proposal;
  const totals = totalsOf(p);
  return {
    id: String(p.id),
    project_id: String(p.projectId),
    project_title: row.projectTitle,
    project_status: row.projectStatus,
    company: { id: String(p.companyId), name: row.companyName },
    version: p.version,
    previous_id: p.previousId === null ? null : String(p.previousId),
    revised_by_id: more.revisedById === null ? null : String(more.revisedById),
    title: p.title,
    currency: currencyOf(p),
    valid_until: p.validUntil,
    deposit_percent: p.depositPercent,
    status: p.status,
    // Once accepted, the figure is the one recorded at acceptance (the same as the frozen selection gives).
    subtotal: totals.subtotal,
    tax_total: totals.tax_total,
    total: p.acceptedTotal ?? totals.total,
    deposit_amount: totals.deposit_amount,
    team_lead_id: p.teamLeadId === null ? null : String(p.teamLeadId),
    member_ids: p.memberIds.map(String),
    sent_at: iso(p.sentAt),
    viewed_at: iso(p.viewedAt),
    accepted_at: iso(p.acceptedAt),
    declined_at: iso(p.declinedAt),
    decline_reason: p.declineReason,
    expired_at: iso(p.expiredAt),
    voided_at: iso(p.voidedAt),
    void_reason: p.voidReason,
    document_sha256: p.documentSha256,
    acceptance:
      p.acceptedAt && p.signatureName && p.acceptedBy
        ? {
            name: p.signatureName,
            accepted_at: p.acceptedAt.toISOString(),
            has_image: p.signatureImagePng !== null,
            ip: p.acceptIp,
            user_agent: p.acceptUserAgent,
            accepted_by: { id: String(p.acceptedBy), name: row.acceptedByName ?? '' },
          }
        : null,
    contract_id: p.contractId === null ? null : String(p.contractId),
    deposit_invoice_id: more.depositInvoiceId === null ? null : String(more.depositInvoiceId),
    pdf_url: proposalPdfPath(p.id),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function present(db: DbOrTx, row: Row): Promise<Proposal> {
  const p = row.proposal;
  return {
    ...presentItem(row, await extras(db, p)),
    intro_markdown: p.introMarkdown,
    sections: p.sections,
    items: presentItems(p.items),
  };
}

/** A page of proposals: their newer versions and deposit invoices read in two queries, not two a row. */
export async function presentList(db: DbOrTx, rows: Row[]): Promise<ProposalListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.proposal.id);
  const projectIds = [...new Set(rows.filter((r) => r.proposal.status === 'accepted').map((r) => r.proposal.projectId))];
  const revisions = await db.select({ id: proposals.id, previousId: proposals.previousId }).from(proposals).where(inArray(proposals.previousId, ids));
  const deposits = projectIds.length
    ? await db
        .select({ id: invoices.id, projectId: invoices.projectId })
        .from(invoices)
        .where(and(inArray(invoices.projectId, projectIds), eq(invoices.kind, 'deposit')))
    : [];
  return rows.map((row) =>
    presentItem(row, {
      revisedById: revisions.find((r) => r.previousId === row.proposal.id)?.id ?? null,
      depositInvoiceId: row.proposal.status === 'accepted' ? (deposits.find((d) => d.projectId === row.proposal.projectId)?.id ?? null) : null,
    }),
  );
}

/** The proposals a list scope selects, as SQL: a company sees its own once they are sent (drafts are the agency's). */
export function visibleProposals(scope: ProposalScope): SQL | undefined {
  return scope.kind === 'company'
    ? and(eq(proposals.companyId, scope.companyId), inArray(proposals.status, ['sent', 'accepted', 'declined', 'expired', 'void']))
    : undefined;
}
