import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ListError, ListLoading } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { useProfile } from '../../features/account/api/get-profile';
import { ApiTokensCard } from '../../features/account/components/api-tokens-card';
import { EmailCard } from '../../features/account/components/email-card';
import { LanguageCard } from '../../features/account/components/language-card';
import { NotificationPreferencesCard } from '../../features/account/components/notification-preferences-card';
import { PasswordCard } from '../../features/account/components/password-card';
import { ProfileDetailsCard } from '../../features/account/components/profile-details-card';
import { SessionsCard } from '../../features/account/components/sessions-card';
import { TwoFactorCard } from '../../features/account/components/two-factor-card';
import { PageTitle } from '../../features/config/components/page-title';
import { errorMessage } from '../../lib/http';
import { paths } from '../../lib/paths';
import { useAccountT } from '../../features/account/i18n';

/** /profile, for every role inside its own template: details, e-mail, password, two-factor, sessions, notifications. */
export function ProfileRoute() {
  const { t } = useAccountT();
  const profile = useProfile();
  const { hash } = useLocation();

  // `#two-factor` (where staff who must enrol are sent) scrolls to that card once it is there.
  useEffect(() => {
    if (hash && profile.data) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, profile.data]);

  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.heading')}>{t('page.intro')}</PageHeading>
      {profile.isPending && <ListLoading label={t('page.loading')} />}
      {profile.isError && <ListError message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />}
      {profile.data && (
        <Stack spacing={3} data-testid="profile-page">
          {profile.data.mfa.required && <TwoFactorCard profile={profile.data} />}
          <ProfileDetailsCard profile={profile.data} />
          <LanguageCard profile={profile.data} />
          <EmailCard profile={profile.data} />
          <PasswordCard />
          {profile.data.mfa.available && !profile.data.mfa.required && <TwoFactorCard profile={profile.data} />}
          <SessionsCard />
          <ApiTokensCard
            action={
              // Staff manage the outgoing webhooks (and everyone's tokens) on a screen of their own.
              profile.data.role === 'admin' || profile.data.role === 'superadmin' ? (
                <Button component={Link} to={paths.staff.webhooks} size="small">
                  {t('page.webhooks')}
                </Button>
              ) : undefined
            }
          />
          <NotificationPreferencesCard />
        </Stack>
      )}
    </>
  );
}
