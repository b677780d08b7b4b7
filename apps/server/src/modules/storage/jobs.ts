import type { AppContext } from '../../context.js';
import type { StorageService } from './service.js';

export const STORAGE_SWEEP_QUEUE = 'storage-sweep';

/** Every quarter of an hour, one node removes unclaimed uploads and leftover files (storage/service.ts). */
export function registerStorageJobs(ctx: AppContext, storage: StorageService) {
  ctx.jobs.define(
    STORAGE_SWEEP_QUEUE,
    async () => {
      await storage.sweep();
    },
    { cron: '*/15 * * * *', policy: 'singleton', retryLimit: 1 },
  );
}
