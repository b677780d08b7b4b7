import Button from '@mui/material/Button';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';
import { planTableLayout } from './data-table-layout';
import { ListEmpty } from './list-states';

type Person = { id: string; name: string; email: string; city: string; joined: string };

const people: Person[] = [
  { id: '1', name: 'Ada Lovelace', email: 'ada@example.test', city: 'London', joined: '1833' },
  { id: '2', name: 'Grace Hopper', email: 'grace@example.test', city: 'New York', joined: '1944' },
];

function columns(onInvite: (person: Person) => void): DataColumn<Person>[] {
  return [
    { id: 'name', header: 'Name', cell: (p) => p.name, minWidth: 200, card: 'title' },
    { id: 'email', header: 'E-mail', cell: (p) => p.email, minWidth: 240, priority: 2 },
    { id: 'city', header: 'City', cell: (p) => p.city, minWidth: 160, priority: 3 },
    { id: 'joined', header: 'Joined', cell: (p) => p.joined, minWidth: 120, priority: 4, card: 'aside' },
    { id: 'action', header: 'Action', cell: (p) => <Button onClick={() => onInvite(p)}>Invite {p.name}</Button>, minWidth: 200, card: 'actions' },
  ];
}

/** jsdom lays nothing out: the container is given the width a browser would. */
function withContainerWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

