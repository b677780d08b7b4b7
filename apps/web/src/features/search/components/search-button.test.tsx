import { SEARCH_MARK_END, SEARCH_MARK_START, type SearchItem } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SearchButton } from './search-button';

/** The dialog loads on first use: on a busy machine that takes longer than a find's default second. */
const LOADED = { timeout: 5000 };
const m = (word: string) => `${SEARCH_MARK_START}${word}${SEARCH_MARK_END}`;

const ITEMS: SearchItem[] = [
  { kind: 'project', id: '12', title: `${m('Harbour')} website`, snippet: 'A new site for the harbour office', url: '/go/project/12' },
  {
    kind: 'message',
    id: '90',
    title: 'Client A',
    snippet: `Is the ${m('harbour')} photo <img src=x onerror=alert(1)> ready?`,
    url: '/go/conversation/12%3A7',
    conversation_id: '12:7',
  },
  { kind: 'project', id: '13', title: `${m('Harbour')} app`, snippet: '', url: '/go/project/13' },
];

function answer(items: SearchItem[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/search', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items });
    }),
  );
  return asked;
}

describe('the app bar search', () => {
  it('opens with / and with Ctrl+K, but a / typed into a field stays text', async () => {
    answer(ITEMS);
    const { user } = renderScreen(
      <>
        <input aria-label="Notes" />
        <SearchButton />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    screen.getByRole('textbox', { name: 'Notes' }).blur();
    await user.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Search' }, LOADED)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search' }, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus();
  });

  it('groups what it finds by kind, marks the matched words and shows markup as text', async () => {
    const asked = answer(ITEMS);
    const { user } = renderScreen(<SearchButton />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await screen.findByRole('combobox', { name: 'Search' }, LOADED), 'harb');

    const projects = await screen.findByRole('group', { name: 'Projects' });
    expect(
      within(projects)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Harbour websiteA new site for the harbour office', 'Harbour app']);
    const messages = screen.getByRole('group', { name: 'Messages' });
    const option = within(messages).getByRole('option');
    expect(option).toHaveTextContent('Is the harbour photo <img src=x onerror=alert(1)> ready?');
    expect(option.querySelector('img')).toBeNull();
    expect([...option.querySelectorAll('mark')].map((e) => e.textContent)).toEqual(['harbour']);
    expect(asked.at(-1)?.get('q')).toBe('harb');
  });

  it('moves through the results with the arrow keys and opens the one picked with Enter', async () => {
    answer(ITEMS);
    const { user, location } = renderScreen(<SearchButton />);
    await user.keyboard('/');
    const box = await screen.findByRole('combobox', { name: 'Search' }, LOADED);
    // Pasted at once: one question, so no later answer moves the selection back to the top.
    await user.paste('harbour');
    await screen.findByRole('group', { name: 'Messages' });
    // Best group first: the projects (their best result came first), then the messages.
    const options = () => screen.getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/go/project/13'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when nothing is found, and asks nothing for an empty box', async () => {
    const asked = answer([]);
    const { user } = renderScreen(<SearchButton />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox', { name: 'Search' }, LOADED);
    await user.type(box, '   ');
    expect(screen.getByText(/Type a word to search/)).toBeInTheDocument();
    await user.type(box, 'zzz');
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing found for “zzz”.');
    expect(asked.map((q) => q.get('q'))).toEqual(['zzz']);
  });
});
