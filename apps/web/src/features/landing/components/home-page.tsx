import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowForwardIcon, OutlineIcon } from '../../../components/plain/icons';
import { paths } from '../../../lib/paths';
import '../../../components/plain/public.css';
import '../../../components/public-sections.css';

type Service = { title: string; text: string; icon: ReactNode };

const SERVICES: readonly Service[] = [
  {
    title: 'Project delivery',
    text: 'Every request is reviewed, scoped and handed to a team lead who runs it on a shared board until it ships.',
    icon: (
      <OutlineIcon>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M9 4v16M15 4v16" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Contracts',
    text: 'Each approved project comes with a contract you read and sign online, and keep as a PDF.',
    icon: (
      <OutlineIcon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5M9 13h6M9 17h6" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Invoicing',
    text: 'Itemised invoices you can pay by card, with a receipt the moment the payment goes through.',
    icon: (
      <OutlineIcon>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M6 15h4" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Direct messaging',
    text: 'A conversation per project with the agency, with attachments and read receipts.',
    icon: (
      <OutlineIcon>
        <path d="M20 4H4a1 1 0 0 0-1 1v15l4-4h13a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1z" />
      </OutlineIcon>
    ),
  },
];

const STEPS = [
  { title: 'Sign up', text: 'Create a client account with your name and e-mail.' },
  { title: 'Send a brief', text: 'Describe the project, the budget and when you need it.' },
  { title: 'Approve and sign', text: 'We confirm the scope and team; you sign the contract online.' },
  { title: 'Track and pay', text: 'Follow progress, talk to us, and pay invoices when they are due.' },
] as const;

type HomePageProps = { brandName: string | undefined };

export function HomePage({ brandName }: HomePageProps) {
  return (
    <div data-testid="home-page">
      <section className="home-hero">
        <div className="pub-wrap">
          <p className="home-eyebrow">Welcome{brandName ? ` to ${brandName}` : ''}</p>
          <h1 className="home-title">A delivery team for your next project</h1>
          <p className="home-lead">
            Bring us an idea, a deadline and a budget. We agree the scope, staff the project and keep you informed until it is done.
          </p>
          <div className="home-actions">
            <Link to={paths.clientSignup} className="pub-btn pub-btn--primary pub-btn--large">
              Start a project
              <ArrowForwardIcon />
            </Link>
            <Link to={paths.login} className="pub-btn pub-btn--outline pub-btn--large">
              Log in
            </Link>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="services">
        <div className="pub-wrap">
          <h2 id="services" className="home-h2">
            Services
          </h2>
          <p className="pub-muted" style={{ margin: '8px 0 0', maxWidth: 620 }}>
            What working with us looks like, from the first message to the last invoice.
          </p>
          <ul className="home-grid home-grid--four">
            {SERVICES.map((service) => (
              <li key={service.title} className="pub-card">
                <span className="home-badge">{service.icon}</span>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section home-band" aria-labelledby="how-it-works">
        <div className="pub-wrap">
          <h2 id="how-it-works" className="home-h2">
            How it works
          </h2>
          <ol className="home-grid home-grid--four">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <span className="home-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="cta">
        <div className="pub-wrap home-center">
          <h2 id="cta" className="home-h2">
            Have a project in mind?
          </h2>
          <p className="pub-muted" style={{ margin: '12px 0 0' }}>
            Create your client account and send the brief. We reply to every request.
          </p>
          <div className="home-actions">
            <Link to={paths.signup} className="pub-btn pub-btn--primary pub-btn--large">
              Sign up
            </Link>
            <Link to={paths.login} className="pub-btn pub-btn--text pub-btn--large">
              I already have an account
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
