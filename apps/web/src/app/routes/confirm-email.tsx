import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { ConfirmEmailPanel } from '../../features/account/components/confirm-email-panel';
import { AuthCard } from '../../components/plain/auth-card';
import { PageTitle } from '../../features/config/components/page-title';

/** /confirm-email?token=…, the link sent to a new e-mail address; works signed in or not. */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <>
      <PageTitle title="Confirm your e-mail address" />
      <AuthCard title="Confirm your new e-mail address">
        {token ? (
          <ConfirmEmailPanel token={token} />
        ) : (
          <Alert severity="error">This link is incomplete. Ask for a new one from your profile page.</Alert>
        )}
      </AuthCard>
    </>
  );
}
