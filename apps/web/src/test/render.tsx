import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** One query client per test, without the app's retries: a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function QueryWrapper({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

type RenderScreenOptions = {
  /** Where the screen is opened. */
  path?: string;
  /** The route pattern the screen sits at (defaults to the path's pathname). */
  pattern?: string;
  /** More screens of the route table, e.g. the login page. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
  /** Wraps the router, e.g. in an auth context. */
  wrap?: (children: ReactNode) => ReactNode;
};

export type RenderedScreen = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  user: UserEvent;
  /** Where the app is now: pathname and search. */
  location: () => string;
};

/**
 * Renders one screen in a memory router with a fresh query client. Any other path shows a placeholder naming it,
 * so a test can follow where a click or a redirect leads.
 */
export function renderScreen(screen: ReactElement, options: RenderScreenOptions = {}): RenderedScreen {
  const path = options.path ?? '/';
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [{ path: options.pattern ?? path.split('?')[0], element: screen }, ...(options.routes ?? []), { path: '*', element: <p>Another screen</p> }],
    { initialEntries: [path] },
  );
  const tree = <RouterProvider router={router} />;
  const result = render(<QueryWrapper client={queryClient}>{options.wrap ? options.wrap(tree) : tree}</QueryWrapper>);
  return {
    ...result,
    router,
    queryClient,
    user: userEvent.setup({ delay: null }),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
