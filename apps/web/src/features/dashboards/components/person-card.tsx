import type { User } from '@agency/schema';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCommonT } from '../../../i18n';
import { initialsOf } from '../../../lib/initials';
import { useDashboardsT } from '../i18n';

/** The signed-in person: name, e-mail and role. */
export function PersonCard({ user }: { user: User }) {
  const { t } = useDashboardsT();
  const { t: common } = useCommonT();
  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="person-card" component="section" aria-label={t('yourAccount')}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {t('yourAccount')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.25rem' }} aria-hidden="true">
          {initialsOf(user.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" data-testid="person-name" sx={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Typography>
          <Typography color="text.secondary" data-testid="person-email" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Chip label={common(`roles.${user.role}`)} color="primary" variant="outlined" size="small" data-testid="person-role" />
      </Box>
    </Card>
  );
}
