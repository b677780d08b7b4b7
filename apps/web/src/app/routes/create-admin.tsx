import Card from '@mui/material/Card';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateInvitationForm } from '../../features/invitations/components/create-invitation-form';
import { PageHeading } from '../../components/page-heading';

export function CreateAdminRoute() {
  return (
    <>
      <PageTitle title="Create admin" />
      <PageHeading title="Create admin">Admins are invited by e-mail. They choose their own name and password when they open the link.</PageHeading>
      <Card sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}>
        <CreateInvitationForm roles={['admin']} />
      </Card>
    </>
  );
}
