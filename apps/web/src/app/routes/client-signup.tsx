import { Link } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ClientSignupForm } from '../../features/auth/components/client-signup-form';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice';
import { PublicTitle } from '../layouts/site-title';
import { paths } from '../../lib/paths';

export function ClientSignupRoute() {
  return (
    <>
      <PublicTitle title="Client sign up" />
      <AuthCard
        title="Create your client account"
        subtitle="Send project briefs, sign contracts and pay invoices in one place."
        maxWidth="sm"
        footer={
          <>
            Already have an account?{' '}
            <Link to={paths.login} className="pub-strong-link">
              Log in
            </Link>
          </>
        }
      >
        <SignedInNotice style={{ marginBottom: 20 }} />
        <ClientSignupForm />
      </AuthCard>
    </>
  );
}
