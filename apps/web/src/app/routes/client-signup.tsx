import { Link } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { ClientSignupForm } from '../../features/auth/components/client-signup-form';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice';
import { useAuthT } from '../../features/auth/i18n';
import { PublicTitle } from '../layouts/site-title';
import { paths } from '../../lib/paths';
import { RichText } from '../../components/plain/rich-text';

export function ClientSignupRoute() {
  const { t } = useAuthT();
  return (
    <>
      <PublicTitle title={t('titles.clientSignup')} />
      <AuthCard
        title={t('clientSignup.heading')}
        subtitle={t('clientSignup.subtitle')}
        maxWidth="sm"
        footer={<RichText text={t('clientSignup.haveAccount')} components={{ a: <Link to={paths.login} className="pub-strong-link" /> }} />}
      >
        <SignedInNotice style={{ marginBottom: 20 }} />
        <ClientSignupForm />
      </AuthCard>
    </>
  );
}
