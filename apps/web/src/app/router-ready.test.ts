import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenRouterReady } from './router-ready';

/** A router on `/` whose one lazy route loads when `load` is called. */
function routerWithLazyRoute() {
  let load!: () => void;
  const loaded = new Promise<void>((resolve) => {
    load = resolve;
  });
  const router = createMemoryRouter([
    {
      path: '/',
      lazy: async () => {
        await loaded;
        return { Component: () => null };
      },
    },
  ]);
  return { router, load };
}

describe('whenRouterReady', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first route to load, then resolves', async () => {
    const { router, load } = routerWithLazyRoute();
    let ready = false;
    const waiting = whenRouterReady(router, 60_000).then(() => {
      ready = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    load();
    await waiting;
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('resolves at once when the router is already initialized', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    expect(router.state.initialized).toBe(true);
    await expect(whenRouterReady(router, 60_000)).resolves.toBeUndefined();
    router.dispose();
  });

  it('gives up waiting after the given time, so a slow network sees the loading state', async () => {
    vi.useFakeTimers();
    const { router, load } = routerWithLazyRoute();
    let ready = false;
    void whenRouterReady(router, 1000).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(router.state.initialized).toBe(false);
    load();
    router.dispose();
  });
});
