import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { HomePage } from './home-page';
import { LandingPage } from './landing-page';

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the public front pages in German', () => {
  it('shows the landing page in German, keeping the brand as it is', () => {
    renderScreen(<LandingPage brandName="Acme Works" />, { path: '/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Projekte, umgesetzt ohne Chaos.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Works – Startseite' })).toHaveAttribute('href', '/');
    const account = screen.getByRole('navigation', { name: 'Konto' });
    expect(within(account).getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { name: 'Was wir für Sie tun' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verträge' })).toBeInTheDocument();
    expect(screen.getByTestId('cta-get-started')).toHaveTextContent('Jetzt starten');
  });

  it('welcomes to the brand on the home page and lists the steps in German', () => {
    renderScreen(<HomePage brandName="Acme Works" />, { path: '/home' });

    expect(screen.getByText('Willkommen bei Acme Works')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ein Umsetzungsteam für Ihr nächstes Projekt' })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'So funktioniert es' }).parentElement!;
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Registrieren', 'Briefing senden', 'Freigeben und unterschreiben', 'Verfolgen und bezahlen']);
  });
});
