import type { ContractListItem } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/storage';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ContractActions } from './contract-actions';

const PDF_URL = '/api/contracts/42/pdf';

function contract(status: ContractListItem['status'], pdfUrl: string | null = PDF_URL): ContractListItem {
  return {
    id: '42',
    kind: 'client',
    project_id: '7',
    project_title: 'Company website',
    client: { id: '3', name: 'Chloe Client' },
    title: 'Project services agreement',
    status,
    signer: { id: '3', name: 'Chloe Client', role: 'client' },
    template_id: '1',
    document_sha256: status === 'draft' ? null : 'ab'.repeat(32),
    sent_at: status === 'draft' ? null : '2026-03-02T10:00:00.000Z',
    viewed_at: null,
    signed_at: status === 'signed' ? '2026-03-03T09:30:00.000Z' : null,
    expires_at: null,
    reminded_at: null,
    voided_at: null,
    void_reason: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-03T09:30:00.000Z',
    pdf_url: pdfUrl,
  };
}

describe('staff contract actions', () => {
  it('offers the signed PDF for download with the session, beside the PDF page and the audit trail', async () => {
    let asked = '';
    server.use(
      http.get('/api/contracts/42/pdf', ({ request }) => {
        asked = `${new URL(request.url).search} ${request.headers.get('Authorization') ?? 'no session'}`;
        return new HttpResponse('%PDF-1.7', { headers: { 'content-disposition': 'attachment; filename="agreement.pdf"' } });
      }),
    );
    writeSession('staff-token', '1');
    URL.createObjectURL = vi.fn(() => 'blob:contract');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderScreen(<ContractActions contract={contract('signed')} role="superadmin" />, { path: '/view-superadmin-contracts' });
    const actions = within(screen.getByTestId('contract-actions'));
    await user.click(actions.getByRole('button', { name: 'Download' }));
    await expect.poll(() => saved.mock.calls.length).toBe(1);
    expect(asked).toBe('?download=1 Bearer staff-token');
    saved.mockRestore();
    expect(actions.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/client/client-contract-page?id=42');
    expect(actions.getByRole('button', { name: 'Audit trail' })).toBeInTheDocument();
    // A signed contract is final: nothing to send or void.
    expect(actions.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(actions.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('offers a draft’s preview PDF for download too (admins’ staff list alike)', () => {
    renderScreen(<ContractActions contract={contract('draft')} role="admin" />, { path: '/admindashboard/contracts' });
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('shows no Download when the server gives no PDF link', () => {
    renderScreen(<ContractActions contract={contract('signed', null)} role="superadmin" />, { path: '/view-superadmin-contracts' });
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'PDF' })).toBeNull();
  });
});
