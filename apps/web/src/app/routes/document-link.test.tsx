import { screen, waitFor } from '@testing-library/react';
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

afterEach(() => vi.restoreAllMocks());

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
