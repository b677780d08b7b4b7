import type { ContractKind } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contracts } from '../../db/schema.js';
import type { RequestInfo } from './helpers.js';
import { recordEvent } from './trail.js';

/** Inserts a draft unless the signer already has a live contract of this kind on the project (then null). */
export async function insertDraft(
  ctx: AppContext,
  db: DbOrTx,
  values: {
    projectId: number;
    kind: ContractKind;
    signerId: number;
    /** A client contract's company (the project's); null for a team contract. */
    companyId: number | null;
    templateId: number;
    title: string;
    body: string;
    createdBy: number | null;
  },
  info?: RequestInfo,
) {
  const now = ctx.now();
  const [row] = await db
    .insert(contracts)
    .values({
      projectId: values.projectId,
      kind: values.kind,
      signerId: values.signerId,
      companyId: values.kind === 'client' ? values.companyId : null,
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
      ctx,
      db,
      row.id,
      'created',
      values.createdBy,
      info,
      values.createdBy === null ? 'Generated when the project was approved' : undefined,
    );
  return row ?? null;
}
