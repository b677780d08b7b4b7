import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { CompanyDetailsCard } from '../../features/companies/components/company-details-card';
import { CompanyInvitations } from '../../features/companies/components/company-invitations';
import { CompanyPeople } from '../../features/companies/components/company-people';
import { InviteColleagueForm } from '../../features/companies/components/invite-colleague-form';
import { useCompaniesT } from '../../features/companies/i18n';
import { PageTitle } from '../../features/config/components/page-title';
import { companyRoleOf, managesCompany } from '../../lib/company-role';

/** /company: the client's company, its people and their roles; its owners invite, change roles and edit the details. */
export function CompanyRoute() {
  const { t } = useCompaniesT();
  const { user } = useAuth();
  if (!user) return null;
  const isOwner = managesCompany(companyRoleOf(user));
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{isOwner ? t('page.introOwner') : t('page.intro')}</PageHeading>
      <Stack spacing={3} data-testid="company-page">
        <CompanyPeople currentUserId={user.id} canManage={isOwner} />
        {isOwner && (
          <>
            <SectionCard title={t('page.inviteTitle')} subtitle={t('page.inviteSubtitle')} data-testid="invite-colleague">
              <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
                <InviteColleagueForm />
              </Box>
            </SectionCard>
            <CompanyInvitations />
          </>
        )}
        <CompanyDetailsCard canEdit={isOwner} />
      </Stack>
    </>
  );
}
