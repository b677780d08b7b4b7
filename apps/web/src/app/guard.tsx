import { ROLE_DASHBOARD, type Role } from '@agency/schema';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '../components/loading';
import { useAuth } from '../features/auth/hooks/use-auth';
import { paths } from '../lib/paths';

type GuardProps = { roles: readonly Role[] };

/**
 * SPEC "Authentication guard": signed out -> /loginpage, rendering nothing; signed in with another role ->
 * that role's own dashboard (DESIGN section 4).
 */
export function Guard({ roles }: GuardProps) {
  const { isAuthenticated, isRestoring, user } = useAuth();
  if (isRestoring) return <Loading />;
  if (!isAuthenticated || !user) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.role)) return <Navigate to={ROLE_DASHBOARD[user.role]} replace />;
  return <Outlet />;
}
