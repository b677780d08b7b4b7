import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OutlineIcon } from '../../../components/plain/icons';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/plain/skip-link';
import { paths } from '../../../lib/paths';
import './landing.css';
import logoUrl from '../../../assets/logo.svg';

// The landing page is deliberately free of the UI kit: plain markup and one stylesheet keep "/" light.

type Feature = { title: string; text: string; icon: ReactNode };

const FEATURES: readonly Feature[] = [
  {
    title: 'Projects',
    text: 'Describe what you need and follow it from review and approval to delivery, with a team lead assigned to every project.',
    icon: (
      <OutlineIcon>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 9h18M8 14h3M8 17h6" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Contracts',
    text: 'Read and sign your contract online. The signed copy is stored as a PDF you can download at any time.',
    icon: (
      <OutlineIcon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5M9 17c1.5-2 2.5-2 3.5 0s2 2 3.5 0" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Invoices',
    text: 'Clear invoices with every line item, paid securely by card in a couple of clicks.',
    icon: (
      <OutlineIcon>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M6 15h4" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Messaging',
    text: 'One conversation per project with the people doing the work, files included, so nothing gets lost in e-mail.',
    icon: (
      <OutlineIcon>
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        <path d="M8.5 11h7M8.5 14h4" />
      </OutlineIcon>
    ),
  },
];

const STEPS = [
  { title: 'Create your account', text: 'Sign up as a client in under a minute.' },
  { title: 'Tell us about your project', text: 'Share the goal, budget and deadline. We review and confirm the scope.' },
  { title: 'Follow the work', text: 'Sign the contract, track progress, message the team and pay invoices online.' },
] as const;

type LandingPageProps = { brandName: string | undefined };

export function LandingPage({ brandName: brand }: LandingPageProps) {
  return (
    <div className="landing" data-testid="landing-page">
      <SkipLink />
      <header className="landing-hero dark-surface">
        <div className="landing-bar landing-wrap">
          <Link to={paths.landing} className="landing-brand" aria-label={brand ? `${brand} home` : 'Home'}>
            <img src={logoUrl} alt="" width="34" height="34" />
            <span className="landing-brand__name" data-testid="landing-brand">
              {brand}
            </span>
          </Link>
          <nav className="landing-bar__nav" aria-label="Account">
            <Link to={paths.login} className="landing-link">
              Login
            </Link>
            <Link to={paths.signup} className="landing-btn landing-btn--light landing-btn--small">
              Sign Up
            </Link>
          </nav>
        </div>
        <div className="landing-hero__body landing-wrap">
          <p className="landing-eyebrow">Project delivery, start to finish</p>
          <h1 className="landing-hero__title">Your projects, delivered without the chaos.</h1>
          <p className="landing-hero__text">
            We plan, build and ship your projects, and keep the contract, the invoices and every conversation with the team in one place you can check
            at any time.
          </p>
          <div className="landing-hero__actions">
            <Link to={paths.signup} className="landing-btn landing-btn--primary" data-testid="cta-get-started">
              Get started
            </Link>
            <Link to={paths.login} className="landing-btn landing-btn--ghost" data-testid="cta-login">
              Log in
            </Link>
          </div>
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="landing-section landing-wrap" aria-labelledby="what-we-do">
          <h2 id="what-we-do" className="landing-section__title">
            What we do for you
          </h2>
          <p className="landing-section__lead">Everything about your project, from the first brief to the final invoice.</p>
          <ul className="landing-features">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="landing-feature">
                <span className="landing-feature__icon">{feature.icon}</span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-steps-band" aria-labelledby="how-it-works">
          <div className="landing-wrap">
            <h2 id="how-it-works" className="landing-section__title">
              How it works
            </h2>
            <ol className="landing-steps">
              {STEPS.map((step, index) => (
                <li key={step.title} className="landing-step">
                  <span className="landing-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="landing-cta landing-wrap" aria-labelledby="ready">
          <h2 id="ready">Ready to start your project?</h2>
          <p>Create a free client account and send us your first brief today.</p>
          <div className="landing-hero__actions landing-cta__actions">
            <Link to={paths.signup} className="landing-btn landing-btn--primary">
              Get started
            </Link>
            <Link to={paths.home} className="landing-btn landing-btn--outline">
              How we work
            </Link>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-wrap landing-footer__inner">
          <span data-testid="landing-copyright">© 2023 {brand}</span>
          <nav aria-label="Footer" className="landing-footer__nav">
            <Link to={paths.home}>Home</Link>
            <Link to={paths.signup}>Sign Up</Link>
            <Link to={paths.login}>Login</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
