import { ROLE_DASHBOARD } from '@agency/schema';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { AuthCard } from '../../components/plain/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { useAuthT } from '../../features/auth/i18n';
import { PublicTitle } from '../layouts/site-title';
import { paths } from '../../lib/paths';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { RichText } from '../../components/plain/rich-text';

/** /loginpage; `?next=<path>` (a path of this site only) is where a successful login goes instead of the dashboard. */
export function LoginRoute() {
  const { t } = useAuthT();
  const { me, isRestoring } = useSession();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  if (isRestoring) return <Loading />;
  if (me) return <Navigate to={returnTo ?? ROLE_DASHBOARD[me.user.role]} replace />;

  return (
    <>
      <PublicTitle title={t('titles.login')} />
      <AuthCard
        title={t('login.heading')}
        subtitle={t('login.subtitle')}
        footer={
          <RichText text={t('login.newHere')} components={{ a: <Link to={paths.signup} className="pub-strong-link" data-testid="signup-link" /> }} />
        }
      >
        <LoginForm returnTo={returnTo} />
      </AuthCard>
    </>
  );
}
