import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { ShortcutGrid, type Shortcut } from '../../features/dashboards/components/shortcut-grid';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { paths } from '../../lib/paths';

const SHORTCUTS: readonly Shortcut[] = [
  {
    to: paths.superadmin.createAdmin,
    title: 'Create admin',
    description: 'Invite a new admin by e-mail and copy the sign-up link.',
    icon: <PersonAddAltOutlinedIcon />,
  },
  {
    to: paths.superadmin.adminList,
    title: 'Admin list',
    description: 'See every admin, disable or enable accounts, and manage pending invitations.',
    icon: <GroupOutlinedIcon />,
  },
];

export function SuperadminDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title="Super admin dashboard" />
      <WelcomeCard name={user.name}>You run the agency from here. Pick a screen below to get started.</WelcomeCard>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 380px) 1fr' }, alignItems: 'start' }}>
        <PersonCard user={user} />
        <Box>
          <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', mb: 1 }}>
            Super admin screens
          </Typography>
          <ShortcutGrid shortcuts={SHORTCUTS} />
        </Box>
      </Box>
    </Box>
  );
}
