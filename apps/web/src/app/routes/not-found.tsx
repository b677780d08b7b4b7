import { ErrorScreen } from '../../components/error-screen';
import { PageTitle } from '../../features/config/components/page-title';

export function notFoundLoader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** Never rendered (the loader always throws); present so the route counts as a screen. */
export function NotFoundRoute() {
  return null;
}

export function NotFoundBoundary() {
  return (
    <>
      <PageTitle title="Not found" />
      <ErrorScreen />
    </>
  );
}
