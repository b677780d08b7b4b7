import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Root of the route tree: no UI kit here, so the landing page loads without it. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="app-nav-loading" role="status" aria-live="polite" data-testid="route-loading">
          <span className="app-loading__spinner" aria-hidden="true" />
          <span>Loading...</span>
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
