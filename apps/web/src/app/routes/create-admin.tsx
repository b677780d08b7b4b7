import Card from '@mui/material/Card';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateInvitationForm } from '../../features/invitations/components/create-invitation-form';
import { PageHeading } from '../../components/page-heading';
import { useAdminsT } from '../../features/admins/i18n';

export function CreateAdminRoute() {
  const { t } = useAdminsT();
  return (
    <>
      <PageTitle title={t('create.title')} />
      <PageHeading title={t('create.title')}>{t('create.intro')}</PageHeading>
      <Card sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}>
        <CreateInvitationForm roles={['admin']} />
      </Card>
    </>
  );
}
