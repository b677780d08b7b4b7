import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useAuthT } from '../../features/auth/i18n';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';
import { RichText } from '../../components/plain/rich-text';

/** /reset-password?token=…, the link of a password reset e-mail. */
export function ResetPasswordRoute() {
  const { t } = useAuthT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PageTitle title={t('titles.chooseNewPassword')} />
      <AuthCard title={t('reset.heading')} subtitle={t('reset.subtitle')}>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert severity="error">
            <RichText text={t('reset.incomplete')} components={{ a: <Link component={RouterLink} to={paths.forgotPassword} /> }} />
          </Alert>
        )}
      </AuthCard>
    </>
  );
}
