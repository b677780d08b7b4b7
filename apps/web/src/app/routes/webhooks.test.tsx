import type { StaffApiToken, User, Webhook, WebhookDelivery } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { WebhooksRoute } from './webhooks';
import { configHandler } from '../../test/config-fixture';
import { setLocale } from '../../i18n';

const ada: User = { id: '2', name: 'Ada Admin', email: 'ada@example.test', role: 'admin', company_id: null, company_role: null };

const down: Webhook = {
  id: '5',
  url: 'https://hooks.example.com/down',
  events: ['invoice.paid'],
  active: false,
  disabled_at: '2026-02-02T10:00:00.000Z',
  owner_id: '2',
  created_at: '2026-02-01T10:00:00.000Z',
};
const failed: WebhookDelivery = {
  id: '31',
  event_id: 'evt_1',
  event: 'invoice.paid',
  status: 'failed',
  created_at: '2026-02-01T10:05:00.000Z',
  next_attempt_at: null,
  attempts: [{ at: '2026-02-02T10:00:00.000Z', status_code: 503, duration_ms: 120, response: 'down', error: 'The endpoint answered 503' }],
};

function openWebhooks(user: User = ada) {
  const auth: AuthContextValue = {
    isAuthenticated: true,
    isRestoring: false,
    user,
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
  return renderScreen(<WebhooksRoute />, {
    path: paths.staff.webhooks,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

describe('webhooks, for staff', { timeout: 20_000 }, () => {
  // The tokens card below the endpoints: empty unless a test says otherwise.
  beforeEach(() => server.use(http.get('/api/api-tokens', () => HttpResponse.json({ items: [] }))));

  it('adds an endpoint and shows its secret once; an admin is not offered messages', async () => {
    const created: unknown[] = [];
    let items: Webhook[] = [];
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/webhooks', () => HttpResponse.json({ items })),
      http.post('/api/webhooks', async ({ request }) => {
        const body = (await request.json()) as { url: string; events: Webhook['events'] };
        created.push(body);
        const webhook: Webhook = { ...down, id: '6', url: body.url, events: body.events, active: true, disabled_at: null };
        items = [webhook];
        return HttpResponse.json({ webhook, secret: 'whsec_shownonce' }, { status: 201 });
      }),
    );
    const { user } = openWebhooks();
    const card = await screen.findByTestId('new-webhook-card');
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox', { name: 'message.sent' })).toBeNull();

    await user.type(within(card).getByRole('textbox', { name: 'Endpoint URL' }), 'https://hooks.example.com/agency');
    await user.click(within(card).getByRole('checkbox', { name: 'project.created' }));
    await user.click(within(card).getByRole('checkbox', { name: 'invoice.paid' }));
    await user.click(within(card).getByTestId('add-webhook'));
    expect(await within(card).findByTestId('webhook-secret')).toHaveValue('whsec_shownonce');
    expect(created).toEqual([{ url: 'https://hooks.example.com/agency', events: ['project.created', 'invoice.paid'] }]);
    expect(await within(screen.getByTestId('webhooks-card')).findByText('https://hooks.example.com/agency')).toBeInTheDocument();
  });

  it('shows a disabled endpoint and sends a failed delivery again', async () => {
    const replayed: string[] = [];
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/webhooks', () => HttpResponse.json({ items: [down] })),
      http.get('/api/webhooks/5/deliveries', () => HttpResponse.json({ items: [failed] })),
      http.post('/api/webhooks/5/deliveries/:delivery/replay', ({ params }) => {
        replayed.push(String(params.delivery));
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { user } = openWebhooks();
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByTestId('webhook-disabled')).toHaveTextContent('Disabled');
    expect(row).toHaveTextContent('after failing for 24 hours');

    await user.click(within(row).getByRole('button', { name: 'Deliveries to https://hooks.example.com/down' }));
    const delivery = await screen.findByTestId('delivery-row');
    expect(delivery).toHaveTextContent('invoice.paid');
    expect(delivery).toHaveTextContent('1 attempt');
    expect(delivery).toHaveTextContent('The endpoint answered 503 (120 ms)');
    await user.click(within(delivery).getByRole('button', { name: /Send invoice.paid of .* again/ }));
    await expect.poll(() => replayed).toEqual(['31']);
  });

  it('offers the super admin message events', async () => {
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/webhooks', () => HttpResponse.json({ items: [] })),
    );
    openWebhooks({ ...ada, role: 'superadmin' });
    const card = await screen.findByTestId('new-webhook-card');
    expect(within(card).getByRole('checkbox', { name: 'message.sent' })).toBeInTheDocument();
  });

  it('lists everyone’s API tokens with their owners and revokes one', async () => {
    const revoked: string[] = [];
    let items: StaffApiToken[] = [
      {
        id: '9',
        name: 'Nightly export',
        scopes: ['invoices:read'],
        created_at: '2026-01-05T10:00:00.000Z',
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
        owner: { id: '12', name: 'Bea Billing', email: 'bea@example.test', role: 'client' },
      },
    ];
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/webhooks', () => HttpResponse.json({ items: [] })),
      http.get('/api/api-tokens', () => HttpResponse.json({ items })),
      http.delete('/api/api-tokens/:id', ({ params }) => {
        revoked.push(String(params.id));
        items = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openWebhooks();
    const row = await screen.findByTestId('staff-api-token-row');
    expect(row).toHaveTextContent('Nightly export · Bea Billing (bea@example.test)');
    expect(row).toHaveTextContent('never used');
    await user.click(within(row).getByRole('button', { name: 'Revoke Nightly export of Bea Billing' }));
    await expect.poll(() => revoked).toEqual(['9']);
    expect(await screen.findByText('Nobody has an API token.')).toBeInTheDocument();
  });
});

describe('webhooks in German', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await setLocale('en-GB');
  });

  it('names the endpoint, its state and its last failed delivery in German', async () => {
    server.use(
      configHandler({ contact_email: 'a@example.test' }),
      http.get('/api/api-tokens', () => HttpResponse.json({ items: [] })),
      http.get('/api/webhooks', () => HttpResponse.json({ items: [down] })),
      http.get('/api/webhooks/5/deliveries', () => HttpResponse.json({ items: [failed] })),
    );
    await setLocale('de');
    const { user } = openWebhooks();
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText('Deaktiviert')).toBeInTheDocument();
    expect(row).toHaveTextContent('nach 24 Stunden mit Fehlern');
    expect(screen.getByRole('heading', { name: 'Endpunkt hinzufügen' })).toBeInTheDocument();
    expect(screen.getByText('Niemand hat ein API-Token.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Zustellungen an https://hooks.example.com/down' }));
    const delivery = await screen.findByTestId('delivery-row');
    expect(delivery).toHaveTextContent('fehlgeschlagen');
    expect(delivery).toHaveTextContent('1 Versuch, zuletzt 02. Feb., 10:00: The endpoint answered 503 (120 ms)');
  });
});
