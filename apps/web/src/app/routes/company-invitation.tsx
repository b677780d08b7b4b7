import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice';
import { CompanyInvitationForm } from '../../features/companies/components/company-invitation-form';
import { paths } from '../../lib/paths';
import { PublicTitle } from '../layouts/site-title';

/** /company-invitation?token=…: a client's colleague makes their account in the company that invited them. */
export function CompanyInvitationRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;

  return (
    <>
      <PublicTitle title="Join your company" />
      {token ? (
        <AuthCard
          title="Join your company"
          subtitle="A colleague invited you to follow your company’s projects with us. Choose your name and a password; the role they gave you comes with the account."
          maxWidth="sm"
        >
          <SignedInNotice style={{ marginBottom: 20 }} />
          <CompanyInvitationForm inviteToken={token} />
        </AuthCard>
      ) : (
        <AuthCard title="Join your company">
          <div className="pub-form">
            <div className="pub-alert pub-alert--error" role="alert" data-testid="invitation-error">
              <strong style={{ display: 'block', marginBottom: 4 }}>No invitation token</strong>
              This page needs the link from your invitation e-mail. Open that link again, or ask the colleague who invited you to send a new one.
            </div>
            <Link to={paths.login} className="pub-btn pub-btn--outline">
              Go to login
            </Link>
          </div>
        </AuthCard>
      )}
    </>
  );
}
