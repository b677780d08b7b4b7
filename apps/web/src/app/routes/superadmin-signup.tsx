import { useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { AuthCard } from '../../components/plain/auth-card';
import { SuperadminSignupForm } from '../../features/auth/components/superadmin-signup-form';
import { getConfig } from '../../features/config/api/get-config';
import { PublicTitle } from '../layouts/site-title';
import { errorMessage } from '../../lib/http';
import { useLoad } from '../../lib/use-action';

export function SuperadminSignupRoute() {
  const config = useLoad(getConfig, 'config');
  const [searchParams] = useSearchParams();
  const setupToken = searchParams.get('setup')?.trim() || undefined;

  let content;
  if (config.isPending) {
    content = <Loading />;
  } else if (config.isError || !config.data) {
    content = (
      <AuthCard title="Super admin sign up">
        <div className="pub-form">
          <p className="pub-alert pub-alert--error" role="alert">
            {errorMessage(config.error)}
          </p>
          <button type="button" className="pub-btn pub-btn--outline" onClick={config.retry}>
            Try again
          </button>
        </div>
      </AuthCard>
    );
  } else {
    const requiresSetupKey = config.data.superadmin_exists;
    content = (
      <AuthCard
        title="Super admin sign up"
        maxWidth="sm"
        subtitle={
          requiresSetupKey
            ? 'A super admin account already exists. Another one can be created only with the setup key.'
            : 'Create the account that runs the agency: it approves projects, invites admins and answers clients.'
        }
      >
        <SuperadminSignupForm requiresSetupKey={requiresSetupKey} setupToken={setupToken} />
      </AuthCard>
    );
  }

  return (
    <>
      <PublicTitle title="Super admin sign up" />
      {content}
    </>
  );
}
