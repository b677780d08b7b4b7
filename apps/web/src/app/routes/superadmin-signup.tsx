import { useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { AuthCard } from '../../components/plain/auth-card';
import { SuperadminSignupForm } from '../../features/auth/components/superadmin-signup-form';
import { useAuthT } from '../../features/auth/i18n';
import { getConfig } from '../../features/config/api/get-config';
import { PublicTitle } from '../layouts/site-title';
import { errorMessage } from '../../lib/http';
import { useLoad } from '../../lib/use-action';

export function SuperadminSignupRoute() {
  const { t } = useAuthT();
  const config = useLoad(getConfig, 'config');
  const [searchParams] = useSearchParams();
  const setupToken = searchParams.get('setup')?.trim() || undefined;

  let content;
  if (config.isPending) {
    content = <Loading />;
  } else if (config.isError || !config.data) {
    content = (
      <AuthCard title={t('superadmin.heading')}>
        <div className="pub-form">
          <p className="pub-alert pub-alert--error" role="alert">
            {errorMessage(config.error)}
          </p>
          <button type="button" className="pub-btn pub-btn--outline" onClick={config.retry}>
            {t('superadmin.tryAgain')}
          </button>
        </div>
      </AuthCard>
    );
  } else {
    const requiresSetupKey = config.data.superadmin_exists;
    content = (
      <AuthCard
        title={t('superadmin.heading')}
        maxWidth="sm"
        subtitle={requiresSetupKey ? t('superadmin.existsSubtitle') : t('superadmin.firstSubtitle')}
      >
        <SuperadminSignupForm requiresSetupKey={requiresSetupKey} setupToken={setupToken} />
      </AuthCard>
    );
  }

  return (
    <>
      <PublicTitle title={t('titles.superadminSignup')} />
      {content}
    </>
  );
}
