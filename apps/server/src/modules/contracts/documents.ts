import type { Readable } from 'node:stream';
import type { Locale } from '@agency/schema';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { translator } from '../../i18n/index.js';
import { brandLogoPng } from '../../integrations/brand.js';
import type { Certificate, ContractPdfInput } from './contract-pdf.js';
import { slug, type ContractDocument, type RequestInfo } from './helpers.js';
import { events, signatureOf, type Row } from './queries.js';
import { renderDocument, sha256Hex } from './template-render.js';
import { valuesFor } from './variables.js';

/** The PDF writer (pdf-lib and its fonts), loaded on the first document rather than at every start. */
const pdfModule = () => import('./contract-pdf.js');

async function buildPdfInput(ctx: AppContext, db: DbOrTx, row: Row, locale: Locale): Promise<ContractPdfInput> {
  const c = row.contract;
  const t = translator(locale, 'pdf');
  const markdown = c.bodyHtml === null ? renderDocument(c.kind, c.bodyMarkdown, await valuesFor(ctx, db, c, ctx.now())).markdown : c.bodyMarkdown;
  return {
    locale,
    contractId: c.id,
    title: c.title,
    projectTitle: row.projectTitle,
    agencyName: ctx.brand.current().agencyName,
    logo: await brandLogoPng(ctx.brand.current(), ctx.storage),
    kindLabel: t(`contract.kinds.${c.kind}`),
    signerName: row.signerName,
    documentSha256: c.documentSha256,
    markdown,
  };
}

/**
 * The signed PDF: the document, the signature, the certificate page; sealed. Its words are in the signer's language
 * (`locale`): the sealed file is stored once and served as it is to whoever downloads it later.
 */
export async function sealedPdf(
  ctx: AppContext,
  db: DbOrTx,
  row: Row,
  signature: { name: string; signedAt: Date; imagePng: Buffer | null; identifiedBy: string },
  info: RequestInfo,
  locale: Locale,
) {
  const t = translator(locale, 'pdf');
  const trail = await events(db, row.contract.id);
  const certificate: Certificate = {
    signerEmail: row.signerEmail,
    signerRole: t(`contract.roles.${row.signerRole}`),
    ip: info.ip,
    userAgent: info.userAgent,
    identifiedBy: signature.identifiedBy,
    sealSubject: await ctx.sealer.subject(),
    events: trail
      .filter((e) => e.kind !== 'created' && e.kind !== 'updated')
      .map((e) => ({
        label: t(`contract.events.${e.kind}`),
        who: e.actor?.name ?? t('contract.automatic', { agency: ctx.brand.current().agencyName }),
        at: new Date(e.created_at),
        ip: e.ip,
        userAgent: e.user_agent,
        note: e.note,
      })),
  };
  const pdf = await (await pdfModule()).buildContractPdf({ ...(await buildPdfInput(ctx, db, row, locale)), signature, certificate });
  return ctx.sealer.seal(pdf, {
    reason: t('contract.sealReason', { name: signature.name, agency: ctx.brand.current().agencyName }),
    name: ctx.brand.current().agencyName,
    location: ctx.config.appUrl,
    contactInfo: ctx.brand.current().contactEmail,
    signingTime: signature.signedAt,
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The PDF for a contract: the stored sealed file once signed (its hash checked first; in the language it was signed
 * in), otherwise a fresh preview in the reader's language (`locale`).
 */
export async function document(ctx: AppContext, row: Row, locale: Locale): Promise<ContractDocument> {
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
  const t = translator(locale, 'pdf');
  const watermark = t(
    c.status === 'void' ? 'contract.watermarks.void' : c.status === 'expired' ? 'contract.watermarks.expired' : 'contract.watermarks.notSigned',
  );
  const pdf = await (await pdfModule()).buildContractPdf({ ...(await buildPdfInput(ctx, ctx.db, row, locale)), watermark });
  return { bytes: Buffer.from(await pdf.save()), filename: `${base}-preview.pdf`, signed: false };
}
