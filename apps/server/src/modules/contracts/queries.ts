import type { Contract, ContractEvent, ContractListItem, ContractListQuery, Role } from '@agency/schema';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, can, contractScope, type ContractFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contractEvents, contractSignatures, contracts, projects, users } from '../../db/schema.js';
import { contractPdfPath, iso, type ContractRow } from './helpers.js';
import { renderDocument } from './template-render.js';
import { valuesFor } from './variables.js';

type SignatureRow = typeof contractSignatures.$inferSelect;

const signer = alias(users, 'signer');
const client = alias(users, 'client');
const eventActor = alias(users, 'event_actor');

const columns = {
  contract: contracts,
  projectTitle: projects.title,
  clientId: projects.clientId,
  teamLeadId: projects.teamLeadId,
  signerName: signer.name,
  signerRole: signer.role,
  signerEmail: signer.email,
  clientName: client.name,
};
export type Row = {
  contract: ContractRow;
  projectTitle: string;
  clientId: number;
  teamLeadId: number | null;
  signerName: string;
  signerRole: Role;
  signerEmail: string;
  clientName: string;
};

export function factsOf(row: Row): ContractFacts {
  return {
    signerId: row.contract.signerId,
    kind: row.contract.kind,
    status: row.contract.status,
    projectTeamLeadId: row.teamLeadId,
    companyId: row.contract.companyId,
  };
}

export function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(signer, eq(signer.id, contracts.signerId))
    .innerJoin(client, eq(client.id, projects.clientId));
}

export async function loadRow(db: DbOrTx, id: number, lock = false): Promise<Row> {
  if (lock) await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, id)).for('update');
  const [row] = await baseQuery(db).where(eq(contracts.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
  return row;
}

/** The contract and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
export async function load(
  ctx: AppContext,
  actor: Actor,
  action: 'contract:read' | 'contract:sign' | 'contract:download' | 'contract:manage',
  id: number,
  db: DbOrTx = ctx.db,
  lock = false,
) {
  const row = await loadRow(db, id, lock);
  assertCan(actor, action, factsOf(row), 'Contract not found');
  return row;
}

/** The contracts an actor may list, from the access policy's scope: drafts only for staff. */
export function visibleContracts(actor: Actor): SQL | undefined {
  const scope = contractScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'signer':
      return and(eq(contracts.signerId, scope.userId), ne(contracts.status, 'draft'));
    case 'company':
      return and(
        ne(contracts.status, 'draft'),
        or(eq(contracts.signerId, scope.userId), and(eq(contracts.kind, 'client'), eq(contracts.companyId, scope.companyId))),
      );
    case 'lead':
      return and(
        ne(contracts.status, 'draft'),
        or(eq(contracts.signerId, scope.userId), and(eq(contracts.kind, 'team'), eq(projects.teamLeadId, scope.userId))),
      );
  }
}

/** The list's filters, over contracts joined with their project and signer. */
export function filters(actor: Actor, query: ContractListQuery): SQL | undefined {
  const q = query.q?.trim();
  return and(
    visibleContracts(actor),
    query.project_id ? eq(contracts.projectId, Number(query.project_id)) : undefined,
    query.signer_id ? eq(contracts.signerId, Number(query.signer_id)) : undefined,
    query.client_id ? eq(projects.clientId, Number(query.client_id)) : undefined,
    query.kind ? eq(contracts.kind, query.kind) : undefined,
    q ? or(ilike(contracts.title, `%${q}%`), ilike(projects.title, `%${q}%`), ilike(signer.name, `%${q}%`)) : undefined,
  );
}

/** How many contracts of each status the filters select (the same joins as the list, for the same filters). */
export function countByStatus(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ status: contracts.status, n: count() })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(signer, eq(signer.id, contracts.signerId))
    .where(where)
    .groupBy(contracts.status);
}

export function presentItem(ctx: AppContext, actor: Actor, row: Row): ContractListItem {
  const c = row.contract;
  return {
    id: String(c.id),
    kind: c.kind,
    project_id: String(c.projectId),
    project_title: row.projectTitle,
    client: { id: String(row.clientId), name: row.clientName },
    title: c.title,
    status: c.status,
    signer: { id: String(c.signerId), name: row.signerName, role: row.signerRole },
    template_id: c.templateId === null ? null : String(c.templateId),
    document_sha256: c.documentSha256,
    sent_at: iso(c.sentAt),
    viewed_at: iso(c.viewedAt),
    signed_at: iso(c.signedAt),
    expires_at: iso(c.expiresAt),
    reminded_at: iso(c.remindedAt),
    voided_at: iso(c.voidedAt),
    void_reason: c.voidReason,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    pdf_url: can(actor, 'contract:download', factsOf(row)) ? contractPdfPath(c.id) : null,
  };
}

export async function signatureOf(db: DbOrTx, contractId: number): Promise<SignatureRow | null> {
  const [row] = await db.select().from(contractSignatures).where(eq(contractSignatures.contractId, contractId)).limit(1);
  return row ?? null;
}

export async function present(ctx: AppContext, actor: Actor, row: Row, db: DbOrTx = ctx.db): Promise<Contract> {
  const c = row.contract;
  const document = c.bodyHtml === null ? renderDocument(c.kind, c.bodyMarkdown, await valuesFor(ctx, db, c, ctx.now())) : null;
  const signature = c.status === 'signed' ? await signatureOf(db, c.id) : null;
  return {
    ...presentItem(ctx, actor, row),
    body_markdown: c.bodyMarkdown,
    body_html: c.bodyHtml ?? document?.html ?? '',
    signature: signature
      ? {
          name: signature.name,
          signed_at: signature.signedAt.toISOString(),
          has_image: signature.imagePng !== null,
          ip: signature.ip,
          user_agent: signature.userAgent,
          document_sha256: signature.documentSha256,
          pdf_sha256: signature.pdfSha256,
        }
      : null,
  };
}

export async function events(db: DbOrTx, contractId: number): Promise<ContractEvent[]> {
  const rows = await db
    .select({ event: contractEvents, actorName: eventActor.name })
    .from(contractEvents)
    .leftJoin(eventActor, eq(eventActor.id, contractEvents.actorId))
    .where(eq(contractEvents.contractId, contractId))
    .orderBy(asc(contractEvents.id));
  return rows.map(({ event, actorName }) => ({
    id: String(event.id),
    kind: event.kind,
    actor: event.actorId === null ? null : { id: String(event.actorId), name: actorName ?? '' },
    ip: event.ip,
    user_agent: event.userAgent,
    note: event.note,
    created_at: event.createdAt.toISOString(),
  }));
}

export async function staffIds(db: DbOrTx) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}
