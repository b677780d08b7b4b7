import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CONTRACT_EVENT_LABELS,
  CONTRACT_KIND_LABELS,
  CONTRACT_STATUSES,
  ROLE_LABELS,
  type Contract,
  type ContractEvent,
  type ContractKind,
  type ContractListItem,
  type ContractListQuery,
  type ContractStatus,
  type CreateContractInput,
  type SendContractInput,
  type SignContractInput,
  type Role,
  type UpdateContractInput,
} from '@agency/schema';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import type { Publish } from '../../core/events.js';
import { assertCan, can, contractScope, type ContractFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contractEvents, contractSignatures, contracts, contractTemplates, projectMembers, projects, users } from '../../db/schema.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { signUrl } from '../../lib/signed-url.js';
import type { NotificationService } from '../notifications/service.js';
import type { Certificate, ContractPdfInput } from './contract-pdf.js';
import { contractLifecycle, SCHEDULER, type ContractMachineFacts } from './lifecycle.js';
import { createContractTemplateService } from './template-service.js';
import { formatLongDate, formatMoney, formatUtc, renderDocument, sha256Hex, type VariableValues } from './template-render.js';

/** Where a request came from: recorded in the audit trail and on the certificate page. */
export type RequestInfo = { ip: string | null; userAgent: string | null };

type ContractRow = typeof contracts.$inferSelect;
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
type Row = {
  contract: ContractRow;
  projectTitle: string;
  clientId: number;
  teamLeadId: number | null;
  signerName: string;
  signerRole: Role;
  signerEmail: string;
  clientName: string;
};
type Parties = { projectId: number; signerId: number; kind: ContractKind };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The PDF writer (pdf-lib and its fonts), loaded on the first document rather than at every start. */
const pdfModule = () => import('./contract-pdf.js');

export function contractDownloadPath(id: number) {
  return `/api/contracts/${id}/download`;
}

/** What the audit log keeps of a contract around a change. */
function auditState(row: ContractRow) {
  return { kind: row.kind, status: row.status, title: row.title, signer_id: String(row.signerId), project_id: String(row.projectId) };
}

function factsOf(row: Row): ContractFacts {
  return { signerId: row.contract.signerId, kind: row.contract.kind, status: row.contract.status, projectTeamLeadId: row.teamLeadId };
}

/** A unique index refused the insert (a concurrent signature, a second live contract). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

function slug(text: string) {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'contract'
  );
}

/** The trail entry of each change staff make through the state machine. */
const STAFF_EVENT: Record<ContractStatus, ContractEvent['kind']> = {
  draft: 'updated',
  sent: 'sent',
  signed: 'signed',
  void: 'voided',
  expired: 'expired',
};

export type ContractDocument = { bytes: Buffer; filename: string; signed: boolean };

