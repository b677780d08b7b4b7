import { ROLE_LABELS } from '@agency/schema';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { useInvitationPreview } from '../../features/auth/api/get-invitation-preview';
import { AuthCard } from '../../features/auth/components/auth-card';
import { InviteSignupForm } from '../../features/auth/components/invite-signup-form';
import { PageTitle } from '../../features/config/components/page-title';
import { errorMessage, hasErrorCode } from '../../lib/http';
import { paths } from '../../lib/paths';

function InvitationProblem({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard title="Accept your invitation">
      <Stack spacing={3}>
        <Alert severity="error" data-testid="invitation-error">
          <AlertTitle>{title}</AlertTitle>
          {message}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="outlined">
          Go to login
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** /protected/admin-signup?token=…: admins and employees join through the link in their invitation. */
export function AdminSignupRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const preview = useInvitationPreview(token);

  let content;
  if (!token) {
    content = (
      <InvitationProblem
        title="No invitation token"
        message="This page needs the link from your invitation e-mail. Open that link again, or ask the person who invited you to resend it."
      />
    );
  } else if (preview.isPending) {
    content = <Loading />;
  } else if (preview.isError) {
    const isGone = hasErrorCode(preview.error, 'INVITATION_INVALID');
    content = (
      <InvitationProblem
        title={isGone ? 'Invitation not valid' : 'Could not check the invitation'}
        message={
          isGone
            ? `${errorMessage(preview.error).replace(/\.$/, '')}. Ask the person who invited you to send a new invitation.`
            : errorMessage(preview.error)
        }
      />
    );
  } else {
    const invitation = preview.data;
    content = (
      <AuthCard
        title={invitation.role === 'admin' ? 'Create your admin account' : `Join as ${ROLE_LABELS[invitation.role].toLowerCase()}`}
        subtitle="You were invited to join the team. Choose your name and a password."
        maxWidth="sm"
      >
        <InviteSignupForm inviteToken={token} invitation={invitation} />
      </AuthCard>
    );
  }

  return (
    <>
      <PageTitle title="Accept invitation" />
      {content}
    </>
  );
}
