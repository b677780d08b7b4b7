import type { ContractDeps } from '../deps.js';
import { document } from '../documents.js';
import { loadRow } from '../queries.js';

/** The PDF behind a signed link (the signature is the proof of access, handed out only to who may download). */
export function getContractPdfBySignedLink({ ctx }: ContractDeps) {
  return async (id: number) => document(ctx, await loadRow(ctx.db, id));
}
