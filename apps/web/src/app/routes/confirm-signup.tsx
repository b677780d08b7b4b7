import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ConfirmSignupPanel } from '../../features/auth/components/confirm-signup-panel';
import { useAuthT } from '../../features/auth/i18n';
import { PublicTitle } from '../layouts/site-title';
import { paths } from '../../lib/paths';
import { RichText } from '../../components/plain/rich-text';

/** /confirm-signup?token=…, the link of a client's sign-up mail: finishes the sign-up. */
export function ConfirmSignupRoute() {
  const { t } = useAuthT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PublicTitle title={t('titles.finishSigningUp')} />
      <AuthCard title={t('confirmSignup.heading')}>
        {token ? (
          <ConfirmSignupPanel token={token} />
        ) : (
          <div className="pub-form">
            <p className="pub-alert pub-alert--error" role="alert">
              <RichText text={t('confirmSignup.incomplete')} components={{ a: <Link to={paths.clientSignup} /> }} />
            </p>
          </div>
        )}
      </AuthCard>
    </>
  );
}
