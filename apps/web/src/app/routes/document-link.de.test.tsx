import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
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

beforeEach(async () => {
  await setLocale('de');
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ brand_name: 'Studio', contact_phone: '0', contact_email: 'a@example.test', superadmin_exists: true, test_payments: false }),
    ),
  );
});
afterEach(() => setLocale('en-GB'));

describe('the one-tap document page in German', () => {
  it('shows an invoice with its German title, amount and payment button', async () => {
    server.use(
      http.post('/api/document-links/redeem', () => HttpResponse.json({ session_token: 'scoped-1', document: { kind: 'invoice', id: '12' } })),
      http.get('/api/invoices/12', () => HttpResponse.json({ invoice })),
    );
    open('3.abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Rechnung' })).toBeInTheDocument();
    expect(screen.getByText('Aus Ihrer E-Mail geöffnet: Diese Seite zeigt nur dieses eine Dokument.')).toBeInTheDocument();
    expect(screen.getByText('Rechnung INV-2026-0012 für „Shop relaunch“')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^1\.200,00\s£ per Karte bezahlen$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF öffnen' })).toBeInTheDocument();
  });

  it('asks in German for the name, the consent and the e-mailed code before a contract is signed', async () => {
    server.use(
      http.post('/api/document-links/redeem', () => HttpResponse.json({ session_token: 'scoped-2', document: { kind: 'contract', id: '7' } })),
      http.get('/api/contracts/7', () => HttpResponse.json({ contract })),
      http.post('/api/contracts/7/view', () => HttpResponse.json({ contract })),
    );
    const { user } = open('7.xyz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Vertrag' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vertrag unterschreiben' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Geben Sie Ihren vollständigen Namen ein, um zu unterschreiben');
    await user.type(screen.getByRole('textbox', { name: /Ihr vollständiger Name/ }), 'Clara Client');
    await user.click(screen.getByRole('button', { name: 'Vertrag unterschreiben' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sie müssen der elektronischen Unterschrift zustimmen');
    expect(screen.getByRole('button', { name: 'Code per E-Mail senden' })).toBeInTheDocument();
  });

  it('says in German that a replaced link no longer works, and offers to sign in', async () => {
    server.use(
      http.post('/api/document-links/redeem', () =>
        HttpResponse.json({ error: 'This link has expired or was replaced', code: 'LINK_INVALID' }, { status: 404 }),
      ),
    );
    open('1.old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Dieser Link ist abgelaufen oder wurde durch eine neuere E-Mail ersetzt. Öffnen Sie die neueste E-Mail dazu',
    );
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/loginpage');
  });
});
