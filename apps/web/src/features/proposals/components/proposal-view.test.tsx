import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ProposalView, type ProposalContent } from './proposal-view';

const proposal: ProposalContent = {
  title: 'Shop relaunch',
  intro_markdown: 'Thank you. **Our offer.**',
  sections: [{ title: 'Scope', body_markdown: '- Design\n- Build' }],
  items: [
    { id: 'build', description: 'Design and build', quantity: 1, unit_price: 100_000, tax_rate: 20, optional: false, selected: true },
    { id: 'photos', description: 'Product photography', quantity: 2, unit_price: 12_550, tax_rate: 0, optional: true, selected: false },
  ],
  currency: 'GBP',
  valid_until: '2026-05-01',
  deposit_percent: 40,
};

/** The view as the client page uses it: ticking calls back with the ids, and the page shows the new selection. */
function Tickable() {
  const [items, setItems] = useState(proposal.items);
  return (
    <ProposalView
      proposal={{ ...proposal, items }}
      onSelect={(ids) => setItems(items.map((i) => ({ ...i, selected: !i.optional || ids.includes(i.id!) })))}
    />
  );
}

describe('the proposal as the client reads it', () => {
  it('shows the sections, the items and totals of what counts, and follows a ticked option', async () => {
    const { user } = renderScreen(<Tickable />, { path: '/proposal' });
    expect(screen.getByRole('region', { name: 'Scope' })).toHaveTextContent('Scope Design Build');
    const totals = screen.getByTestId('proposal-totals');
    const figures = () =>
      within(totals)
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
    expect(figures()).toEqual(['£1,000.00', '£200.00', '£1,200.00', '£480.00']);
    const option = screen.getByRole('checkbox', { name: 'Include Product photography' });
    expect(option).not.toBeChecked();
    await user.click(option);
    expect(option).toBeChecked();
    expect(figures()).toEqual(['£1,251.00', '£200.00', '£1,451.00', '£580.40']);
    expect(within(screen.getAllByTestId('proposal-item')[1]).getByText('£251.00')).toBeInTheDocument();
    expect(screen.getByText('Valid until 01 May 2026.')).toBeInTheDocument();
  });

  it('offers no tick box to change when the proposal is no longer open', () => {
    renderScreen(<ProposalView proposal={proposal} />, { path: '/proposal' });
    expect(screen.getByRole('checkbox', { name: 'Include Product photography' })).toBeDisabled();
  });
});
