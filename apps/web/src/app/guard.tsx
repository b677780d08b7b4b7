import { ROLE_DASHBOARD, type Role } from '@agency/schema';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/plain/loading';
import { useAuth } from '../features/auth/hooks/use-auth';
import { ENROLMENT_PATH, paths } from '../lib/paths';
import { loginPathReturningTo } from '../lib/return-path';

type GuardProps = { roles: readonly Role[] };

/**
 * SPEC "Authentication guard": signed out -> /loginpage, rendering nothing, told to come back here afterwards
 * (`?next=`, a path of this site only) unless the person has just logged out; signed in with another role -> that role's own dashboard (DESIGN section
 * 4); staff who must turn on two-factor authentication first -> the profile page's enrolment.
 */
export function Guard({ roles }: GuardProps) {
  const { isAuthenticated, isRestoring, user, mfaEnrolmentRequired, hasSignedOut } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (isRestoring) return <Loading />;
  // After a logout the next person to sign in here may be someone else: no way back to this screen.
  if (!isAuthenticated || !user) return <Navigate to={hasSignedOut ? paths.login : loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
  if (mfaEnrolmentRequired && pathname !== paths.profile) return <Navigate to={ENROLMENT_PATH} replace />;
  if (!roles.includes(user.role)) return <Navigate to={ROLE_DASHBOARD[user.role]} replace />;
  return <Outlet />;
}
