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
import { useAdminsT } from '../../features/admins/i18n';

export function AdminListRoute() {
  const { t } = useAdminsT();
  return (
    <>
      <PageTitle title={t('list.title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 2 }}>
        <PageHeading title={t('list.title')}>{t('list.intro')}</PageHeading>
        <Box sx={{ mb: { xs: 3, sm: 0 } }}>
          <Button component={Link} to={paths.superadmin.createAdmin} variant="contained" startIcon={<PersonAddAltOutlinedIcon />}>
            {t('list.create')}
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
