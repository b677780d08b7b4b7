import { ROLE_LABELS } from '@agency/schema';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { getInvitationPreview } from '../../features/auth/api/get-invitation-preview';
import { AuthCard } from '../../components/plain/auth-card';
import { InviteSignupForm } from '../../features/auth/components/invite-signup-form';
import { PublicTitle } from '../layouts/site-title';
import { errorMessage, hasErrorCode } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/use-action';

function InvitationProblem({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard title="Accept your invitation">
      <div className="pub-form">
        <div className="pub-alert pub-alert--error" role="alert" data-testid="invitation-error">
          <strong style={{ display: 'block', marginBottom: 4 }}>{title}</strong>
          {message}
        </div>
        <Link to={paths.login} className="pub-btn pub-btn--outline">
          Go to login
        </Link>
      </div>
    </AuthCard>
  );
}

/** /protected/admin-signup?token=…: admins and employees join through the link in their invitation. */
export function AdminSignupRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const preview = useLoad(
    useCallback(() => getInvitationPreview(token ?? ''), [token]),
    token,
  );

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
  } else if (preview.isError || !preview.data) {
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
      <PublicTitle title="Accept invitation" />
      {content}
    </>
  );
}
