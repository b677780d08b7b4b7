import type { AppContext } from '../../../context.js';

/** Removes files a failed send streamed to storage; nothing refers to them (the transaction rolled back). */
export function discardStreamed(ctx: AppContext) {
  return async (keys: string[]) => {
    await Promise.all(keys.map((key) => ctx.storage.remove(key)));
  };
}
