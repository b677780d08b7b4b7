import type { Contract, ContractListItem } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SignContractPanel } from './sign-contract-panel';
import { StaffContracts } from './staff-contracts';
import { TeamContractStatus } from './team-contract-status';

function item(id: string, status: ContractListItem['status'], signer: string, project = 'Company website'): ContractListItem {
  return {
    id,
    kind: 'team',
    project_id: project === 'Company website' ? '7' : '8',
    project_title: project,
    client: { id: '3', name: 'Chloe Client' },
    title: `Team agreement: ${signer}`,
    status,
    signer: { id: `u${id}`, name: signer, role: 'teammember' },
    template_id: '1',
    document_sha256: status === 'draft' ? null : 'ab'.repeat(32),
    sent_at: status === 'draft' ? null : '2026-03-02T10:00:00.000Z',
    viewed_at: null,
    signed_at: status === 'signed' ? '2026-03-03T09:30:00.000Z' : null,
    expires_at: status === 'sent' ? '2026-03-31T23:59:59.000Z' : null,
    reminded_at: null,
    voided_at: null,
    void_reason: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-03T09:30:00.000Z',
    pdf_url: null,
  };
}

const toSign: Contract = {
  ...item('42', 'sent', 'Chloe Client'),
  kind: 'client',
  title: 'Project services agreement',
  signer: { id: '3', name: 'Chloe Client', role: 'client' },
  body_markdown: 'Terms',
  body_html: '<p>Terms</p>',
  signature: null,
};

beforeEach(() => setLocale('de'));
afterEach(() => setLocale('en-GB'));

