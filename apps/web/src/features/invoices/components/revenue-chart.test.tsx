import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RevenueChart } from './revenue-chart';

const revenue = [
  { month: '2025-02', currency: 'GBP', amount: 0 },
  { month: '2025-03', currency: 'GBP', amount: 150050 },
  { month: '2025-03', currency: 'JPY', amount: 1500 },
] as const;

describe('revenue chart', () => {
  it('lists each month of the chosen currency with its amount for screen readers, and switches currency', async () => {
    render(<RevenueChart revenue={[...revenue]} />);
    const table = screen.getByRole('table', { name: 'Revenue by month in GBP' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Feb 25£0.00', 'Mar 25£1,500.50']);

    await userEvent.click(screen.getByRole('button', { name: 'JPY' }));
    const yen = screen.getByRole('table', { name: 'Revenue by month in JPY' });
    expect(
      within(yen)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Mar 25JP¥1,500']);
  });
});
