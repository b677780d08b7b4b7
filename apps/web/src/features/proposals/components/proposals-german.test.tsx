import type { ProposalSummary } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ProposalEditorDialog } from './proposal-editor-dialog';
import { ProposalPipeline } from './proposal-pipeline';
import { ProposalView, type ProposalContent } from './proposal-view';

const proposal: ProposalContent = {
  title: 'Shop relaunch',
  intro_markdown: 'Thank you.',
  sections: [{ title: 'Scope', body_markdown: '- Design' }],
  items: [
    { id: 'build', description: 'Design and build', quantity: 1, unit_price: 100_000, tax_rate: 20, optional: false, selected: true },
    { id: 'photos', description: 'Product photography', quantity: 2, unit_price: 12_550, tax_rate: 0, optional: true, selected: false },
  ],
  currency: 'GBP',
  valid_until: '2026-05-01',
  deposit_percent: 40,
};

beforeEach(() => setLocale('de'));
afterEach(() => setLocale('en-GB'));

describe('proposals in German', () => {
  it('shows the client’s proposal with German labels and totals, the data as written', () => {
    renderScreen(<ProposalView proposal={proposal} />, { path: '/proposal' });
    expect(screen.getByRole('heading', { name: 'Shop relaunch' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Positionen' });
    expect(within(items).getByRole('heading', { name: 'Preis' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Product photography einschließen' })).toBeDisabled();
    expect(screen.getAllByTestId('proposal-item')[0]).toHaveTextContent('+ 20 % MwSt.');
    expect(screen.getAllByTestId('proposal-item')[1]).toHaveTextContent('Product photography (optional)');
    const terms = within(screen.getByTestId('proposal-totals'))
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Zwischensumme', 'MwSt.', 'Gesamt', 'Anzahlung (40 %) bei Unterzeichnung']);
    expect(screen.getByTestId('proposal-total')).toHaveTextContent('1.200,00 £');
    expect(screen.getByText(/^Gültig bis .+\.$/)).toBeInTheDocument();
  });

  it('counts the pipeline in German, with the status chips’ German names', async () => {
    const summary: ProposalSummary = {
      counts: { draft: 2, sent: 3, accepted: 240, declined: 50, expired: 7, void: 1 },
      conversion: { accepted: 240, sent: 300 },
      accepted_value: [{ currency: 'EUR', total: 50_000 }],
    };
    server.use(http.get('/api/proposals/summary', () => HttpResponse.json(summary)));
    renderScreen(<ProposalPipeline listPath="/proposals" />);
    expect(await screen.findByTestId('dashboard-proposal-conversion')).toHaveTextContent(
      'Abschlussquote 80 % (240 angenommen / 300 gesendet) · angenommener Wert 500,00 €',
    );
    expect(screen.getByText('Antwort ausstehend: 3')).toBeInTheDocument();
    expect(screen.getByText('Zurückgezogen: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angebote' })).toHaveAttribute('href', '/proposals');
  });

  it('writes a new proposal in German and says in German what an item lacks', async () => {
    server.use(http.get('/api/proposal-templates', () => HttpResponse.json({ items: [] })));
    const project = { id: '5', title: 'Shop relaunch', status: 'approved', currency: 'EUR', budget_minor: null };
    const { user } = renderScreen(<ProposalEditorDialog open project={project} teamLeads={[]} onClose={() => undefined} onDone={() => undefined} />, {
      path: '/project-approval',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Angebot senden' });
    expect(await within(dialog).findByRole('textbox', { name: 'Titel' }, { timeout: 10_000 })).toHaveValue('Angebot: Shop relaunch');
    expect(within(dialog).getByRole('textbox', { name: 'Abschnittstitel' })).toHaveValue('Leistungsumfang');
    expect(within(dialog).getByRole('heading', { name: 'Positionen (EUR)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'An den Kunden senden' }));
    expect(await within(dialog).findByTestId('proposal-editor-error')).toHaveTextContent(
      'Position 1: Geben Sie eine Beschreibung, eine Menge über null und einen Preis wie 1500 oder 1500.50 ein.',
    );
  }, 20_000);
});