describe('contracts in German', () => {
  it('lists every contract for staff with German columns, filters, statuses and steps, the data as entered', async () => {
    server.use(
      http.get('/api/contracts', () =>
        HttpResponse.json({ items: [item('1', 'signed', 'Tom Team'), item('2', 'sent', 'Mia Member')], next_cursor: null }),
      ),
      http.get('/api/contracts/counts', () => HttpResponse.json({ total: 2, counts: { draft: 0, sent: 1, signed: 1, void: 0, expired: 0 } })),
      http.get('/api/projects', () => HttpResponse.json({ items: [], next_cursor: null })),
    );
    renderScreen(<StaffContracts role="superadmin" getOpenPath={(id) => `/view-superadmin-contracts?id=${id}`} />, {
      path: '/view-superadmin-contracts',
    });

    const rows = await screen.findAllByTestId('contract-row');
    expect(screen.getByRole('heading', { name: 'Verträge' })).toBeInTheDocument();
    expect(screen.getByText('Kunden- und Teamverträge aller Projekte.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveAttribute('placeholder', 'Titel, Projekt oder Unterzeichner');
    const counts = within(screen.getByTestId('contract-counts'));
    expect(await counts.findByText('Alle 2')).toBeInTheDocument();
    expect(screen.getByTestId('count-sent')).toHaveTextContent('Zur Unterschrift 1');
    expect(screen.getByTestId('count-void')).toHaveTextContent('Ungültig 0');

    const signed = rows.find((row) => row.dataset.status === 'signed');
    const sent = rows.find((row) => row.dataset.status === 'sent');
    expect(signed).toHaveTextContent('Teamvertrag');
    expect(signed).toHaveTextContent('Tom Team');
    expect(within(signed!).getByTestId('contract-status')).toHaveTextContent('Unterschrieben');
    expect(signed).toHaveTextContent('Unterschrieben am');
    expect(within(sent!).getByTestId('contract-status')).toHaveTextContent('Zur Unterschrift');
    expect(within(sent!).getByRole('button', { name: 'Erinnern' })).toBeInTheDocument();
    expect(within(sent!).getByRole('button', { name: 'Prüfprotokoll' })).toBeInTheDocument();
    expect(within(sent!).getByRole('button', { name: 'Ungültig machen' })).toBeInTheDocument();
    expect(screen.queryByText('Awaiting signature')).toBeNull();
  });

  it('counts a lead’s team signatures in German, one and many', async () => {
    server.use(
      http.get('/api/contracts', () =>
        HttpResponse.json({
          items: [
            item('1', 'signed', 'Tom Team'),
            item('2', 'sent', 'Mia Member'),
            item('3', 'sent', 'Ali Analyst', 'Booking app'),
            item('4', 'sent', 'Bo Builder', 'Booking app'),
          ],
          next_cursor: null,
        }),
      ),
    );
    renderScreen(<TeamContractStatus leadId="lead" getOpenPath={(id) => `/employee/team-contract?id=${id}`} listPath="/employee/team-contract" />, {
      path: '/employee',
    });

    const projects = await screen.findAllByTestId('team-contract-project');
    expect(screen.getByText('1 unterschrieben, 3 warten auf Unterschrift')).toBeInTheDocument();
    const website = projects.find((p) => p.dataset.projectId === '7')!;
    const booking = projects.find((p) => p.dataset.projectId === '8')!;
    expect(within(website).getByTestId('team-contract-signed')).toHaveTextContent('1 von 2 unterschrieben');
    expect(within(website).getByTestId('team-contract-awaiting')).toHaveTextContent('1 wartet auf Unterschrift');
    expect(within(booking).getByTestId('team-contract-awaiting')).toHaveTextContent('2 warten auf Unterschrift');
    expect(within(booking).getByRole('progressbar', { name: 'Booking app: 0 von 2 unterschrieben' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Teamverträge' })).toBeInTheDocument();
  });

  it('signs in German: the checks, the record of what is kept, and the confirmation with the typed name', async () => {
    // jsdom does not draw: the signature pad gets a 2D context that takes every call and a ResizeObserver that never reports.
    const context = new Proxy({}, { get: (_target, key) => (key === 'canvas' ? undefined : () => undefined), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    try {
      const { user } = renderScreen(<SignContractPanel contract={toSign} onSigned={() => undefined} />, { path: '/sign-contract' });
      const panel = screen.getByRole('form', { name: 'Diesen Vertrag unterschreiben' });
      expect(within(panel).getByRole('heading', { name: 'Diesen Vertrag unterschreiben' })).toBeInTheDocument();
      expect(panel).toHaveTextContent('So, wie er im Vertrag stehen soll (Sie unterschreiben als Chloe Client).');
      expect(panel).toHaveTextContent(`Fingerabdruck des Dokuments (SHA-256 ${'ab'.repeat(32)}) auf der Zertifikatsseite`);
      expect(screen.getByTestId('document-hash')).toHaveTextContent('ab'.repeat(32));

      await user.click(screen.getByRole('button', { name: 'Vertrag unterschreiben' }));
      expect(screen.getByText('Geben Sie zum Unterschreiben Ihren vollständigen Namen ein')).toBeInTheDocument();
      expect(screen.getByText('Setzen Sie das Häkchen, um der elektronischen Unterschrift zuzustimmen')).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Ihr vollständiger Name' }), 'Chloe Client');
      await user.click(screen.getByRole('checkbox', { name: 'Ich stimme zu, elektronisch zu unterschreiben' }));
      await user.click(screen.getByRole('button', { name: 'Vertrag unterschreiben' }));
      const dialog = await screen.findByRole('dialog', { name: 'Diesen Vertrag unterschreiben?' });
      expect(dialog).toHaveTextContent('Sie unterschreiben „Project services agreement“ als Chloe Client. Ein unterschriebener Vertrag');
      expect(within(dialog).getByText('Chloe Client').tagName).toBe('STRONG');
      expect(within(dialog).getByRole('button', { name: 'Unterschreiben' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });
});

describe('contracts in Arabic', () => {
  beforeEach(() => setLocale('ar'));

  it('names two awaiting signatures with Arabic’s dual form', async () => {
    server.use(
      http.get('/api/contracts', () =>
        HttpResponse.json({
          items: [item('3', 'sent', 'Ali Analyst', 'Booking app'), item('4', 'sent', 'Bo Builder', 'Booking app')],
          next_cursor: null,
        }),
      ),
    );
    renderScreen(<TeamContractStatus leadId="lead" getOpenPath={(id) => `/employee/team-contract?id=${id}`} listPath="/employee/team-contract" />, {
      path: '/employee',
    });
    expect(await screen.findByTestId('team-contract-awaiting')).toHaveTextContent('اثنان بانتظار التوقيع');
    expect(screen.getByTestId('team-contract-signed')).toHaveTextContent('0 من 2 موقَّعة');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
