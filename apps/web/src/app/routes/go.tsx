import { ROLE_DASHBOARD } from '@agency/schema';
import { Navigate, useLocation, useParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { parseTarget, targetPath } from '../../features/notifications/utils/notification-target';
import { loginPathReturningTo } from '../../lib/return-path';

/**
 * /go/:type/:id, the link in notification e-mails: replaced by the signed-in reader's own screen for the target,
 * or their dashboard when their role has none (or the link is malformed). Signed out, it goes to the login page,
 * which comes back here afterwards.
 */
export function GoRoute() {
  const { type, id } = useParams();
  const { pathname } = useLocation();
  const { isAuthenticated, isRestoring, user } = useAuth();

  if (isRestoring) return <Loading />;
  if (!isAuthenticated || !user) return <Navigate to={loginPathReturningTo(pathname)} replace />;
  const target = parseTarget(type, id);
  return <Navigate to={(target && targetPath(target, user.role)) ?? ROLE_DASHBOARD[user.role]} replace />;
}
