import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { ConfirmEmailPanel } from '../../features/account/components/confirm-email-panel';
import { AuthCard } from '../../components/plain/auth-card';
import { useAuthT } from '../../features/auth/i18n';
import { PageTitle } from '../../features/config/components/page-title';

/** /confirm-email?token=…, the link sent to a new e-mail address; works signed in or not. */
export function ConfirmEmailRoute() {
  const { t } = useAuthT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PageTitle title={t('titles.confirmEmail')} />
      <AuthCard title={t('confirmEmail.heading')}>
        {token ? <ConfirmEmailPanel token={token} /> : <Alert severity="error">{t('confirmEmail.incomplete')}</Alert>}
      </AuthCard>
    </>
  );
}