export function createContractService(ctx: AppContext, notifications: NotificationService) {
  const templates = createContractTemplateService(ctx, (kind, projectId, actor) => previewValues(kind, projectId, actor));

  function baseQuery(db: DbOrTx) {
    return db
      .select(columns)
      .from(contracts)
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .innerJoin(signer, eq(signer.id, contracts.signerId))
      .innerJoin(client, eq(client.id, projects.clientId));
  }

  async function loadRow(db: DbOrTx, id: number, lock = false): Promise<Row> {
    if (lock) await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, id)).for('update');
    const [row] = await baseQuery(db).where(eq(contracts.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
    return row;
  }

  /** The contract and the caller's access to it; one the caller may not see is answered exactly like a missing one. */
  async function load(
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
  function visibleContracts(actor: Actor): SQL | undefined {
    const scope = contractScope(actor);
    switch (scope.kind) {
      case 'all':
        return undefined;
      case 'signer':
        return and(eq(contracts.signerId, scope.userId), ne(contracts.status, 'draft'));
      case 'lead':
        return and(
          ne(contracts.status, 'draft'),
          or(eq(contracts.signerId, scope.userId), and(eq(contracts.kind, 'team'), eq(projects.teamLeadId, scope.userId))),
        );
    }
  }

  function presentItem(actor: Actor, row: Row): ContractListItem {
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
      pdf_url: can(actor, 'contract:download', factsOf(row))
        ? signUrl(ctx.signingKey, contractDownloadPath(c.id), ctx.now(), ctx.config.signedUrlTtlMs, actor.sessionId)
        : null,
    };
  }

  async function signatureOf(db: DbOrTx, contractId: number): Promise<SignatureRow | null> {
    const [row] = await db.select().from(contractSignatures).where(eq(contractSignatures.contractId, contractId)).limit(1);
    return row ?? null;
  }

  async function present(actor: Actor, row: Row, db: DbOrTx = ctx.db): Promise<Contract> {
    const c = row.contract;
    const document = c.bodyHtml === null ? renderDocument(c.kind, c.bodyMarkdown, await valuesFor(db, c, ctx.now())) : null;
    const signature = c.status === 'signed' ? await signatureOf(db, c.id) : null;
    return {
      ...presentItem(actor, row),
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

  /** The values a contract's variables take: its project, client and signer, the agency, and the day it is sent. */
  async function valuesFor(db: DbOrTx, parties: Parties, today: Date): Promise<VariableValues> {
    const [project] = await db.select().from(projects).where(eq(projects.id, parties.projectId)).limit(1);
    const people = await db
      .select({ id: users.id, name: users.name, email: users.email, company: users.company })
      .from(users)
      .where(inArray(users.id, [project.clientId, parties.signerId, ...(project.teamLeadId ? [project.teamLeadId] : [])]));
    const person = (id: number | null) => people.find((p) => p.id === id) ?? null;
    const clientUser = person(project.clientId);
    const signerUser = person(parties.signerId);
    return {
      ...agencyValues(today),
      'client.name': clientUser?.name ?? null,
      'client.company': clientUser?.company ?? null,
      'client.email': clientUser?.email ?? null,
      'project.title': project.title,
      'project.description': project.description,
      'project.budget': formatMoney(project.budgetMinor, project.currency),
      'project.deadline': formatLongDate(project.deadline),
      'project.team_lead': person(project.teamLeadId)?.name ?? null,
      'signer.name': signerUser?.name ?? null,
      ...(parties.kind === 'team'
        ? {
            'employee.name': signerUser?.name ?? null,
            'employee.email': signerUser?.email ?? null,
            'employee.role': project.teamLeadId === parties.signerId ? 'Team lead' : 'Team member',
          }
        : {}),
    };
  }

  function agencyValues(today: Date): VariableValues {
    return {
      'agency.name': ctx.config.brandName,
      'agency.email': ctx.config.contactEmail,
      'agency.phone': ctx.config.contactPhone,
      today: formatLongDate(today),
    };
  }

  /** Values for the template editor's preview: a real project's when one is named, otherwise samples. */
  async function previewValues(kind: ContractKind, projectId: number | undefined, actor: Actor): Promise<VariableValues> {
    const today = ctx.now();
    if (projectId !== undefined) {
      const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw new AppError('NOT_FOUND', 'Project not found');
      const signerId = kind === 'client' ? project.clientId : (project.teamLeadId ?? project.clientId);
      return valuesFor(ctx.db, { projectId, signerId, kind }, today);
    }
    const sample: VariableValues = {
      ...agencyValues(today),
      'client.name': 'Alex Morgan',
      'client.company': 'Morgan & Co Ltd',
      'client.email': 'alex@morgan.example',
      'project.title': 'Website redesign',
      'project.description': 'A five-page marketing site with a blog and a contact form.',
      'project.budget': formatMoney(1_200_000, 'GBP'),
      'project.deadline': formatLongDate(new Date(today.getTime() + 60 * 86_400_000)),
      'project.team_lead': 'Sam Taylor',
      'signer.name': kind === 'client' ? 'Alex Morgan' : actor.name,
    };
    return kind === 'team'
      ? { ...sample, 'employee.name': 'Jordan Lee', 'employee.email': 'jordan@agency.example', 'employee.role': 'Team member' }
      : sample;
  }

  async function recordEvent(db: DbOrTx, contractId: number, kind: ContractEvent['kind'], actorId: number | null, info?: RequestInfo, note?: string) {
    await db.insert(contractEvents).values({
      contractId,
      kind,
      actorId,
      ip: info?.ip ?? null,
      userAgent: info?.userAgent?.slice(0, 500) ?? null,
      note: note ?? null,
      createdAt: ctx.now(),
    });
  }

  async function staffIds(db: DbOrTx) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['superadmin', 'admin']), eq(users.status, 'active')));
    return rows.map((r) => r.id);
  }

  const eventOf = (c: ContractRow) => ({ contractId: c.id, projectId: c.projectId, kind: c.kind, signerId: c.signerId });
  const target = (c: ContractRow) => ({ type: 'contract' as const, id: String(c.id) });

  async function events(db: DbOrTx, contractId: number): Promise<ContractEvent[]> {
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

  /** Inserts a draft unless the signer already has a live contract of this kind on the project (then null). */
  async function insertDraft(
    db: DbOrTx,
    values: { projectId: number; kind: ContractKind; signerId: number; templateId: number; title: string; body: string; createdBy: number | null },
    info?: RequestInfo,
  ) {
    const now = ctx.now();
    const [row] = await db
      .insert(contracts)
      .values({
        projectId: values.projectId,
        kind: values.kind,
        signerId: values.signerId,
        templateId: values.templateId,
        title: values.title,
        bodyMarkdown: values.body,
        createdBy: values.createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row)
      await recordEvent(
        db,
        row.id,
        'created',
        values.createdBy,
        info,
        values.createdBy === null ? 'Generated when the project was approved' : undefined,
      );
    return row ?? null;
  }

  async function buildPdfInput(db: DbOrTx, row: Row): Promise<ContractPdfInput> {
    const c = row.contract;
    const markdown = c.bodyHtml === null ? renderDocument(c.kind, c.bodyMarkdown, await valuesFor(db, c, ctx.now())).markdown : c.bodyMarkdown;
    return {
      contractId: c.id,
      title: c.title,
      projectTitle: row.projectTitle,
      agencyName: ctx.config.brandName,
      kindLabel: CONTRACT_KIND_LABELS[c.kind],
      signerName: row.signerName,
      documentSha256: c.documentSha256,
      markdown,
    };
  }

  /** The signed PDF: the document, the signature, the certificate page; sealed. */
  async function sealedPdf(db: DbOrTx, row: Row, signature: { name: string; signedAt: Date; imagePng: Buffer | null }, info: RequestInfo) {
    const trail = await events(db, row.contract.id);
    const certificate: Certificate = {
      signerEmail: row.signerEmail,
      signerRole: ROLE_LABELS[row.signerRole],
      ip: info.ip,
      userAgent: info.userAgent,
      sealSubject: await ctx.sealer.subject(),
      events: trail
        .filter((e) => e.kind !== 'created' && e.kind !== 'updated')
        .map((e) => ({
          label: CONTRACT_EVENT_LABELS[e.kind],
          who: e.actor?.name ?? `${ctx.config.brandName} (automatic)`,
          at: new Date(e.created_at),
          ip: e.ip,
          userAgent: e.user_agent,
          note: e.note,
        })),
    };
    const pdf = await (await pdfModule()).buildContractPdf({ ...(await buildPdfInput(db, row)), signature, certificate });
    return ctx.sealer.seal(pdf, {
      reason: `Signed by ${signature.name}; sealed by ${ctx.config.brandName}`,
      name: ctx.config.brandName,
      location: ctx.config.appUrl,
      contactInfo: ctx.config.contactEmail,
      signingTime: signature.signedAt,
    });
  }

  async function readAll(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The PDF for a contract: the stored sealed file once signed (its hash checked first), otherwise a fresh preview. */
  async function document(row: Row): Promise<ContractDocument> {
    const c = row.contract;
    const base = `${slug(c.title)}-${c.id}`;
    if (c.status === 'signed') {
      const signature = await signatureOf(ctx.db, c.id);
      const stream = signature ? await ctx.storage.read(signature.pdfStorageKey) : null;
      const bytes = stream ? await readAll(stream) : null;
      const actual = bytes ? sha256Hex(bytes) : null;
      if (!signature || !bytes || actual !== signature.pdfSha256) {
        ctx.log.error(
          { contractId: c.id, storageKey: signature?.pdfStorageKey ?? null, expectedSha256: signature?.pdfSha256 ?? null, actualSha256: actual },
          bytes ? 'signed contract PDF does not match its recorded SHA-256: not served' : 'signed contract PDF is missing from storage',
        );
        throw new AppError('DOCUMENT_TAMPERED');
      }
      return { bytes, filename: `${base}-signed.pdf`, signed: true };
    }
    const watermark = c.status === 'void' ? 'VOID' : c.status === 'expired' ? 'EXPIRED' : 'NOT SIGNED';
    const pdf = await (await pdfModule()).buildContractPdf({ ...(await buildPdfInput(ctx.db, row)), watermark });
    return { bytes: Buffer.from(await pdf.save()), filename: `${base}-preview.pdf`, signed: false };
  }

  async function get(actor: Actor, id: number) {
    return present(actor, await load(actor, 'contract:read', id));
  }

  async function assertSigner(db: DbOrTx, kind: ContractKind, projectId: number, signerId: number) {
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('UNPROCESSABLE', 'project_id: no such project');
    if (!['approved', 'in_progress', 'completed'].includes(project.status)) {
      throw new AppError('UNPROCESSABLE', 'project_id: contracts are made for approved projects');
    }
    if (kind === 'client') {
      if (project.clientId !== signerId) throw new AppError('UNPROCESSABLE', "signer_id: a client contract is signed by the project's client");
      return;
    }
    const [member] = await db
      .select({ id: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, signerId)))
      .limit(1);
    if (project.teamLeadId !== signerId && !member) {
      throw new AppError('UNPROCESSABLE', "signer_id: a team contract is signed by the project's team lead or a member");
    }
  }

  /** A change by staff through the state machine: locked read, access, transition, trail, notifications, event. */
  async function staffTransition(
    actor: Actor,
    id: number,
    to: ContractStatus,
    info: RequestInfo,
    apply: (
      tx: DbOrTx,
      row: Row,
      publish: Publish,
    ) => Promise<{ set: Partial<ContractRow>; note?: string; after: (updated: ContractRow) => Promise<void> }>,
  ) {
    await ctx.transaction(async (tx, publish) => {
      const row = await load(actor, 'contract:manage', id, tx, true);
      const facts: ContractMachineFacts = { ...factsOf(row), by: 'person' };
      contractLifecycle.assertMay(actor, facts, row.contract.status, to);
      const { set, note, after } = await apply(tx, row, publish);
      await contractLifecycle.transition(tx, {
        table: contracts,
        id,
        actor,
        resource: facts,
        from: row.contract.status,
        to,
        set: { ...set, updatedAt: ctx.now() },
        after: async (updated) => {
          await recordEvent(tx, id, STAFF_EVENT[to], actor.id, info, note);
          await after(updated);
        },
      });
    });
    return get(actor, id);
  }

  return {
    templates,

    async list(actor: Actor, query: ContractListQuery & { cursor?: string; limit: number }) {
      assertCan(actor, 'contract:list', null);
      const after = decodeCursor(query.cursor);
      const rows = await baseQuery(ctx.db)
        .where(and(filters(actor, query), query.status ? eq(contracts.status, query.status) : undefined, after ? lt(contracts.id, after) : undefined))
        .orderBy(desc(contracts.id))
        .limit(query.limit + 1);
      return toPage(
        (rows as Row[]).map((r) => ({ ...r, id: r.contract.id })),
        query.limit,
        (r) => presentItem(actor, r),
      );
    },

    /** Counts by status over the same filters as the list (except the status itself). */
    async counts(actor: Actor, query: ContractListQuery) {
      assertCan(actor, 'contract:list', null);
      const rows = await ctx.db
        .select({ status: contracts.status, n: count() })
        .from(contracts)
        .innerJoin(projects, eq(projects.id, contracts.projectId))
        .innerJoin(signer, eq(signer.id, contracts.signerId))
        .where(filters(actor, query))
        .groupBy(contracts.status);
      const counts = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0])) as Record<ContractStatus, number>;
      for (const r of rows) counts[r.status] = Number(r.n);
      return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    },

    get,

    async create(actor: Actor, input: CreateContractInput, info: RequestInfo) {
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
        await assertSigner(tx, input.kind, projectId, signerId);
        const row = await insertDraft(
          tx,
          {
            projectId,
            kind: input.kind,
            signerId,
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
    },

    async update(actor: Actor, id: number, input: UpdateContractInput, info: RequestInfo) {
      await ctx.transaction(async (tx) => {
        const row = await load(actor, 'contract:manage', id, tx, true);
        if (row.contract.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'Only a draft can be edited');
        const body = input.body_markdown ?? row.contract.bodyMarkdown;
        // The same check as sending: an edit that could never be sent is refused now.
        renderDocument(row.contract.kind, body, {});
        await tx
          .update(contracts)
          .set({ title: input.title ?? row.contract.title, bodyMarkdown: body, updatedAt: ctx.now() })
          .where(and(eq(contracts.id, id), eq(contracts.status, 'draft')));
        await recordEvent(tx, id, 'updated', actor.id, info);
        await recordAudit(
          tx,
          actor,
          'contract.updated',
          { type: 'contract', id, before: { title: row.contract.title }, after: { title: input.title ?? row.contract.title } },
          ctx.now(),
        );
      });
      return get(actor, id);
    },

    /** Renders the body once with today's values and freezes it; its SHA-256 never changes afterwards. */
    async send(actor: Actor, id: number, input: SendContractInput, info: RequestInfo) {
      const now = ctx.now();
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime() + 60_000) throw new AppError('BAD_REQUEST', 'expires_at: must be in the future');
      return staffTransition(actor, id, 'sent', info, async (tx, row, publish) => {
        const frozen = renderDocument(row.contract.kind, row.contract.bodyMarkdown, await valuesFor(tx, row.contract, now));
        return {
          set: { bodyMarkdown: frozen.markdown, bodyHtml: frozen.html, documentSha256: sha256Hex(frozen.html), sentAt: now, expiresAt },
          note: expiresAt ? `Expires ${formatUtc(expiresAt)}` : undefined,
          after: async (updated) => {
            await notifications.notify(tx, publish, [updated.signerId], {
              kind: 'contract_sent',
              title: 'A contract is ready to sign',
              body: `"${updated.title}" for ${row.projectTitle} is ready for your signature.${expiresAt ? ` Please sign it before ${formatUtc(expiresAt)}.` : ''}`,
              target: target(updated),
              projectId: updated.projectId,
            });
            publish({ type: 'contract.sent', ...eventOf(updated) });
            await recordAudit(
              tx,
              actor,
              'contract.sent',
              { type: 'contract', id, before: auditState(row.contract), after: auditState(updated) },
              now,
            );
          },
        };
      });
    },

    async void(actor: Actor, id: number, reason: string, info: RequestInfo) {
      return staffTransition(actor, id, 'void', info, async (tx, row, publish) => ({
        set: { voidedAt: ctx.now(), voidReason: reason },
        note: reason,
        after: async (updated) => {
          // A draft was never shown to its signer: only a sent contract's signer hears that it is void.
          if (row.contract.status === 'sent') {
            await notifications.notify(tx, publish, [updated.signerId], {
              kind: 'contract_voided',
              title: 'A contract was withdrawn',
              body: `"${updated.title}" for ${row.projectTitle} was voided and no longer needs your signature. Reason: ${reason}`,
              target: target(updated),
              projectId: updated.projectId,
            });
          }
          publish({ type: 'contract.voided', ...eventOf(updated) });
          await recordAudit(
            tx,
            actor,
            'contract.voided',
            { type: 'contract', id, before: auditState(row.contract), after: { ...auditState(updated), reason } },
            ctx.now(),
          );
        },
      }));
    },

    async remind(actor: Actor, id: number, info: RequestInfo) {
      await ctx.transaction(async (tx, publish) => {
        const row = await load(actor, 'contract:manage', id, tx, true);
        if (row.contract.status !== 'sent') throw new AppError('INVALID_TRANSITION', 'Only a contract awaiting signature can be reminded');
        await tx.update(contracts).set({ remindedAt: ctx.now() }).where(eq(contracts.id, id));
        await recordEvent(tx, id, 'reminded', actor.id, info);
        await notifyReminder(tx, publish, row.contract, row.projectTitle);
      });
      return get(actor, id);
    },

    /** The signer opened a sent contract: recorded once, with where from. */
    async markViewed(actor: Actor, id: number, info: RequestInfo) {
      await ctx.transaction(async (tx) => {
        const row = await load(actor, 'contract:sign', id, tx);
        if (row.contract.status !== 'sent' || row.contract.viewedAt) return;
        const updated = await tx
          .update(contracts)
          .set({ viewedAt: ctx.now() })
          .where(and(eq(contracts.id, id), eq(contracts.status, 'sent'), isNull(contracts.viewedAt)))
          .returning({ id: contracts.id });
        if (updated.length > 0) await recordEvent(tx, id, 'viewed', actor.id, info);
      });
      return get(actor, id);
    },

    /**
     * Signs a sent contract: one transaction holding the contract's row lock, a unique signature per contract, the
     * sealed PDF stored once under a new key. A second or concurrent sign answers 409 and stores nothing.
     */
    async sign(actor: Actor, id: number, input: SignContractInput, info: RequestInfo) {
      let storedKey: string | null = null;
      try {
        await ctx.transaction(async (tx, publish) => {
          const row = await load(actor, 'contract:sign', id, tx, true);
          const c = row.contract;
          if (c.status === 'signed') throw new AppError('ALREADY_SIGNED');
          const facts: ContractMachineFacts = { ...factsOf(row), by: 'person' };
          contractLifecycle.assertMay(actor, facts, c.status, 'signed');
          const now = ctx.now();
          if (c.expiresAt && c.expiresAt <= now) throw new AppError('INVALID_TRANSITION', 'This contract has expired and can no longer be signed');
          if (input.document_sha256 && input.document_sha256 !== c.documentSha256) throw new AppError('DOCUMENT_CHANGED');
          const image = input.signature_image ? await (await import('./signature-image.js')).decodeSignatureImage(input.signature_image) : null;
          const signature = { name: input.signature_name, signedAt: now, imagePng: image };

          await recordEvent(tx, id, 'signed', actor.id, info, `Signed as "${input.signature_name}"`);
          const sealed = await sealedPdf(tx, row, signature, info);
          const key = `contracts/${id}/${crypto.randomUUID()}.pdf`;
          await ctx.storage.put(key, Readable.from([sealed]));
          storedKey = key;
          const pdfSha256 = sha256Hex(sealed);
          await tx.insert(contractSignatures).values({
            contractId: id,
            signerId: actor.id,
            name: input.signature_name,
            imagePng: image ? image.toString('base64') : null,
            ip: info.ip,
            userAgent: info.userAgent?.slice(0, 500) ?? null,
            documentSha256: c.documentSha256 ?? '',
            signedAt: now,
            pdfStorageKey: key,
            pdfSha256,
            pdfSize: sealed.length,
          });
          await contractLifecycle.transition(tx, {
            table: contracts,
            id,
            actor,
            resource: facts,
            from: 'sent',
            to: 'signed',
            set: { signedAt: now, updatedAt: now },
            after: async (updated) => {
              const filename = `${slug(updated.title)}-${id}-signed.pdf`;
              await notifications.notify(tx, publish, [updated.signerId], {
                kind: 'contract_signed',
                title: 'Your signed contract',
                body: `You signed "${updated.title}" for ${row.projectTitle}. The sealed PDF is attached; its SHA-256 is ${pdfSha256}.`,
                target: target(updated),
                projectId: updated.projectId,
                attachments: [{ filename, content_type: 'application/pdf', storage_key: key }],
              });
              const watchers = [...(await staffIds(tx)), ...(updated.kind === 'team' && row.teamLeadId ? [row.teamLeadId] : [])];
              await notifications.notify(
                tx,
                publish,
                watchers.filter((uid) => uid !== updated.signerId),
                {
                  kind: 'contract_signed',
                  title: 'Contract signed',
                  body: `${row.signerName} signed "${updated.title}" for ${row.projectTitle}.`,
                  target: target(updated),
                  projectId: updated.projectId,
                },
              );
              publish({ type: 'contract.signed', ...eventOf(updated), signerId: actor.id });
            },
          });
        });
      } catch (err) {
        if (storedKey) await ctx.storage.remove(storedKey).catch(() => undefined);
        if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'STALE_STATE')) throw new AppError('ALREADY_SIGNED');
        throw err;
      }
      return get(actor, id);
    },

    async audit(actor: Actor, id: number) {
      await load(actor, 'contract:download', id);
      return events(ctx.db, id);
    },

    async pdf(actor: Actor, id: number) {
      return document(await load(actor, 'contract:download', id));
    },

    /** The PDF behind a signed link (the signature is the proof of access, handed out only to who may download). */
    async pdfBySignedLink(id: number) {
      return document(await loadRow(ctx.db, id));
    },

    /** Draft contracts for an approved project: its client, its team lead and each member; what exists is left alone. */
    async generateForProject(projectId: number) {
      return ctx.transaction(async (tx, publish) => {
        const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
        if (!project || project.status !== 'approved') return 0;
        const members = await tx.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId));
        const team = [...new Set([...(project.teamLeadId ? [project.teamLeadId] : []), ...members.map((m) => m.id)])];
        const wanted: { kind: ContractKind; signerId: number }[] = [
          { kind: 'client', signerId: project.clientId },
          ...team.map((signerId) => ({ kind: 'team' as const, signerId })),
        ];
        let created = 0;
        for (const kind of ['client', 'team'] as const) {
          const template = await templates.findDefault(tx, kind);
          if (!template) continue;
          for (const w of wanted.filter((x) => x.kind === kind)) {
            // Only where nothing exists yet: a voided contract is not brought back by a repeated event.
            const [existing] = await tx
              .select({ id: contracts.id })
              .from(contracts)
              .where(and(eq(contracts.projectId, projectId), eq(contracts.kind, kind), eq(contracts.signerId, w.signerId)))
              .limit(1);
            if (existing) continue;
            const row = await insertDraft(tx, {
              projectId,
              kind,
              signerId: w.signerId,
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
    },

    /**
     * What the scheduler has to do now: sent contracts due one reminder, sent contracts past their expiry, and
     * approved projects without any contract (their drafts were never generated).
     */
    async due() {
      const now = ctx.now();
      const remindBefore = new Date(now.getTime() - ctx.config.contractReminderMs);
      const [remind, expire, generate] = await Promise.all([
        ctx.db
          .select({ id: contracts.id })
          .from(contracts)
          .where(
            and(
              eq(contracts.status, 'sent'),
              isNull(contracts.remindedAt),
              lte(contracts.sentAt, remindBefore),
              or(isNull(contracts.expiresAt), sql`${contracts.expiresAt} > ${now.toISOString()}::timestamptz`),
            ),
          )
          .limit(500),
        ctx.db
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.status, 'sent'), lte(contracts.expiresAt, now)))
          .limit(500),
        ctx.db
          .select({ id: projects.id })
          .from(projects)
          .where(
            and(
              eq(projects.status, 'approved'),
              notExists(ctx.db.select({ id: contracts.id }).from(contracts).where(eq(contracts.projectId, projects.id))),
            ),
          )
          .limit(100),
      ]);
      return { remind: remind.map((r) => r.id), expire: expire.map((r) => r.id), generate: generate.map((r) => r.id) };
    },

    /** The one automatic reminder: a conditional update claims it, so running the job twice (or on two nodes) reminds once. */
    async sendDueReminder(id: number) {
      return ctx.transaction(async (tx, publish) => {
        const now = ctx.now();
        const remindBefore = new Date(now.getTime() - ctx.config.contractReminderMs);
        const [claimed] = await tx
          .update(contracts)
          .set({ remindedAt: now })
          .where(and(eq(contracts.id, id), eq(contracts.status, 'sent'), isNull(contracts.remindedAt), lte(contracts.sentAt, remindBefore)))
          .returning();
        if (!claimed) return false;
        const [project] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, claimed.projectId));
        await recordEvent(tx, id, 'reminded', null, undefined, 'Automatic reminder');
        await notifyReminder(tx, publish, claimed, project?.title ?? '');
        return true;
      });
    },

    /** A sent contract past its expiry becomes expired (once); staff and the signer are told. */
    async expire(id: number) {
      return ctx.transaction(async (tx, publish) => {
        const row = await loadRow(tx, id, true).catch(() => null);
        const c = row?.contract;
        if (!row || !c || c.status !== 'sent' || !c.expiresAt || c.expiresAt > ctx.now()) return false;
        await contractLifecycle.transition(tx, {
          table: contracts,
          id,
          actor: SCHEDULER,
          resource: { ...factsOf(row), by: 'scheduler' },
          from: 'sent',
          to: 'expired',
          set: { updatedAt: ctx.now() },
          after: async (updated) => {
            await recordEvent(tx, id, 'expired', null, undefined, `Unsigned at ${formatUtc(c.expiresAt!)}`);
            await notifications.notify(tx, publish, await staffIds(tx), {
              kind: 'contract_expired',
              title: 'Contract expired unsigned',
              body: `"${updated.title}" for ${row.projectTitle} (${row.signerName}) expired without a signature.`,
              target: target(updated),
              projectId: updated.projectId,
            });
            await notifications.notify(tx, publish, [updated.signerId], {
              kind: 'contract_expired',
              title: 'A contract expired',
              body: `"${updated.title}" for ${row.projectTitle} expired before it was signed. The agency will be in touch.`,
              target: target(updated),
              projectId: updated.projectId,
            });
            publish({ type: 'contract.expired', ...eventOf(updated) });
          },
        });
        return true;
      });
    },
  };

  async function notifyReminder(tx: DbOrTx, publish: Publish, c: ContractRow, projectTitle: string) {
    await notifications.notify(tx, publish, [c.signerId], {
      kind: 'contract_reminder',
      title: 'Reminder: a contract is waiting for your signature',
      body: `"${c.title}" for ${projectTitle} is still waiting for your signature.${c.expiresAt ? ` It expires ${formatUtc(c.expiresAt)}.` : ''}`,
      target: { type: 'contract', id: String(c.id) },
      projectId: c.projectId,
    });
  }

  function filters(actor: Actor, query: ContractListQuery): SQL | undefined {
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
}

export type ContractService = ReturnType<typeof createContractService>;
