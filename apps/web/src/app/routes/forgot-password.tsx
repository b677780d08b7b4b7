import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';

export function ForgotPasswordRoute() {
  return (
    <>
      <PageTitle title="Forgot password" />
      <AuthCard
        title="Forgot your password?"
        subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
        footer={
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
            Back to login
          </Link>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
