import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/plain/skip-link';
import type layouts from '../../locales/en-GB/layouts.json';
import { DashboardAppBar } from './dashboard-app-bar';
import { useLayoutsT } from './i18n';

const DRAWER_WIDTH = 256;

// The phone drawer is a modal (focus trap, backdrop, slide): none of that loads until the menu is first opened.
const PhoneNavDrawer = lazy(async () => ({ default: (await import('./phone-nav-drawer')).PhoneNavDrawer }));

export type DashboardNavItem = {
  to: string;
  /** The item's name in the navigation, a key of the layouts catalogue's `nav`. */
  label: keyof typeof layouts.nav;
  icon: ReactNode;
  /** A hook returning a count shown as a badge beside the label (for example unread messages); hidden when 0. */
  BadgeCount?: () => number;
};

function NavBadge({ useCount }: { useCount: () => number }) {
  const { t } = useLayoutsT();
  const count = useCount();
  if (count <= 0) return null;
  const label = count > 99 ? '99+' : String(count);
  // Never shrinks: a long label (German "Benachrichtigungen") wraps beside it instead of running under it.
  return (
    <Chip
      size="small"
      color="error"
      label={label}
      aria-label={t('unread', { label })}
      sx={{ height: 20, fontWeight: 700, flexShrink: 0, marginInlineStart: 0.5 }}
    />
  );
}

type DashboardTemplateProps = {
  areaLabel: string;
  navItems: readonly DashboardNavItem[];
};

function NavList({ areaLabel, navItems }: DashboardTemplateProps) {
  const { t } = useLayoutsT();
  return (
    <List
      component="nav"
      aria-label={areaLabel}
      subheader={
        <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 0.5 }}>
          {areaLabel}
        </ListSubheader>
      }
      sx={{ px: 1.5 }}
      data-testid="dashboard-nav"
    >
      {navItems.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end
          sx={{
            borderRadius: 2,
            // Compact rows (36 px, over the 24 px a target needs): the super admin's nineteen screens fit a 1280 x 800
            // window without scrolling.
            py: 0.25,
            mb: 0,
            color: 'text.secondary',
            '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
            // A tint of the brand's primary colour.
            '&.active': { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1), color: 'primary.main', fontWeight: 700 },
            '&.active .MuiListItemText-primary': { fontWeight: 700 },
          }}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText
            primary={t(`nav.${item.label}`)}
            // A word longer than its room is hyphenated in the page's language where the browser can, else broken.
            sx={{ minWidth: 0, '& .MuiListItemText-primary': { hyphens: 'auto', overflowWrap: 'anywhere' } }}
          />
          {item.BadgeCount && <NavBadge useCount={item.BadgeCount} />}
        </ListItemButton>
      ))}
    </List>
  );
}

/** The shared shape of every role's dashboard template: app bar, side navigation, page. */
export function DashboardTemplate({ areaLabel, navItems }: DashboardTemplateProps) {
  const { t } = useLayoutsT();
  const { pathname } = useLocation();
  // The phone drawer belongs to the page it was opened on: navigating anywhere closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isMobileOpen = openedOn === pathname;
  // Once opened, the phone drawer stays mounted (closed) like MUI's keepMounted, so it reopens at once.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);

  function handleMenuClick() {
    setHasOpenedMenu(true);
    setOpenedOn(isMobileOpen ? null : pathname);
  }

  const homePath = navItems[0]?.to ?? '/';

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <DashboardAppBar areaLabel={areaLabel} homePath={homePath} onMenuClick={handleMenuClick} isMenuOpen={isMobileOpen} />
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {hasOpenedMenu && (
          <Suspense fallback={null}>
            <PhoneNavDrawer label={t('menu', { area: areaLabel })} open={isMobileOpen} onClose={() => setOpenedOn(null)} width={DRAWER_WIDTH}>
              <Toolbar />
              <NavList areaLabel={areaLabel} navItems={navItems} />
            </PhoneNavDrawer>
          </Suspense>
        )}
        {/* The docked side navigation: what MUI's permanent Drawer renders (its classes and styles), without the
            modal machinery its module carries for the temporary variant. */}
        <Box className="MuiDrawer-root MuiDrawer-docked" sx={{ flex: '0 0 auto', display: { xs: 'none', md: 'block' } }}>
          <Paper
            square
            elevation={0}
            className="MuiDrawer-paper MuiDrawer-paperAnchorLeft MuiDrawer-paperAnchorDockedLeft"
            sx={{
              overflowY: 'auto',
              // In a window too short for every item, shadows at the top and bottom edges show that the list
              // scrolls: the covers move with the content (local) and hide a shadow once its end is reached.
              background: [
                'linear-gradient(#fff 30%, rgb(255 255 255 / 0%)) center top / 100% 40px no-repeat local',
                'linear-gradient(rgb(255 255 255 / 0%), #fff 70%) center bottom / 100% 40px no-repeat local',
                'radial-gradient(farthest-side at 50% 0, rgb(15 23 42 / 30%), rgb(15 23 42 / 0%)) center top / 100% 18px no-repeat scroll',
                'radial-gradient(farthest-side at 50% 100%, rgb(15 23 42 / 30%), rgb(15 23 42 / 0%)) center bottom / 100% 18px no-repeat scroll',
                '#fff',
              ].join(', '),
              display: 'flex',
              flexDirection: 'column',
              height: '100%',
              flex: '1 0 auto',
              zIndex: 'drawer',
              WebkitOverflowScrolling: 'touch',
              position: 'fixed',
              top: 0,
              left: 0,
              outline: 0,
              borderRight: '1px solid #e2e8f0',
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
            }}
          >
            <Toolbar />
            <NavList areaLabel={areaLabel} navItems={navItems} />
          </Paper>
        </Box>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, width: '100%', maxWidth: 1200, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
