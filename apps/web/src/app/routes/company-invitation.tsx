import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/plain/auth-card';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice';
import { CompanyInvitationForm } from '../../features/companies/components/company-invitation-form';
import { useCompanyInvitationT } from '../../features/companies/invitation-i18n';
import { paths } from '../../lib/paths';
import { PublicTitle } from '../layouts/site-title';

/** /company-invitation?token=…: a client's colleague makes their account in the company that invited them. */
export function CompanyInvitationRoute() {
  const { t } = useCompanyInvitationT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;

  return (
    <>
      <PublicTitle title={t('title')} />
      {token ? (
        <AuthCard title={t('title')} subtitle={t('subtitle')} maxWidth="sm">
          <SignedInNotice style={{ marginBottom: 20 }} />
          <CompanyInvitationForm inviteToken={token} />
        </AuthCard>
      ) : (
        <AuthCard title={t('title')}>
          <div className="pub-form">
            <div className="pub-alert pub-alert--error" role="alert" data-testid="invitation-error">
              <strong style={{ display: 'block', marginBottom: 4 }}>{t('noToken')}</strong>
              {t('noTokenText')}
            </div>
            <Link to={paths.login} className="pub-btn pub-btn--outline">
              {t('goToLogin')}
            </Link>
          </div>
        </AuthCard>
      )}
    </>
  );
}
