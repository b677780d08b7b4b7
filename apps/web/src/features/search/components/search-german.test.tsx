import type { SearchItem } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SearchButton } from './search-button';

/** The dialog loads on first use: on a busy machine that takes longer than a find's default second. */
const LOADED = { timeout: 5000 };

const ITEMS: SearchItem[] = [
  { kind: 'invoice', id: '4', title: 'INV-0004', snippet: '', url: '/go/invoice/4' },
  { kind: 'company', id: '3', title: 'Hafenamt', snippet: '', url: '/go/company/3' },
];

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the app bar search in German', { timeout: 20_000 }, () => {
  it('names the dialog, its box, the hint, the groups and an empty answer in German', async () => {
    server.use(
      http.get('/api/search', ({ request }) => HttpResponse.json({ items: new URL(request.url).searchParams.get('q') === 'hafen' ? ITEMS : [] })),
    );
    const { user } = renderScreen(<SearchButton />);
    await user.click(screen.getByRole('button', { name: 'Suchen' }));

    expect(await screen.findByRole('dialog', { name: 'Suche' }, LOADED)).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Suche' });
    expect(box).toHaveAttribute('placeholder', 'Projekte, Personen, Rechnungen, Nachrichten suchen…');
    expect(screen.getByText('Geben Sie ein Wort ein, um zu suchen. Mit / oder Strg+K öffnen Sie die Suche auf jeder Seite.')).toBeInTheDocument();

    await user.paste('hafen');
    expect(await screen.findByRole('group', { name: 'Rechnungen' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Firmen' })).toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Ergebnisse' })).toBeInTheDocument();

    await user.clear(box);
    await user.paste('nichts');
    expect(await screen.findByRole('status')).toHaveTextContent('Nichts gefunden für „nichts“.');
  });
});
