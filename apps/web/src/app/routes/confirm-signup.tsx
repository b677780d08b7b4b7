import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ConfirmSignupPanel } from '../../features/auth/components/confirm-signup-panel';
import { PublicTitle } from '../layouts/site-title';
import { paths } from '../../lib/paths';

/** /confirm-signup?token=…, the link of a client's sign-up mail: finishes the sign-up. */
export function ConfirmSignupRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PublicTitle title="Finish signing up" />
      <AuthCard title="Finish signing up">
        {token ? (
          <ConfirmSignupPanel token={token} />
        ) : (
          <div className="pub-form">
            <p className="pub-alert pub-alert--error" role="alert">
              This link is incomplete. Open the whole link from the e-mail, or <Link to={paths.clientSignup}>sign up again</Link>.
            </p>
          </div>
        )}
      </AuthCard>
    </>
  );
}
