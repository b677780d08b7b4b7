import type { ToolRequest } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ToolRequestList } from './tool-request-list';

const tablet: ToolRequest = {
  id: '4',
  client: { id: '7', name: 'Chloe Client' },
  name: 'Drawing tablet',
  category: 'Hardware',
  reason: 'For the illustrations',
  quantity: 1,
  needed_by: null,
  status: 'approved',
  decision_reason: null,
  decided_at: '2026-03-01T10:00:00.000Z',
  created_at: '2026-02-27T10:00:00.000Z',
};

beforeEach(() => vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000));
afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('en-GB');
});

describe('tool requests for staff', () => {
  it('names each decision button by what it shows first, then the tool', async () => {
    server.use(
      http.get('/api/tool-requests', () =>
        HttpResponse.json({ items: [tablet, { ...tablet, id: '5', name: 'Licence', status: 'requested' }], next_cursor: null }),
      ),
    );
    renderScreen(<ToolRequestList isStaff title="Tool requests" />, { path: '/tool-requests' });
    const rows = await screen.findAllByRole('row');
    const tabletRow = rows.find((row) => within(row).queryByText('Drawing tablet'));
    expect(within(tabletRow!).getByRole('button', { name: 'Mark fulfilled: Drawing tablet' })).toHaveTextContent('Mark fulfilled');
    const licenceRow = rows.find((row) => within(row).queryByText('Licence'));
    expect(within(licenceRow!).getByRole('button', { name: 'Approve Licence' })).toHaveTextContent('Approve');
    expect(within(licenceRow!).getByRole('button', { name: 'Mark fulfilled: Licence' })).toBeInTheDocument();
    // A table of MUI buttons in jsdom: slower than the default five seconds on a busy machine.
  }, 15_000);

  it('speaks German: columns, statuses, categories and the decision buttons', async () => {
    server.use(
      http.get('/api/tool-requests', () =>
        HttpResponse.json({
          items: [tablet, { ...tablet, id: '5', name: 'Licence', category: 'Software licence', status: 'requested' }],
          next_cursor: null,
        }),
      ),
    );
    await setLocale('de');
    renderScreen(<ToolRequestList isStaff title="Anfragen" />, { path: '/tool-requests' });
    const rows = await screen.findAllByRole('row');
    const licenceRow = rows.find((row) => within(row).queryByText('Licence'));
    expect(within(licenceRow!).getByRole('button', { name: 'Licence genehmigen' })).toHaveTextContent('Genehmigen');
    expect(within(licenceRow!).getByRole('button', { name: 'Licence ablehnen' })).toHaveTextContent('Ablehnen');
    expect(within(licenceRow!).getByText('Softwarelizenz')).toBeInTheDocument();
    expect(within(licenceRow!).getByText('Angefragt')).toBeInTheDocument();
    const tabletRow = rows.find((row) => within(row).queryByText('Drawing tablet'));
    expect(within(tabletRow!).getByText('Genehmigt')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Kategorie' })).toBeInTheDocument();
  }, 15_000);
});
