import { HEADER_COLLAPSE_ANIMATION_MS, HEADER_COLLAPSE_BREAKPOINT_PX } from '@agency/schema';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import logoUrl from '../assets/logo.svg';

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

/** Who is signed in, when someone is: their name and the way back to their dashboard. */
export type HeaderAccount = { name: string; initials: string; dashboardPath: string };

type SiteHeaderProps = { brandName: string | undefined; account?: HeaderAccount | null };

function AccountLinks({ account, stacked, onNavigate }: { account: HeaderAccount; stacked: boolean; onNavigate?: () => void }) {
  return (
    <Box
      data-testid="header-account"
      sx={{
        display: 'flex',
        alignItems: stacked ? 'stretch' : 'center',
        flexDirection: stacked ? 'column' : 'row',
        gap: stacked ? 1 : 1.5,
        ml: stacked ? 0 : 1.5,
        pl: stacked ? 0 : 2,
        pt: stacked ? 1.5 : 0,
        borderLeft: stacked ? 'none' : '1px solid rgb(255 255 255 / 18%)',
        borderTop: stacked ? '1px solid rgb(255 255 255 / 18%)' : 'none',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: '#fff' }}>
        <Avatar sx={{ width: 30, height: 30, fontSize: '0.8rem', bgcolor: 'primary.main' }} aria-hidden="true">
          {account.initials}
        </Avatar>
        <Box
          component="span"
          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 200 }}
          data-testid="header-account-name"
        >
          {account.name}
        </Box>
      </Box>
      <Button
        component={Link}
        to={account.dashboardPath}
        onClick={onNavigate}
        variant="contained"
        size="small"
        data-testid="header-dashboard-link"
        sx={{ flexShrink: 0, ...(stacked ? { py: 1 } : {}) }}
      >
        My dashboard
      </Button>
    </Box>
  );
}

export function SiteHeader({ brandName, account }: SiteHeaderProps) {
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

  // Escape closes the open menu and gives the focus back to its toggle.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isOpen]);

  return (
    <AppBar
      position="sticky"
      elevation={0}
      data-testid="site-header"
      className="dark-surface"
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
            <Box component="img" src={logoUrl} alt="" width={34} height={34} sx={{ display: 'block' }} />
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
              {account && <AccountLinks account={account} stacked={false} />}
            </Box>
          ) : (
            <>
              {account && (
                <IconButton
                  component={Link}
                  to={account.dashboardPath}
                  aria-label={`My dashboard (${account.name})`}
                  data-testid="header-dashboard-icon"
                  sx={{ p: 0.5 }}
                >
                  <Avatar sx={{ width: 32, height: 32, fontSize: '0.8rem', bgcolor: 'primary.main' }} aria-hidden="true">
                    {account.initials}
                  </Avatar>
                </IconButton>
              )}
              <IconButton
                ref={toggleRef}
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
            </>
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
              {account && <AccountLinks account={account} stacked onNavigate={() => setOpenedOn(null)} />}
            </Box>
          </Collapse>
        )}
      </Container>
    </AppBar>
  );
}
