import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { getInvitationPreview } from '../../features/auth/api/get-invitation-preview';
import { AuthCard } from '../../components/plain/auth-card';
import { InviteSignupForm } from '../../features/auth/components/invite-signup-form';
import { useAuthT } from '../../features/auth/i18n';
import { PublicTitle } from '../layouts/site-title';
import { errorMessage, hasErrorCode } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/use-action';

function InvitationProblem({ title, message }: { title: string; message: string }) {
  const { t } = useAuthT();
  return (
    <AuthCard title={t('invitation.heading')}>
      <div className="pub-form">
        <div className="pub-alert pub-alert--error" role="alert" data-testid="invitation-error">
          <strong style={{ display: 'block', marginBottom: 4 }}>{title}</strong>
          {message}
        </div>
        <Link to={paths.login} className="pub-btn pub-btn--outline">
          {t('invitation.goToLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** /protected/admin-signup?token=…: admins and employees join through the link in their invitation. */
export function AdminSignupRoute() {
  const { t } = useAuthT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const preview = useLoad(
    useCallback(() => getInvitationPreview(token ?? ''), [token]),
    token,
  );

  let content;
  if (!token) {
    content = <InvitationProblem title={t('invitation.noToken')} message={t('invitation.noTokenText')} />;
  } else if (preview.isPending) {
    content = <Loading />;
  } else if (preview.isError || !preview.data) {
    const isGone = hasErrorCode(preview.error, 'INVITATION_INVALID');
    content = (
      <InvitationProblem
        title={isGone ? t('invitation.notValid') : t('invitation.couldNotCheck')}
        message={isGone ? t('invitation.notValidText', { reason: errorMessage(preview.error).replace(/\.$/, '') }) : errorMessage(preview.error)}
      />
    );
  } else {
    const invitation = preview.data;
    content = (
      <AuthCard title={t(`invitation.joinAs.${invitation.role}`)} subtitle={t('invitation.subtitle')} maxWidth="sm">
        <InviteSignupForm inviteToken={token} invitation={invitation} />
      </AuthCard>
    );
  }

  return (
    <>
      <PublicTitle title={t('titles.acceptInvitation')} />
      {content}
    </>
  );
}
