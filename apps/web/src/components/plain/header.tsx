import { HEADER_COLLAPSE_ANIMATION_MS, HEADER_COLLAPSE_BREAKPOINT_PX } from '@agency/schema';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import logoUrl from '../../assets/logo.svg';
import { usePlainT } from './i18n';
import { CloseIcon, MenuIcon } from './icons';
import './public.css';

const NAV_LINKS = [
  { to: paths.landing, label: 'home' },
  { to: paths.signup, label: 'signUp' },
  { to: paths.login, label: 'login' },
] as const;

const NAV_MENU_ID = 'site-nav-menu';

/** The SPEC's breakpoint: links inline from 992 px, a toggle below. */
const DESKTOP_QUERY = `(min-width: ${HEADER_COLLAPSE_BREAKPOINT_PX}px)`;

function useMatchesMedia(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Who is signed in, when someone is: their name and the way back to their dashboard. */
export type HeaderAccount = { name: string; initials: string; dashboardPath: string };

type SiteHeaderProps = {
  brandName: string | undefined;
  /** The agency's own logo; the product's mark when none is set. */
  logoSrc?: string;
  account?: HeaderAccount | null;
};

function AccountLinks({ account, onNavigate }: { account: HeaderAccount; onNavigate?: () => void }) {
  const { t } = usePlainT();
  return (
    <div className="pub-account" data-testid="header-account">
      <span className="pub-account__who">
        <span className="pub-avatar" aria-hidden="true">
          {account.initials}
        </span>
        <span className="pub-account__name" data-testid="header-account-name">
          {account.name}
        </span>
      </span>
      <Link to={account.dashboardPath} onClick={onNavigate} className="pub-btn pub-btn--primary pub-btn--small" data-testid="header-dashboard-link">
        {t('header.myDashboard')}
      </Link>
    </div>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = usePlainT();
  return NAV_LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} onClick={onNavigate} className="pub-nav__link">
      {t(`header.${link.label}`)}
    </NavLink>
  ));
}

/** The public header: a dark bar stuck to the top, with the links inline from 992 px and behind a toggle below. */
export function SiteHeader({ brandName, logoSrc, account }: SiteHeaderProps) {
  const { t } = usePlainT();
  const isDesktop = useMatchesMedia(DESKTOP_QUERY);
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it, and so does crossing the breakpoint.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = !isDesktop && openedOn === pathname;
  const close = () => setOpenedOn(null);

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
    <header className="pub-header dark-surface" data-testid="site-header">
      <div className="pub-wrap">
        <div className="pub-header__bar">
          {/* Named by the brand once the public config has it; until then by where it leads. */}
          <Link to={paths.landing} className="pub-brand" data-testid="brand-link" aria-label={brandName ? undefined : t('header.home')}>
            <img src={logoSrc ?? logoUrl} alt="" width={34} height={34} className="pub-brand__logo" data-testid="brand-logo" />
            <span>{brandName}</span>
          </Link>
          {isDesktop ? (
            <nav aria-label={t('header.nav')} className="pub-nav">
              <NavLinks />
              {account && <AccountLinks account={account} />}
            </nav>
          ) : (
            <>
              {account && (
                <Link
                  to={account.dashboardPath}
                  className="pub-avatar-link"
                  aria-label={t('header.myDashboardOf', { name: account.name })}
                  data-testid="header-dashboard-icon"
                >
                  <span className="pub-avatar" aria-hidden="true">
                    {account.initials}
                  </span>
                </Link>
              )}
              <button
                ref={toggleRef}
                type="button"
                className="pub-icon-btn"
                aria-label={t('header.toggle')}
                aria-expanded={isOpen}
                aria-controls={NAV_MENU_ID}
                data-testid="nav-toggle"
                onClick={() => setOpenedOn(isOpen ? null : pathname)}
              >
                {isOpen ? <CloseIcon /> : <MenuIcon />}
              </button>
            </>
          )}
        </div>
        {!isDesktop && (
          <div className="pub-collapse" id={NAV_MENU_ID} data-open={isOpen} style={{ transitionDuration: `${HEADER_COLLAPSE_ANIMATION_MS}ms` }}>
            <div>
              <nav aria-label={t('header.nav')} className="pub-nav pub-nav--stacked">
                <NavLinks onNavigate={close} />
                {account && <AccountLinks account={account} onNavigate={close} />}
              </nav>
            </div>
          </div>
        )}
      </div>
    </header>
  );
}