function renderPeople(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  const onInvite = vi.fn();
  render(
    <DataTable
      columns={columns(onInvite)}
      rows={people}
      getRowId={(p) => p.id}
      label="People"
      empty={<ListEmpty title="Nobody yet" />}
      rowTestId="person-row"
      {...props}
    />,
  );
  return { onInvite };
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('shows every column when the card is wide enough', () => {
    withContainerWidth(1000);
    renderPeople();
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'E-mail', 'City', 'Joined', 'Action']);
    expect(screen.getAllByTestId('person-row')).toHaveLength(2);
  });

  it('hides the least important columns first as the card narrows, keeping the essential ones', () => {
    withContainerWidth(800);
    renderPeople();
    // 920 px of columns: Joined (priority 4) goes, 800 px remain.
    expect(headers()).toEqual(['Name', 'E-mail', 'City', 'Action']);
    expect(within(screen.getAllByTestId('person-row')[0]).queryByText('1833')).not.toBeInTheDocument();
  });

  it('shows a card per row below the breakpoint, with labelled fields, the aside and the actions', () => {
    withContainerWidth(390);
    renderPeople();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('person-row');
    expect(cards).toHaveLength(2);
    const ada = within(cards[0]);
    expect(ada.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(ada.getByText('E-mail').nextElementSibling).toHaveTextContent('ada@example.test');
    expect(ada.getByText('1833')).toBeInTheDocument();
    expect(ada.getByRole('button', { name: 'Invite Ada Lovelace' })).toBeInTheDocument();
  });

  it('opens a row on a click anywhere in it, while its own buttons do only their own thing', async () => {
    withContainerWidth(1000);
    const onRowClick = vi.fn();
    const { onInvite } = renderPeople({ onRowClick });
    const user = userEvent.setup();
    const grace = screen.getAllByTestId('person-row')[1];

    await user.click(within(grace).getByText('New York'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(people[1]);

    await user.click(within(grace).getByRole('button', { name: 'Invite Grace Hopper' }));
    expect(onInvite).toHaveBeenCalledWith(people[1]);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('shows the loading, error and empty states instead of rows', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <DataTable columns={columns(vi.fn())} rows={[]} getRowId={(p) => p.id} label="People" isLoading loadingLabel="Loading people…" empty={null} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading people…');

    rerender(
      <DataTable
        columns={columns(vi.fn())}
        rows={[]}
        getRowId={(p) => p.id}
        label="People"
        error={new Error('Server down')}
        onRetry={onRetry}
        empty={null}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();

    rerender(<DataTable columns={columns(vi.fn())} rows={[]} getRowId={(p) => p.id} label="People" empty={<ListEmpty title="Nobody yet" />} />);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('planTableLayout', () => {
  const fit = [
    { id: 'a', priority: 1, minWidth: 300 },
    { id: 'b', priority: 3, minWidth: 200 },
    { id: 'c', priority: 2, minWidth: 200 },
    { id: 'd', priority: 3, minWidth: 100 },
  ];

  it('hides by priority, the rightmost first among equals, and only as many as needed', () => {
    expect(planTableLayout(fit, 800, 600)).toEqual({ mode: 'table', hiddenIds: new Set() });
    expect(planTableLayout(fit, 750, 600)).toEqual({ mode: 'table', hiddenIds: new Set(['d']) });
    expect(planTableLayout(fit, 650, 600)).toEqual({ mode: 'table', hiddenIds: new Set(['d', 'b']) });
  });

  it('turns rows into cards below the breakpoint or when the essential columns do not fit', () => {
    expect(planTableLayout(fit, 599, 600)).toEqual({ mode: 'cards' });
    expect(planTableLayout([{ id: 'a', priority: 1, minWidth: 900 }], 800, 600)).toEqual({ mode: 'cards' });
  });

  it('hides more columns in the same order when the table came out wider than planned, then turns rows into cards', () => {
    expect(planTableLayout(fit, 800, 600, 1)).toEqual({ mode: 'table', hiddenIds: new Set(['d']) });
    expect(planTableLayout(fit, 750, 600, 1)).toEqual({ mode: 'table', hiddenIds: new Set(['d', 'b']) });
    expect(planTableLayout(fit, 750, 600, 2)).toEqual({ mode: 'table', hiddenIds: new Set(['d', 'b', 'c']) });
    expect(planTableLayout(fit, 750, 600, 3)).toEqual({ mode: 'cards' });
  });

  it('shows the whole table while the width is unknown', () => {
    expect(planTableLayout(fit, null, 600)).toEqual({ mode: 'table', hiddenIds: new Set() });
  });

  // A matrix: a name, a role that may go, three parts and the total they add up to.
  const matrix = [
    { id: 'name', priority: 1, minWidth: 160 },
    { id: 'role', priority: 2, minWidth: 120 },
    { id: 'm1', priority: 3, minWidth: 150, isPartOfTotal: true },
    { id: 'm2', priority: 4, minWidth: 150, isPartOfTotal: true },
    { id: 'm3', priority: 5, minWidth: 150, isPartOfTotal: true },
    { id: 'total', priority: 1, minWidth: 150 },
  ];

  it('never hides a column that holds a part of the row’s total, whatever its priority', () => {
    expect(planTableLayout(matrix, 900, 600)).toEqual({ mode: 'table', hiddenIds: new Set() });
    expect(planTableLayout(matrix, 800, 600)).toEqual({ mode: 'table', hiddenIds: new Set(['role']) });
    // Too narrow for the parts: cards (every field on them), never a table without them.
    expect(planTableLayout(matrix, 700, 600)).toEqual({ mode: 'cards' });
    expect(planTableLayout(matrix, 800, 600, 1)).toEqual({ mode: 'cards' });
  });

  it('keeps the table whole and scrolls it sideways when asked to, instead of turning rows into cards', () => {
    expect(planTableLayout(matrix, 900, 600, 0, 'scroll')).toEqual({ mode: 'table', hiddenIds: new Set() });
    expect(planTableLayout(matrix, 700, 600, 0, 'scroll')).toEqual({ mode: 'scroll', hiddenIds: new Set(['role']) });
    expect(planTableLayout(matrix, 800, 600, 1, 'scroll')).toEqual({ mode: 'scroll', hiddenIds: new Set(['role']) });
    // A phone still gets cards.
    expect(planTableLayout(matrix, 390, 600, 0, 'scroll')).toEqual({ mode: 'cards' });
  });
});
