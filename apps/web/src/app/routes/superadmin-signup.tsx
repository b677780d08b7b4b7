import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Loading } from '../../components/loading';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SuperadminSignupForm } from '../../features/auth/components/superadmin-signup-form';
import { useConfig } from '../../features/config/hooks/use-config';
import { PageTitle } from '../../features/config/components/page-title';
import { errorMessage } from '../../lib/http';

export function SuperadminSignupRoute() {
  const config = useConfig();

  let content;
  if (config.isPending) {
    content = <Loading />;
  } else if (config.isError) {
    content = (
      <AuthCard title="Super admin sign up">
        <Stack spacing={2}>
          <Alert severity="error">{errorMessage(config.error)}</Alert>
          <Button variant="outlined" onClick={() => config.refetch()}>
            Try again
          </Button>
        </Stack>
      </AuthCard>
    );
  } else {
    const requiresSetupKey = config.data.superadmin_exists;
    content = (
      <AuthCard
        title="Super admin sign up"
        maxWidth="sm"
        subtitle={
          requiresSetupKey
            ? 'A super admin account already exists. Creating another one needs the setup key from the server configuration.'
            : 'Create the account that runs the agency: it approves projects, invites admins and answers clients.'
        }
      >
        <SuperadminSignupForm requiresSetupKey={requiresSetupKey} />
      </AuthCard>
    );
  }

  return (
    <>
      <PageTitle title="Super admin sign up" />
      {content}
    </>
  );
}
