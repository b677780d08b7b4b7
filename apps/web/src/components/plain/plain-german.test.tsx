import { render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { answerMediaQueries, restoreMediaQueries } from '../../test/media-queries';
import { renderScreen } from '../../test/render';
import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { Loading } from './loading';
import { checkConfirmation } from './new-password-pair';
import { RichText } from './rich-text';
import { SkipLink } from './skip-link';

// jsdom has no media queries: a phone-wide window, so the header shows its toggle and the dashboard's icon link.
beforeAll(() => answerMediaQueries(() => false));
afterAll(restoreMediaQueries);

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the public pages’ frame in German', () => {
  it('names the brand link by where it leads until the brand’s name has loaded', () => {
    const loading = renderScreen(<SiteHeader brandName={undefined} account={null} />, { path: '/paymentcancel' });
    expect(screen.getByTestId('brand-link')).toHaveAccessibleName('Startseite');
    loading.unmount();
    renderScreen(<SiteHeader brandName="Acme Works" account={null} />, { path: '/paymentcancel' });
    expect(screen.getByTestId('brand-link')).toHaveAccessibleName('Acme Works');
  });

  it('names the header’s links, the footer and the loading state in German', () => {
    renderScreen(
      <>
        <SkipLink />
        <SiteHeader brandName="Acme Works" account={{ name: 'Chloe Client', initials: 'CC', dashboardPath: '/clientdashboardpage' }} />
        <Loading fullPage={false} />
        <SiteFooter
          brandName="Acme Works"
          contactPhone="+44 1632 960000"
          contactEmail={undefined}
          links={[{ label: 'Privacy', url: 'https://acme.example/privacy' }]}
        />
      </>,
      { path: '/home' },
    );

    expect(screen.getByTestId('skip-link')).toHaveTextContent('Zum Hauptinhalt springen');
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen...');
    expect(screen.getByTestId('footer-phone')).toHaveTextContent('Telefon: +44 1632 960000');
    expect(screen.getByRole('heading', { name: 'Folgen Sie uns' })).toBeInTheDocument();
    // The agency's own links keep the words the agency gave them.
    expect(within(screen.getByRole('navigation', { name: 'Fußzeile' })).getByRole('link', { name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('© 2023 Acme Works. Alle Rechte vorbehalten.');
    expect(screen.getByRole('button', { name: 'Navigation ein- oder ausblenden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mein Dashboard (Chloe Client)' })).toHaveAttribute('href', '/clientdashboardpage');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/signup');
  });

  it('says why a password confirmation is refused in German', () => {
    const check = checkConfirmation('first-password');
    expect(check('')).toBe('Bestätigen Sie Ihr Passwort');
    expect(check('other-password')).toBe('Die Passwörter stimmen nicht überein');
    expect(check('first-password')).toBeNull();
  });
});

describe('a text with links in it', () => {
  it('draws each tag as its element and everything else as text', async () => {
    await setLocale('en-GB');
    render(
      <RichText
        text="Signed in as <strong><b>x</b></strong>. <a>Go on</a> or <em>stay</em>"
        components={{ strong: <strong />, a: <a href="/on" /> }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Go on' })).toHaveAttribute('href', '/on');
    // A name that looks like markup stays text inside the bold element; an unknown tag is left as written.
    expect(screen.getByText('<b>x</b>').tagName).toBe('STRONG');
    expect(document.body).toHaveTextContent('Signed in as <b>x</b>. Go on or <em>stay</em>');
  });
});
