import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useAuthT } from '../../features/auth/i18n';
import { PageTitle } from '../../features/config/components/page-title';
import { paths } from '../../lib/paths';

export function ForgotPasswordRoute() {
  const { t } = useAuthT();
  return (
    <>
      <PageTitle title={t('titles.forgotPassword')} />
      <AuthCard
        title={t('forgot.heading')}
        subtitle={t('forgot.subtitle')}
        footer={
          <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
            {t('forgot.backToLogin')}
          </Link>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
