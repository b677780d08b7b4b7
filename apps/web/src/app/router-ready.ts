import type { DataRouter } from 'react-router';

type ReadyRouter = Pick<DataRouter, 'state' | 'subscribe'>;

/**
 * Resolves when the router has loaded the first location's lazy routes (and loaders), or after `waitMs`, whichever
 * comes first: the caller renders then, so a fast load paints the page at once and a slow one shows the loading state.
 */
export function whenRouterReady(router: ReadyRouter, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
