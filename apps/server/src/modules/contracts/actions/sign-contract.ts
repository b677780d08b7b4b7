import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { SignContractInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { contractSignatures, contracts } from '../../../db/schema.js';
import { readerLocale } from '../../../i18n/index.js';
import { checkSigningCode, useSigningCode } from '../../document-links/codes.js';
import type { ContractDeps } from '../deps.js';
import { sealedPdf } from '../documents.js';
import { eventOf, isUniqueViolation, slug, target, type RequestInfo } from '../helpers.js';
import { contractLifecycle, type ContractMachineFacts } from '../lifecycle.js';
import { factsOf, load, staffIds } from '../queries.js';
import { sha256Hex } from '../template-render.js';
import { recordEvent } from '../trail.js';
import { getContract } from './get-contract.js';

/**
 * Signs a sent contract: one transaction holding the contract's row lock, a unique signature per contract, the
 * sealed PDF stored once under a new key. A second or concurrent sign answers 409 and stores nothing.
 */
export function signContract(deps: ContractDeps) {
  const { ctx, notifications } = deps;
  const get = getContract(deps);
  return async (actor: Actor, id: number, input: SignContractInput, info: RequestInfo) => {
    let storedKey: string | null = null;
    // Through an e-mailed link, the code sent to the addressee first (a signed-in session needs none).
    const identifiedBy = await checkSigningCode(ctx, actor, input.code);
    try {
      await ctx.transaction(async (tx, publish) => {
        const row = await load(ctx, actor, 'contract:sign', id, tx, true);
        const c = row.contract;
        if (c.status === 'signed') throw new AppError('ALREADY_SIGNED');
        const facts: ContractMachineFacts = { ...factsOf(row), by: 'person' };
        contractLifecycle.assertMay(actor, facts, c.status, 'signed');
        const now = ctx.now();
        if (c.expiresAt && c.expiresAt <= now) throw new AppError('INVALID_TRANSITION', 'This contract has expired and can no longer be signed');
        if (input.document_sha256 && input.document_sha256 !== c.documentSha256) throw new AppError('DOCUMENT_CHANGED');
        const image = input.signature_image ? await (await import('../signature-image.js')).decodeSignatureImage(input.signature_image) : null;
        const signature = { name: input.signature_name, signedAt: now, imagePng: image, identifiedBy };
        await useSigningCode(tx, actor);

        await recordEvent(ctx, tx, id, 'signed', actor.id, info, `Signed as "${input.signature_name}"`);
        // In the signer's language: the sealed file is what everyone downloads from now on.
        const sealed = await sealedPdf(ctx, tx, row, signature, info, readerLocale(actor.locale, ctx.config.defaultLocale));
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
          identifiedBy,
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
  };
}
