import type { Actor } from '../../../core/actor.js';
import { readerLocale } from '../../../i18n/index.js';
import type { ContractDeps } from '../deps.js';
import { document } from '../documents.js';
import { load } from '../queries.js';

export function getContractPdf({ ctx }: ContractDeps) {
  return async (actor: Actor, id: number) =>
    document(ctx, await load(ctx, actor, 'contract:download', id), readerLocale(actor.locale, ctx.config.defaultLocale));
}
