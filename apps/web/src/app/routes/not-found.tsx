import { Navigate, useLocation, type LoaderFunctionArgs } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loading } from '../../components/plain/loading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { useCommonT } from '../../i18n';
import { isGuardedPath } from '../../lib/paths';
import { loginPathReturningTo } from '../../lib/return-path';
import { useDashboardPath } from '../use-dashboard-path';

const NOT_FOUND = { status: 404, statusText: 'Not Found' } as const;

/** Any other path is "not found", except one under a guarded prefix: that needs the sign-in first (SPEC section 6). */
export function notFoundLoader({ request }: LoaderFunctionArgs): null {
  if (isGuardedPath(new URL(request.url).pathname)) return null;
  throw new Response('Not Found', NOT_FOUND);
}

/**
 * A guarded path with no screen (yet): the signed out go to the login page, which comes back here afterwards;
 * the signed in are told it is not found.
 */
export function NotFoundRoute() {
  const { t } = useCommonT();
  const { isAuthenticated, isRestoring } = useAuth();
  const { pathname, search, hash } = useLocation();
  const dashboardPath = useDashboardPath();
  if (isRestoring) return <Loading />;
  if (!isAuthenticated) return <Navigate to={loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
  return (
    <>
      <PageTitle title={t('pageTitles.notFound')} />
      <ErrorScreen error={NOT_FOUND} dashboardPath={dashboardPath} />
    </>
  );
}

export function NotFoundBoundary() {
  const { t } = useCommonT();
  const dashboardPath = useDashboardPath();
  return (
    <>
      <PageTitle title={t('pageTitles.notFound')} />
      <ErrorScreen dashboardPath={dashboardPath} />
    </>
  );
}
