import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';

/** /reset-password?token=…, the link of a password reset e-mail. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PageTitle title="Choose a new password" />
      <AuthCard title="Choose a new password" subtitle="Every session of your account is signed out when you do.">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert severity="error">
            This link is incomplete.{' '}
            <Link component={RouterLink} to={paths.forgotPassword}>
              Ask for a new one
            </Link>
            .
          </Alert>
        )}
      </AuthCard>
    </>
  );
}
