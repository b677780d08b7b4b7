import { ROLE_DASHBOARD } from '@agency/schema';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import '../../../components/plain/public.css';
import { useAuthT } from '../i18n';
import { RichText } from '../../../components/plain/rich-text';

/**
 * On a sign-up page, for someone already signed in (the header's SPEC links lead everyone here): who they are
 * signed in as and the way to their dashboard, so they do not make a second account by mistake.
 */
export function SignedInNotice({ style }: { style?: CSSProperties }) {
  const { t } = useAuthT();
  const user = useSession().me?.user;
  if (!user) return null;
  return (
    <p className="pub-alert pub-alert--info" role="status" style={style} data-testid="signed-in-notice">
      <RichText
        text={t('signedIn.notice', { name: user.name })}
        components={{
          strong: <strong />,
          a: <Link to={ROLE_DASHBOARD[user.role]} className="pub-strong-link" data-testid="signed-in-dashboard-link" />,
        }}
      />
    </p>
  );
}
