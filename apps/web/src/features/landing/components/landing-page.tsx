import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OutlineIcon } from '../../../components/plain/icons';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/plain/skip-link';
import { paths } from '../../../lib/paths';
import { useLandingT } from '../i18n';
import './landing.css';
import logoUrl from '../../../assets/logo.svg';

// The landing page is deliberately free of the UI kit: plain markup and one stylesheet keep "/" light.

type Feature = { id: 'projects' | 'contracts' | 'invoices' | 'messaging'; icon: ReactNode };

const FEATURES: readonly Feature[] = [
  {
    id: 'projects',
    icon: (
      <OutlineIcon>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 9h18M8 14h3M8 17h6" />
      </OutlineIcon>
    ),
  },
  {
    id: 'contracts',
    icon: (
      <OutlineIcon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5M9 17c1.5-2 2.5-2 3.5 0s2 2 3.5 0" />
      </OutlineIcon>
    ),
  },
  {
    id: 'invoices',
    icon: (
      <OutlineIcon>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M6 15h4" />
      </OutlineIcon>
    ),
  },
  {
    id: 'messaging',
    icon: (
      <OutlineIcon>
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        <path d="M8.5 11h7M8.5 14h4" />
      </OutlineIcon>
    ),
  },
];

const STEPS = ['account', 'project', 'follow'] as const;

type LandingPageProps = { brandName: string | undefined };

export function LandingPage({ brandName: brand }: LandingPageProps) {
  const { t } = useLandingT();
  return (
    <div className="landing" data-testid="landing-page">
      <SkipLink />
      <header className="landing-hero dark-surface">
        <div className="landing-bar landing-wrap">
          <Link to={paths.landing} className="landing-brand" aria-label={brand ? t('landing.homeOf', { brand }) : t('landing.home')}>
            <img src={logoUrl} alt="" width="34" height="34" />
            <span className="landing-brand__name" data-testid="landing-brand">
              {brand}
            </span>
          </Link>
          <nav className="landing-bar__nav" aria-label={t('landing.accountNav')}>
            <Link to={paths.login} className="landing-link">
              {t('landing.login')}
            </Link>
            <Link to={paths.signup} className="landing-btn landing-btn--light landing-btn--small">
              {t('landing.signUp')}
            </Link>
          </nav>
        </div>
        <div className="landing-hero__body landing-wrap">
          <p className="landing-eyebrow">{t('landing.eyebrow')}</p>
          <h1 className="landing-hero__title">{t('landing.title')}</h1>
          <p className="landing-hero__text">{t('landing.text')}</p>
          <div className="landing-hero__actions">
            <Link to={paths.signup} className="landing-btn landing-btn--primary" data-testid="cta-get-started">
              {t('landing.getStarted')}
            </Link>
            <Link to={paths.login} className="landing-btn landing-btn--ghost" data-testid="cta-login">
              {t('landing.logIn')}
            </Link>
          </div>
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="landing-section landing-wrap" aria-labelledby="what-we-do">
          <h2 id="what-we-do" className="landing-section__title">
            {t('landing.whatWeDo')}
          </h2>
          <p className="landing-section__lead">{t('landing.whatWeDoLead')}</p>
          <ul className="landing-features">
            {FEATURES.map((feature) => (
              <li key={feature.id} className="landing-feature">
                <span className="landing-feature__icon">{feature.icon}</span>
                <h3>{t(`landing.features.${feature.id}.title`)}</h3>
                <p>{t(`landing.features.${feature.id}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-steps-band" aria-labelledby="how-it-works">
          <div className="landing-wrap">
            <h2 id="how-it-works" className="landing-section__title">
              {t('landing.howItWorks')}
            </h2>
            <ol className="landing-steps">
              {STEPS.map((step, index) => (
                <li key={step} className="landing-step">
                  <span className="landing-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{t(`landing.steps.${step}.title`)}</h3>
                  <p>{t(`landing.steps.${step}.text`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="landing-cta landing-wrap" aria-labelledby="ready">
          <h2 id="ready">{t('landing.ready')}</h2>
          <p>{t('landing.readyText')}</p>
          <div className="landing-hero__actions landing-cta__actions">
            <Link to={paths.signup} className="landing-btn landing-btn--primary">
              {t('landing.getStarted')}
            </Link>
            <Link to={paths.home} className="landing-btn landing-btn--outline">
              {t('landing.howWeWork')}
            </Link>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-wrap landing-footer__inner">
          <span data-testid="landing-copyright">© 2023 {brand}</span>
          <nav aria-label={t('landing.footerNav')} className="landing-footer__nav">
            <Link to={paths.home}>{t('landing.home')}</Link>
            <Link to={paths.signup}>{t('landing.signUp')}</Link>
            <Link to={paths.login}>{t('landing.login')}</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
