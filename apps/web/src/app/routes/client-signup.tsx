import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ClientSignupForm } from '../../features/auth/components/client-signup-form';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';

export function ClientSignupRoute() {
  return (
    <>
      <PageTitle title="Client sign up" />
      <AuthCard
        title="Create your client account"
        subtitle="Send project briefs, sign contracts and pay invoices in one place."
        maxWidth="sm"
        footer={
          <>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
              Log in
            </Link>
          </>
        }
      >
        <ClientSignupForm />
      </AuthCard>
    </>
  );
}
