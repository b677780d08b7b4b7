import type { Board } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { boardCard as card } from '../../../test/board-fixtures';
import { server } from '../../../test/server';
import { KanbanBoard } from './kanban-board';

const BOARD: Board = {
  project: { id: '9', title: 'Praxis-Website', status: 'in_progress' },
  writable: true,
  can_manage_columns: true,
  members: [{ id: '7', name: 'Mia Member', role: 'teammember' }],
  columns: [
    {
      id: '1',
      name: 'To do',
      position: 'a0',
      wip_limit: null,
      cards: [card('41', '1', 'Texte schreiben', { comment_count: 1, attachment_count: 2 })],
    },
    { id: '2', name: 'In progress', position: 'a1', wip_limit: 1, cards: [card('42', '2', 'Formular bauen')] },
    { id: '3', name: 'Done', position: 'a2', wip_limit: null, cards: [] },
  ],
};

beforeEach(() => setLocale('de'));
afterEach(() => setLocale('en-GB'));

describe('kanban board in German', () => {
  it('shows its filters, counts, limits and card details in German, the data as it was entered', async () => {
    server.use(http.get('/api/projects/9/board', () => HttpResponse.json(BOARD)));
    renderScreen(<KanbanBoard projectId="9" me="7" openCardId={null} onOpenCard={() => undefined} />, { path: '/kanban-board' });

    const progress = await screen.findByRole('region', { name: 'In progress' });
    expect(within(progress).getByTestId('column-count')).toHaveAccessibleName('1 / 1 Karten, WIP-Limit 1');
    expect(within(progress).getByText('WIP-Limit erreicht')).toBeInTheDocument();
    expect(screen.getByTestId('board-count')).toHaveTextContent('2 Karten');
    expect(screen.getByRole('combobox', { name: 'Zuständig' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Fällig' })).toBeInTheDocument();
    // Plurals follow German's rules: one comment, two files.
    const first = screen.getByRole('listitem', { name: 'Texte schreiben, in To do' });
    expect(within(first).getByLabelText('1 Kommentar')).toBeInTheDocument();
    expect(within(first).getByLabelText('2 Dateien')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-roledescription', 'Karte');
    expect(within(progress).getByRole('button', { name: 'Karte hinzufügen' })).toBeInTheDocument();
    const instructions = document.getElementById(first.getAttribute('aria-describedby') ?? '');
    expect(instructions).toHaveTextContent('Drücken Sie die Leertaste, um eine Karte aufzunehmen.');
  });
});
