import type { ContractEvent, ContractStatus } from '@agency/schema';
import type { contracts } from '../../db/schema.js';

export type ContractRow = typeof contracts.$inferSelect;

/** Where a request came from: recorded in the audit trail and on the certificate page. */
export type RequestInfo = { ip: string | null; userAgent: string | null };

export type ContractDocument = { bytes: Buffer; filename: string; signed: boolean };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The contract's PDF, sent only with the bearer header of who may read it. */
export function contractPdfPath(id: number) {
  return `/api/contracts/${id}/pdf`;
}

/** What the audit log keeps of a contract around a change. */
export function auditState(row: ContractRow) {
  return { kind: row.kind, status: row.status, title: row.title, signer_id: String(row.signerId), project_id: String(row.projectId) };
}

/** A unique index refused the insert (a concurrent signature, a second live contract). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export function slug(text: string) {
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
export const STAFF_EVENT: Record<ContractStatus, ContractEvent['kind']> = {
  draft: 'updated',
  sent: 'sent',
  signed: 'signed',
  void: 'voided',
  expired: 'expired',
};

export const eventOf = (c: ContractRow) => ({ contractId: c.id, projectId: c.projectId, kind: c.kind, signerId: c.signerId });
export const target = (c: ContractRow) => ({ type: 'contract' as const, id: String(c.id) });
