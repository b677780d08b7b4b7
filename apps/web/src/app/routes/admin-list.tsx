import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { AdminAccounts } from '../../features/admins/components/admin-accounts';
import { PageTitle } from '../../features/config/components/page-title';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { paths } from '../../lib/paths';
import { PageHeading } from '../../components/page-heading';

export function AdminListRoute() {
  return (
    <>
      <PageTitle title="Admin list" />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 2 }}>
        <PageHeading title="Admin list">Admins who can sign in, and invitations still waiting to be accepted.</PageHeading>
        <Box sx={{ mb: { xs: 3, sm: 0 } }}>
          <Button component={Link} to={paths.superadmin.createAdmin} variant="contained" startIcon={<PersonAddAltOutlinedIcon />}>
            Create admin
          </Button>
        </Box>
      </Stack>
      <Stack spacing={3}>
        <AdminAccounts />
        <PendingInvitations audience="admin" />
      </Stack>
    </>
  );
}
