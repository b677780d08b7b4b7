import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useConfig } from '../../features/config/hooks/use-config';
import { useCommonT } from '../../i18n';
import { initialsOf } from '../../lib/initials';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchButton } from '../../features/search/components/search-button';

import { paths } from '../../lib/paths';
import logoUrl from '../../assets/logo.svg';

// Only the people who track time have a timer: nobody else's first load carries it.
const TimerIndicator = lazy(async () => ({ default: (await import('../../features/time/components/timer-indicator')).TimerIndicator }));

type DashboardAppBarProps = {
  areaLabel: string;
  homePath: string;
  /** Shown on phones when the page has a navigation drawer. */
  onMenuClick?: () => void;
  isMenuOpen?: boolean;
};

export function DashboardAppBar({ areaLabel, homePath, onMenuClick, isMenuOpen }: DashboardAppBarProps) {
  const { user } = useAuth();
  const { logout, isLoggingOut } = useLogout();
  const config = useConfig().data;
  const brand = config?.brand_name;
  const { t } = useCommonT();

  return (
    <AppBar
      className="dark-surface"
      position="fixed"
      elevation={0}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        backgroundColor: '#0f172a',
        borderBottom: '1px solid rgb(255 255 255 / 8%)',
      }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: 64 }}>
        {onMenuClick && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('appBar.openMenu')}
            aria-expanded={isMenuOpen}
            aria-controls="dashboard-nav"
            onClick={onMenuClick}
            data-testid="drawer-toggle"
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={Link}
          to={homePath}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: '#fff', textDecoration: 'none', minWidth: 0 }}
        >
          <Box
            component="img"
            src={config?.logo_url ?? logoUrl}
            alt=""
            width={30}
            height={30}
            data-testid="app-bar-logo"
            sx={{ display: 'block', flexShrink: 0, objectFit: 'contain' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 800, lineHeight: 1.1, display: { xs: 'none', sm: 'block' } }} noWrap>
              {brand}
            </Typography>
            <Typography variant="caption" sx={{ color: 'rgb(255 255 255 / 65%)', lineHeight: 1.1, display: 'block' }} noWrap>
              {areaLabel}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ flex: 1 }} />
        {(user?.role === 'teamlead' || user?.role === 'teammember') && (
          <Suspense fallback={null}>
            <TimerIndicator />
          </Suspense>
        )}
        {user && <SearchButton />}
        {user && <NotificationBell role={user.role} allPath={user.role === 'client' ? paths.client.notifications : undefined} />}
        {user && (
          <ButtonBase
            component={Link}
            to={paths.profile}
            title={t('appBar.yourProfile')}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              minWidth: 0,
              borderRadius: 2,
              px: 0.75,
              py: 0.5,
              color: 'inherit',
              '&:hover': { bgcolor: 'rgb(255 255 255 / 8%)' },
            }}
            data-testid="current-user"
          >
            <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '0.9rem' }} aria-hidden="true">
              {initialsOf(user.name)}
            </Avatar>
            {/* The link is named by what it shows (WCAG 2.5.3, label in name): the name and role, read out on phones
                too where only the initials show; the initials themselves are a picture of the person. */}
            <Box sx={{ minWidth: 0, textAlign: 'left', ...labelHiddenOnPhones }}>
              <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.2, maxWidth: 220 }} noWrap data-testid="current-user-name">
                {user.name}
              </Typography>
              <Box component="span" sx={visuallyHidden}>
                ,{' '}
              </Box>
              <Typography variant="caption" sx={{ color: 'rgb(255 255 255 / 65%)', lineHeight: 1.2 }} data-testid="current-user-role">
                {t(`roles.${user.role}`)}
              </Typography>
              <Box component="span" sx={visuallyHidden}>
                {t('appBar.profileSuffix')}
              </Box>
            </Box>
          </ButtonBase>
        )}
        <Button
          color="inherit"
          onClick={logout}
          loading={isLoggingOut}
          startIcon={<LogoutIcon />}
          data-testid="logout-button"
          sx={{
            border: '1px solid rgb(255 255 255 / 24%)',
            flexShrink: 0,
            minWidth: { xs: 0, sm: 64 },
            px: { xs: 1.25, sm: 2 },
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          }}
        >
          <Box component="span" sx={labelHiddenOnPhones}>
            {t('appBar.logout')}
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}

/** On phones the button shows only its icon; the label stays for screen readers and tests. */
const labelHiddenOnPhones = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;
