import type { TrainingProgress as Progress } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { TrainingProgress } from './training-progress';

const MODULES = ['Security basics', 'Definition of done', 'Code review', 'Accessibility'];

const progress: Progress = {
  modules: MODULES.map((title, i) => ({ id: `m${i + 1}`, title, roles: ['teamlead', 'teammember'], total: 4, due_date: null })),
  people: [
    {
      id: 'u1',
      name: 'Lee Lead',
      role: 'teamlead',
      modules: MODULES.map((_, i) => ({ module_id: `m${i + 1}`, completed: 4, total: 4 })),
      completed: 16,
      total: 16,
    },
    {
      id: 'u2',
      name: 'Max Member',
      role: 'teammember',
      // Done with the last module only: a table that dropped it would show 0 % everywhere beside 25 % overall.
      modules: MODULES.map((_, i) => ({ module_id: `m${i + 1}`, completed: i === 3 ? 4 : 0, total: 4 })),
      completed: 4,
      total: 16,
    },
  ],
};

/**
 * jsdom lays nothing out: every element is given the width the matrix's card has in a browser at that window width
 * (1440: 1118 px, 1280: 958, 1024: 702, 390: 356), and the table inside it the width its columns add up to.
 */
function atWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(Math.max(width, 160 + 120 + 150 * MODULES.length + 150));
}

async function renderMatrix(width: number) {
  atWidth(width);
  server.use(http.get('/api/training/progress', () => HttpResponse.json(progress)));
  renderScreen(<TrainingProgress title="My team’s progress" subtitle="The people on the projects you lead, and you" showChart={false} />, {
    path: '/employee/training',
  });
  await screen.findByText('Max Member', {}, { timeout: 5_000 });
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

afterEach(() => vi.restoreAllMocks());

describe('the training progress matrix', () => {
  it.each([
    [1118, ['Person', 'Role', ...MODULES, 'Overall']],
    [958, ['Person', ...MODULES, 'Overall']],
    [702, ['Person', ...MODULES, 'Overall']],
  ])('shows every module beside Overall in a card %i px wide', async (width, expected) => {
    await renderMatrix(width);
    expect(headers()).toEqual(expected);
    const max = within(screen.getAllByTestId('progress-row')[1]);
    expect(max.getByRole('progressbar', { name: 'Max Member, Accessibility' })).toHaveAttribute('aria-valuenow', '100');
    expect(max.getByRole('progressbar', { name: 'Max Member, overall' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('says the table scrolls sideways when the modules are wider than the card, and holds the names in place', async () => {
    await renderMatrix(702);
    expect(screen.getByTestId('table-scroll-hint')).toHaveTextContent('Scroll sideways to see all 4 modules');
    const region = screen.getByRole('table').closest('[role="region"]');
    expect(region).toHaveAccessibleDescription('Scroll sideways to see all 4 modules');
    expect(screen.getByTestId('table-scroll-shadow')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Person' })).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(screen.getByRole('cell', { name: 'Max Member' })).toHaveStyle({ position: 'sticky' });
  });

  it('needs no hint where every column fits', async () => {
    await renderMatrix(1118);
    expect(screen.queryByTestId('table-scroll-hint')).toBeNull();
    expect(screen.queryByTestId('table-scroll-shadow')).toBeNull();
  });

  it('shows every module on each person’s card on a phone', async () => {
    await renderMatrix(356);
    expect(screen.queryByRole('table')).toBeNull();
    const max = within(screen.getAllByTestId('progress-row')[1]);
    for (const title of MODULES) expect(max.getByText(title)).toBeInTheDocument();
    expect(max.getByRole('progressbar', { name: 'Max Member, Accessibility' })).toHaveAttribute('aria-valuenow', '100');
    expect(max.getByText('Overall')).toBeInTheDocument();
  });
});
