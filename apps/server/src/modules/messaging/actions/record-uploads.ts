import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { messageUploads } from '../../../db/schema.js';
import { assertWithinQuota } from '../../storage/service.js';

export function recordUploads(ctx: AppContext) {
  return async (actor: Actor, files: { name: string; mime: string; size: number; storedFilename: string }[]) => {
    assertCan(actor, 'messaging:use', null);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(messageUploads).values(files.map((f) => ({ ...f, uploaderId: actor.id, createdAt: ctx.now() })));
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
    });
    return files.map((f) => ({ name: f.name, mime: f.mime, size: f.size, stored_filename: f.storedFilename }));
  };
}
