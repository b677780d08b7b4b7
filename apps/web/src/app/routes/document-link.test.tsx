import type { Proposal } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { DocumentLinkRoute } from './document-link';

const open = (token: string) => renderScreen(<DocumentLinkRoute />, { path: `/d/${token}`, pattern: '/d/:token' });

const invoice = {
  id: '12',
  invoice_no: 'INV-2026-0012',
  project_title: 'Shop relaunch',
  currency: 'GBP',
  total: 120000,
  amount_due: 120000,
  due_date: '2026-12-11',
  status: 'sent',
};
const contract = { id: '7', title: 'Project services agreement', status: 'sent', document_sha256: 'a'.repeat(64), signed_at: null };

/** Design and build £1,000 + 20 % tax, and optional photography £251 (2 x £125.50), not ticked: total £1,200. */
const proposal: Proposal = {
  id: '31',
  project_id: '5',
  project_title: 'Shop relaunch',
  project_status: 'pending',
  company: { id: '2', name: 'Northwind' },
  version: 1,
  previous_id: null,
  revised_by_id: null,
  title: 'Shop relaunch proposal',
  intro_markdown: 'Thank you for asking us.',
  sections: [{ title: 'Scope', body_markdown: '- Design\n- Build' }],
  items: [
    {
      id: 'build',
      description: 'Design and build',
      quantity: 1,
      unit_price: 100_000,
      tax_rate: 20,
      optional: false,
      selected: true,
      amount: 100_000,
      tax: 20_000,
    },
    {
      id: 'photos',
      description: 'Product photography',
      quantity: 2,
      unit_price: 12_550,
      tax_rate: 0,
      optional: true,
      selected: false,
      amount: 25_100,
      tax: 0,
    },
  ],
  currency: 'GBP',
  valid_until: '2026-12-31',
  deposit_percent: 40,
  status: 'sent',
  subtotal: 100_000,
  tax_total: 20_000,
  total: 120_000,
  deposit_amount: 48_000,
  team_lead_id: null,
  member_ids: [],
  sent_at: '2026-11-20T10:00:00.000Z',
  viewed_at: null,
  accepted_at: null,
  declined_at: null,
  decline_reason: null,
  expired_at: null,
  voided_at: null,
  void_reason: null,
  document_sha256: null,
  acceptance: null,
  contract_id: null,
  deposit_invoice_id: null,
  pdf_url: '/api/proposals/31/pdf',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The proposal's parts load the UI kit on first use: a cold import in the test window takes a few seconds. */
const FIRST_LOAD = { timeout: 15_000 };

/**
 * jsdom neither draws nor lays out: the signature pad gets a 2D context that takes every call and does nothing, and a
 * ResizeObserver that never reports (and the page does not scroll).
 */
function drawNothing() {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const context = new Proxy({}, { get: (_target, key) => (key === 'canvas' ? undefined : () => undefined), set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/** The server's side of a proposal opened from its link: every call recorded with the bearer it carried. */
function proposalServer(start: Proposal, codeRequired = true) {
  drawNothing();
  let current = start;
  const calls: { call: string; auth: string | null; body?: unknown }[] = [];
  const record = async (call: string, request: Request) => {
    const text = await request.text();
    calls.push({ call, auth: request.headers.get('authorization'), ...(text ? { body: JSON.parse(text) } : {}) });
  };
  server.use(
    http.post('/api/document-links/redeem', () => HttpResponse.json({ session_token: 'scoped-p', document: { kind: 'proposal', id: '31' } })),
    http.get('/api/document-links/current', () =>
      HttpResponse.json({ document: { kind: 'proposal', id: '31' }, code_required_to_sign: codeRequired }),
    ),
    http.get('/api/proposals/31', () => HttpResponse.json({ proposal: current })),
    http.post('/api/proposals/31/view', async ({ request }) => {
      await record('view', request);
      current = { ...current, viewed_at: '2026-11-27T10:00:00.000Z' };
      return HttpResponse.json({ proposal: current });
    }),
    http.post('/api/proposals/31/select', async ({ request }) => {
      await record('select', request);
      const ids = (calls.at(-1)!.body as { item_ids: string[] }).item_ids;
      current = { ...current, items: current.items.map((i) => ({ ...i, selected: !i.optional || ids.includes(i.id) })) };
      return HttpResponse.json({ proposal: current });
    }),
    http.post('/api/document-links/code', async ({ request }) => {
      await record('code', request);
      return HttpResponse.json({ sent_to: 'c•••@northwind.test', expires_in_seconds: 600 }, { status: 202 });
    }),
    http.post('/api/proposals/31/accept', async ({ request }) => {
      await record('accept', request);
      current = {
        ...current,
        status: 'accepted',
        total: 145_100,
        deposit_amount: 58_040,
        contract_id: '77',
        acceptance: {
          name: 'Clara Client',
          accepted_at: '2026-11-27T10:05:00.000Z',
          has_image: false,
          ip: '203.0.113.9',
          user_agent: null,
          accepted_by: { id: '9', name: 'Clara Client' },
        },
      };
      return HttpResponse.json({ proposal: current });
    }),
    http.post('/api/proposals/31/decline', async ({ request }) => {
      await record('decline', request);
      current = { ...current, status: 'declined', decline_reason: (calls.at(-1)!.body as { reason: string }).reason };
      return HttpResponse.json({ proposal: current });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the one-tap document page', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({
          brand_name: 'Studio',
          contact_phone: '0',
          contact_email: 'a@example.test',
          superadmin_exists: true,
          test_payments: false,
        }),
      ),
    );
  });

  it('redeems the link, shows the invoice and pays it with the link’s own session, never storing it as a sign-in', async () => {
    const auth: (string | null)[] = [];
    const redeemed: unknown[] = [];
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.post('/api/document-links/redeem', async ({ request }) => {
        redeemed.push(await request.json());
        return HttpResponse.json({ session_token: 'scoped-1', document: { kind: 'invoice', id: '12' } });
      }),
      http.get('/api/invoices/12', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ invoice });
      }),
      http.post('/api/invoices/12/checkout', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ url: 'https://pay.example/c/1' });
      }),
    );
    const rendered = open('3.abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your invoice' })).toBeInTheDocument();
    expect(screen.getByText('£1,200.00')).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Pay £1,200.00 by card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/c/1'));
    expect(redeemed).toEqual([{ token: '3.abc' }]);
    expect(auth).toEqual(['Bearer scoped-1', 'Bearer scoped-1']);
    expect(localStorage.getItem('authToken')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('asks for the code e-mailed to the signer before signing a contract', async () => {
    const signs: unknown[] = [];
    server.use(
      http.post('/api/document-links/redeem', () => HttpResponse.json({ session_token: 'scoped-2', document: { kind: 'contract', id: '7' } })),
      http.get('/api/contracts/7', () => HttpResponse.json({ contract })),
      http.post('/api/contracts/7/view', () => HttpResponse.json({ contract })),
      http.post('/api/document-links/code', () => HttpResponse.json({ sent_to: 'c•••@northwind.test', expires_in_seconds: 600 }, { status: 202 })),
      http.post('/api/contracts/7/sign', async ({ request }) => {
        signs.push(await request.json());
        return HttpResponse.json({ contract: { ...contract, status: 'signed' } });
      }),
    );
    const rendered = open('7.xyz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your contract' })).toBeInTheDocument();
    await rendered.user.type(screen.getByRole('textbox', { name: /Your full name/ }), 'Clara Client');
    await rendered.user.click(screen.getByRole('checkbox', { name: /agree to sign/ }));
    await rendered.user.click(screen.getByRole('button', { name: 'Sign the contract' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code we e-mailed you');
    expect(signs).toEqual([]);

    await rendered.user.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(/We sent a code to c•••@northwind.test/)).toBeInTheDocument();
    await rendered.user.type(screen.getByRole('textbox', { name: /6-digit code/ }), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign the contract' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed.');
    expect(signs).toEqual([{ signature_name: 'Clara Client', agree: true, code: '123456', document_sha256: 'a'.repeat(64) }]);
  });

  it('opens a proposal from its link: options ticked with totals that follow, accepted with the e-mailed code', { timeout: 30_000 }, async () => {
    const calls = proposalServer(proposal);
    const rendered = open('31-abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your proposal' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Shop relaunch proposal' }, FIRST_LOAD)).toBeInTheDocument();
    const totals = () =>
      within(screen.getByTestId('proposal-totals'))
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
    expect(totals()).toEqual(['£1,000.00', '£200.00', '£1,200.00', '£480.00']);

    await rendered.user.click(screen.getByRole('checkbox', { name: 'Include Product photography' }));
    await waitFor(() => expect(totals()).toEqual(['£1,251.00', '£200.00', '£1,451.00', '£580.40']));
    expect(screen.getByRole('checkbox', { name: 'Include Product photography' })).toBeChecked();

    await rendered.user.type(await screen.findByRole('textbox', { name: /Your full name/ }), 'Clara Client');
    await rendered.user.click(screen.getByRole('checkbox', { name: /I accept this proposal/ }));
    await rendered.user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(await screen.findByText('Enter the 6-digit code we e-mailed you')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual(['view', 'select']);

    await rendered.user.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(/We sent a code to c•••@northwind.test/)).toBeInTheDocument();
    await rendered.user.type(screen.getByRole('textbox', { name: /6-digit code/ }), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Accept proposal' }));

    const next = await screen.findByTestId('linked-proposal-next');
    expect(within(next).getByRole('alert')).toHaveTextContent('You accepted “Shop relaunch proposal” for £1,451.00');
    expect(within(next).getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(next).toHaveTextContent('we have e-mailed it to you');
    expect(next).toHaveTextContent('Pay the deposit of £580.40 (40% of the accepted total)');
    expect(within(next).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/loginpage');
    expect(calls).toEqual([
      { call: 'view', auth: 'Bearer scoped-p' },
      { call: 'select', auth: 'Bearer scoped-p', body: { item_ids: ['photos'] } },
      { call: 'code', auth: 'Bearer scoped-p' },
      { call: 'accept', auth: 'Bearer scoped-p', body: { signature_name: 'Clara Client', agree: true, code: '123456' } },
    ]);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('declines a proposal from its link with a reason, and asks no code when the server does not', { timeout: 30_000 }, async () => {
    const calls = proposalServer({ ...proposal, viewed_at: '2026-11-21T10:00:00.000Z' }, false);
    const rendered = open('31-abc');
    await rendered.user.click(await screen.findByRole('button', { name: 'Decline' }, FIRST_LOAD));
    expect(screen.queryByRole('button', { name: 'E-mail me a code' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Decline this proposal?' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(/at least 3 characters/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await rendered.user.type(within(dialog).getByRole('textbox', { name: /Why are you declining/ }), 'We chose to wait');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined this proposal: We chose to wait')).toBeInTheDocument();
    expect(screen.getByTestId('proposal-status')).toHaveAttribute('data-status', 'declined');
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).not.toBeInTheDocument();
    expect(calls).toEqual([{ call: 'decline', auth: 'Bearer scoped-p', body: { reason: 'We chose to wait' } }]);
  });

  it('shows an expired proposal as expired, with nothing to tick or accept', { timeout: 30_000 }, async () => {
    const calls = proposalServer({ ...proposal, status: 'expired', expired_at: '2027-01-01T00:00:00.000Z' });
    open('31-abc');
    expect(await screen.findByText('This proposal expired. Ask us for a new version.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Include Product photography' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says so when the link expired or was replaced, and offers to sign in', async () => {
    server.use(
      http.post('/api/document-links/redeem', () =>
        HttpResponse.json({ error: 'This link has expired or was replaced', code: 'LINK_INVALID' }, { status: 404 }),
      ),
    );
    open('1.old');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('expired or was replaced by a newer e-mail');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/loginpage');
  });
});
