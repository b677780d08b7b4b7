import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowForwardIcon, OutlineIcon } from '../../../components/plain/icons';
import { paths } from '../../../lib/paths';
import '../../../components/plain/public.css';
import '../../../components/public-sections.css';
import { useLandingT } from '../i18n';

type Service = { id: 'delivery' | 'contracts' | 'invoicing' | 'messaging'; icon: ReactNode };

const SERVICES: readonly Service[] = [
  {
    id: 'delivery',
    icon: (
      <OutlineIcon>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M9 4v16M15 4v16" />
      </OutlineIcon>
    ),
  },
  {
    id: 'contracts',
    icon: (
      <OutlineIcon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5M9 13h6M9 17h6" />
      </OutlineIcon>
    ),
  },
  {
    id: 'invoicing',
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
        <path d="M20 4H4a1 1 0 0 0-1 1v15l4-4h13a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1z" />
      </OutlineIcon>
    ),
  },
];

const STEPS = ['signUp', 'brief', 'approve', 'track'] as const;

type HomePageProps = { brandName: string | undefined };

export function HomePage({ brandName }: HomePageProps) {
  const { t } = useLandingT();
  return (
    <div data-testid="home-page">
      <section className="home-hero">
        <div className="pub-wrap">
          <p className="home-eyebrow">{brandName ? t('home.welcomeTo', { brand: brandName }) : t('home.welcome')}</p>
          <h1 className="home-title">{t('home.title')}</h1>
          <p className="home-lead">{t('home.lead')}</p>
          <div className="home-actions">
            <Link to={paths.clientSignup} className="pub-btn pub-btn--primary pub-btn--large">
              {t('home.startProject')}
              <ArrowForwardIcon />
            </Link>
            <Link to={paths.login} className="pub-btn pub-btn--outline pub-btn--large">
              {t('home.logIn')}
            </Link>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="services">
        <div className="pub-wrap">
          <h2 id="services" className="home-h2">
            {t('home.services')}
          </h2>
          <p className="pub-muted" style={{ margin: '8px 0 0', maxWidth: 620 }}>
            {t('home.servicesLead')}
          </p>
          <ul className="home-grid home-grid--four">
            {SERVICES.map((service) => (
              <li key={service.id} className="pub-card">
                <span className="home-badge">{service.icon}</span>
                <h3>{t(`home.serviceItems.${service.id}.title`)}</h3>
                <p>{t(`home.serviceItems.${service.id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section home-band" aria-labelledby="how-it-works">
        <div className="pub-wrap">
          <h2 id="how-it-works" className="home-h2">
            {t('home.howItWorks')}
          </h2>
          <ol className="home-grid home-grid--four">
            {STEPS.map((step, index) => (
              <li key={step}>
                <span className="home-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{t(`home.steps.${step}.title`)}</h3>
                <p>{t(`home.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="cta">
        <div className="pub-wrap home-center">
          <h2 id="cta" className="home-h2">
            {t('home.cta')}
          </h2>
          <p className="pub-muted" style={{ margin: '12px 0 0' }}>
            {t('home.ctaText')}
          </p>
          <div className="home-actions">
            <Link to={paths.signup} className="pub-btn pub-btn--primary pub-btn--large">
              {t('home.signUp')}
            </Link>
            <Link to={paths.login} className="pub-btn pub-btn--text pub-btn--large">
              {t('home.haveAccount')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
