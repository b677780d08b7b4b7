import type { BrandSettings } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { BrandSettingsRoute } from './brand-settings';

const EFFECTIVE = {
  agency_name: 'Brightline Studio',
  primary_color: '#4338ca',
  contact_email: 'hello@brightline.example',
  contact_phone: '+44 20 7946 0000',
  sender_name: 'Brightline Studio',
  sender_email: 'no-reply@brightline.example',
};
const STORED: BrandSettings = {
  agency_name: 'Acme Works',
  primary_color: '',
  contact_email: '',
  contact_phone: '',
  sender_name: '',
  sender_email: '',
  footer_links: [{ label: 'Privacy', url: 'https://acme.example/privacy' }],
  logo_url: null,
  updated_at: '2026-02-01T10:00:00.000Z',
  effective: { ...EFFECTIVE, agency_name: 'Acme Works' },
};

function serve(brand: BrandSettings = STORED) {
  const calls: { method: string; body: unknown }[] = [];
  let current = brand;
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({
        brand_name: current.effective.agency_name,
        contact_phone: '0',
        contact_email: 'a@example.test',
        primary_color: current.effective.primary_color,
        logo_url: current.logo_url,
        footer_links: current.footer_links,
        superadmin_exists: true,
        test_payments: false,
      }),
    ),
    http.get('/api/settings/brand', () => HttpResponse.json({ brand: current })),
    http.patch('/api/settings/brand', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: 'PATCH', body });
      if (body.primary_color === '#ffeb3b') {
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', error: 'White text on #ffeb3b has a contrast of 1.22:1; it needs at least 4.5:1. Choose a darker colour.' },
          { status: 400 },
        );
      }
      current = {
        ...current,
        ...body,
        updated_at: '2026-02-02T10:00:00.000Z',
        effective: { ...current.effective, primary_color: body.primary_color || EFFECTIVE.primary_color },
      };
      return HttpResponse.json({ brand: current });
    }),
    http.put('/api/settings/brand/logo', async ({ request }) => {
      const form = await request.formData();
      calls.push({ method: 'PUT', body: (form.get('file') as File).name });
      current = { ...current, logo_url: '/api/brand/logo?v=abcdef012345' };
      return HttpResponse.json({ brand: current });
    }),
    http.delete('/api/settings/brand/logo', () => {
      calls.push({ method: 'DELETE', body: null });
      current = { ...current, logo_url: null };
      return HttpResponse.json({ brand: current });
    }),
  );
  return calls;
}

const open = () => renderScreen(<BrandSettingsRoute />, { path: paths.superadmin.brand });

describe('the brand screen', { timeout: 20_000 }, () => {
  it('previews the colour with its contrast and saves the brand', async () => {
    const calls = serve();
    const { user } = open();
    const name = within(await screen.findByTestId('brand-agency_name')).getByRole('textbox');
    expect(name).toHaveValue('Acme Works');
    // Empty: the default applies, and the preview shows it.
    expect(screen.getByTestId('contrast-ratio')).toHaveTextContent('Contrast with white text: 7.90:1 (at least 4.5:1: readable)');

    const colour = within(screen.getByTestId('brand-primary_color')).getByRole('textbox');
    await user.type(colour, '#ffeb3b');
    expect(screen.getByTestId('contrast-ratio')).toHaveTextContent('Contrast with white text: 1.22:1 (needs 4.5:1: choose a darker colour)');
    expect(screen.getByTestId('preview-button')).toHaveStyle({ backgroundColor: '#ffeb3b' });

    await user.clear(colour);
    await user.type(colour, '#0b5d1e');
    expect(screen.getByTestId('contrast-ratio')).toHaveTextContent('readable');
    await user.clear(name);
    await user.type(name, 'Acme Studio');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));

    expect(await screen.findByText('Saved: every screen, e-mail and document now uses it.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        body: {
          agency_name: 'Acme Studio',
          primary_color: '#0b5d1e',
          contact_email: '',
          contact_phone: '',
          sender_name: '',
          sender_email: '',
          footer_links: [{ label: 'Privacy', url: 'https://acme.example/privacy' }],
        },
      },
    ]);
  });

  it('shows what is wrong before sending, and the server’s refusal of a faint colour', async () => {
    const calls = serve();
    const { user } = open();
    const email = within(await screen.findByTestId('brand-sender_email')).getByRole('textbox');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('Give a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Give the link a label')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Remove link 2' }));
    await user.type(within(screen.getByTestId('brand-primary_color')).getByRole('textbox'), '#ffeb3b');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByTestId('brand-save-error')).toHaveTextContent(
      'White text on #ffeb3b has a contrast of 1.22:1; it needs at least 4.5:1. Choose a darker colour.',
    );
    expect(screen.queryByText(/^Saved/)).toBeNull();
  });

  it('uploads a logo with a preview, refuses other files, and removes it after confirmation', async () => {
    const calls = serve();
    const { user } = open();
    const input = (await screen.findByTestId('logo-input')) as HTMLInputElement;
    expect(screen.getAllByText('No logo')).toHaveLength(2);

    const huge = new File([new Uint8Array(600 * 1024)], 'huge.png', { type: 'image/png' });
    await user.upload(input, huge);
    expect(await screen.findByTestId('logo-error')).toHaveTextContent('The logo may be at most 512 KB; this file is 600 KB.');

    await user.upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'mark.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getAllByTestId('logo-preview')).toHaveLength(2));
    expect(screen.getAllByTestId('logo-preview')[0]).toHaveAttribute('src', '/api/brand/logo?v=abcdef012345');
    expect(screen.queryByTestId('logo-error')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(screen.queryAllByTestId('logo-preview')).toHaveLength(0));
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'DELETE']);
    expect(calls[0]!.body).toBe('mark.svg');
  });
});

describe('the brand screen in German', { timeout: 20_000 }, () => {
  beforeEach(() => setLocale('de'));
  afterEach(() => setLocale('en-GB'));

  it('labels the form, writes the contrast in German numbers and refuses a large logo in German', async () => {
    serve();
    const { user } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Marke' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Markeneinstellungen' });
    expect(within(form).getByRole('textbox', { name: 'Name der Agentur' })).toHaveValue('Acme Works');
    // An empty field says which default applies: the data itself stays as it is.
    expect(screen.getByTestId('brand-contact_email')).toHaveTextContent('Leer: hello@brightline.example');
    expect(screen.getByTestId('contrast-ratio')).toHaveTextContent('Kontrast mit weißer Schrift: 7,90:1 (mindestens 4,5:1: gut lesbar)');
    expect(within(form).getByRole('button', { name: 'Link 1 entfernen' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Marke speichern' })).toBeInTheDocument();

    expect(screen.getAllByText('Kein Logo')).toHaveLength(2);
    const huge = new File([new Uint8Array(600 * 1024)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('logo-input') as HTMLInputElement, huge);
    expect(await screen.findByTestId('logo-error')).toHaveTextContent('Das Logo darf höchstens 512 KB groß sein; diese Datei hat 600 KB.');
  });
});
