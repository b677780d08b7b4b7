import { ROLE_DASHBOARD } from '@agency/schema';
import Link from '@mui/material/Link';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';

/** /loginpage; `?next=<path>` (a path of this site only) is where a successful login goes instead of the dashboard. */
export function LoginRoute() {
  const { isAuthenticated, isRestoring, user } = useAuth();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  if (isRestoring) return <Loading />;
  if (isAuthenticated && user) return <Navigate to={returnTo ?? ROLE_DASHBOARD[user.role]} replace />;

  return (
    <>
      <PageTitle title="Login" />
      <AuthCard
        title="Log in"
        subtitle="Welcome back. Enter your e-mail and password."
        footer={
          <>
            New here?{' '}
            <Link component={RouterLink} to={paths.signup} sx={{ fontWeight: 600 }} data-testid="signup-link">
              Create an account
            </Link>
          </>
        }
      >
        <LoginForm returnTo={returnTo} />
      </AuthCard>
    </>
  );
}
