import type { Contract } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ContractReader } from './contract-reader';

// pdf.js and the signature pad draw on a canvas, which jsdom has not; the reader's document is its HTML.
vi.mock('./pdf-viewer', () => ({ PdfViewer: () => null }));
vi.mock('../../../components/signature-pad', () => ({ SignaturePad: () => null }));

const sent: Contract = {
  id: '41',
  kind: 'client',
  project_id: '3',
  project_title: 'Booking site',
  client: { id: '7', name: 'Olga Owner' },
  title: 'Services agreement: Booking site',
  status: 'sent',
  signer: { id: '7', name: 'Olga Owner', role: 'client' },
  template_id: '1',
  document_sha256: 'a'.repeat(64),
  sent_at: '2026-03-01T10:00:00.000Z',
  viewed_at: '2026-03-01T11:00:00.000Z',
  signed_at: null,
  expires_at: '2026-03-31T10:00:00.000Z',
  reminded_at: null,
  voided_at: null,
  void_reason: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  pdf_url: null,
  body_markdown: 'Terms',
  body_html: '<p>Terms</p>',
  signature: null,
};

function open(userId: string) {
  server.use(http.get('/api/contracts/41', () => HttpResponse.json({ contract: sent })));
  return renderScreen(<ContractReader contractId="41" userId={userId} back={{ to: '/sign-contract', label: 'My contracts' }} />, {
    path: '/sign-contract?id=41',
  });
}

describe('a contract a company colleague signs', () => {
  it('asks its signer to sign', async () => {
    open('7');
    expect(await screen.findByText('Please sign before 31 Mar, 10:00.')).toBeInTheDocument();
    expect(screen.getByTestId('sign-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-signer')).toBeNull();
  });

  it('tells another person of the company who is to sign, and asks nothing of them', async () => {
    open('8');
    expect(await screen.findByTestId('awaiting-signer')).toHaveTextContent('Waiting for Olga Owner to sign before 31 Mar, 10:00.');
    expect(screen.queryByText(/Please sign before/)).toBeNull();
    expect(screen.queryByTestId('sign-panel')).toBeNull();
  });
});
