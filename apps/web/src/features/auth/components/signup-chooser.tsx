import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowForwardIcon, OutlineIcon } from '../../../components/plain/icons';
import { paths } from '../../../lib/paths';
import { SignedInNotice } from './signed-in-notice';
import '../../../components/plain/public.css';
import '../../../components/public-sections.css';
import { useAuthT } from '../i18n';
import { RichText } from '../../../components/plain/rich-text';

function Badge({ grey, children }: { grey?: boolean; children: ReactNode }) {
  return (
    <span className={grey ? 'home-badge home-badge--grey' : 'home-badge'}>
      <OutlineIcon>{children}</OutlineIcon>
    </span>
  );
}

export function SignupChooser() {
  const { t } = useAuthT();
  return (
    <div className="home-section">
      <div className="pub-wrap" style={{ maxWidth: 900 }}>
        <h1 className="home-h2" style={{ textAlign: 'center', fontSize: 'clamp(2rem, 5vw, 2.6rem)' }}>
          {t('chooser.heading')}
        </h1>
        <p className="pub-muted" style={{ textAlign: 'center', margin: '12px 0 0' }}>
          {t('chooser.lead')}
        </p>
        <SignedInNotice style={{ margin: '24px auto 0', maxWidth: 640, textAlign: 'center' }} />
        <div className="home-grid home-grid--two">
          <Link to={paths.clientSignup} className="pub-card signup-card signup-card--primary" data-testid="choose-client">
            <Badge>
              <rect x="3" y="7" width="18" height="13" rx="2" />
              <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
            </Badge>
            <h2>
              {t('chooser.client')} <ArrowForwardIcon />
            </h2>
            <p className="pub-muted" style={{ margin: '8px 0 0' }}>
              {t('chooser.clientText')}
            </p>
          </Link>
          <div className="pub-card signup-card signup-card--muted" data-testid="invitation-note">
            <Badge grey>
              <rect x="3" y="5" width="18" height="15" rx="2" />
              <circle cx="9" cy="11" r="2.5" />
              <path d="M5.5 17c.8-1.8 2-2.5 3.5-2.5s2.7.7 3.5 2.5M15 10h3M15 14h3" />
            </Badge>
            <h2>{t('chooser.staff')}</h2>
            <p className="pub-muted" style={{ margin: '8px 0 0' }}>
              {t('chooser.staffText')}
            </p>
          </div>
        </div>
        <p className="pub-muted" style={{ textAlign: 'center', margin: '32px 0 0' }}>
          <RichText text={t('chooser.haveAccount')} components={{ a: <Link to={paths.login} className="pub-strong-link" /> }} />
        </p>
      </div>
    </div>
  );
}
