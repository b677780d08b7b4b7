import { HEADER_COLLAPSE_ANIMATION_MS, HEADER_COLLAPSE_BREAKPOINT_PX } from '@agency/schema';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../lib/paths';

const NAV_LINKS = [
  { to: paths.landing, label: 'Home' },
  { to: paths.signup, label: 'Sign Up' },
  { to: paths.login, label: 'Login' },
] as const;

const NAV_MENU_ID = 'site-nav-menu';

/** The SPEC's breakpoint, not the UI kit's: links inline from 992 px, a toggle below. */
const DESKTOP_QUERY = `(min-width: ${HEADER_COLLAPSE_BREAKPOINT_PX}px)`;

const linkSx = {
  color: 'rgb(255 255 255 / 82%)',
  px: 1.75,
  '&:hover': { color: '#fff', backgroundColor: 'rgb(255 255 255 / 8%)' },
  '&.active': { color: '#fff', backgroundColor: 'rgb(255 255 255 / 14%)' },
} as const;

type SiteHeaderProps = { brandName: string | undefined };

export function SiteHeader({ brandName }: SiteHeaderProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it, and so does crossing the breakpoint.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = openedOn === pathname;

  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const handleChange = () => setOpenedOn(null);
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);

  return (
    <AppBar
      position="sticky"
      elevation={0}
      data-testid="site-header"
      sx={{ backgroundColor: '#0f172a', borderBottom: '1px solid rgb(255 255 255 / 8%)' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: 64, gap: 2 }}>
          <Box
            component={Link}
            to={paths.landing}
            data-testid="brand-link"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: '#fff', textDecoration: 'none', mr: 'auto' }}
          >
            <Box component="img" src="/logo.svg" alt="" width={34} height={34} sx={{ display: 'block' }} />
            <Box component="span" sx={{ fontWeight: 800, fontSize: '1.15rem', letterSpacing: '-0.01em', minWidth: 80 }}>
              {brandName}
            </Box>
          </Box>
          {isDesktop ? (
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5 }}>
              {NAV_LINKS.map((link) => (
                <Button key={link.to} component={NavLink} to={link.to} sx={linkSx}>
                  {link.label}
                </Button>
              ))}
            </Box>
          ) : (
            <IconButton
              color="inherit"
              aria-label="Toggle navigation"
              aria-expanded={isOpen}
              aria-controls={NAV_MENU_ID}
              data-testid="nav-toggle"
              onClick={() => setOpenedOn(isOpen ? null : pathname)}
              sx={{ border: '1px solid rgb(255 255 255 / 20%)', borderRadius: 2 }}
            >
              {isOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          )}
        </Toolbar>
        {!isDesktop && (
          <Collapse in={isOpen} timeout={HEADER_COLLAPSE_ANIMATION_MS} id={NAV_MENU_ID}>
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 2 }}>
              {NAV_LINKS.map((link) => (
                <Button
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  onClick={() => setOpenedOn(null)}
                  sx={{ ...linkSx, justifyContent: 'flex-start', py: 1.25 }}
                >
                  {link.label}
                </Button>
              ))}
            </Box>
          </Collapse>
        )}
      </Container>
    </AppBar>
  );
}
