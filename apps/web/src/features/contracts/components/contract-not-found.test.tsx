import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ContractPdfPage } from './contract-pdf-page';
import { ContractReader } from './contract-reader';
import { StaffContractDetail } from './staff-contract-detail';

// pdf.js needs a canvas and DOMMatrix, which jsdom has not; a missing contract never reaches the viewer anyway.
vi.mock('./pdf-viewer', () => ({ PdfViewer: () => null }));

const RAW = 'id: Invalid input: expected number, received NaN';

function answerNotAnId() {
  server.use(http.get('/api/contracts/:id', () => HttpResponse.json({ error: RAW, code: 'VALIDATION_FAILED' }, { status: 400 })));
}

describe('a contract opened from a link with an id that is not one', () => {
  it('reads as missing to its signer (sign-contract, team-contract), never as the raw validation text', async () => {
    answerNotAnId();
    renderScreen(<ContractReader contractId="abc" userId="7" back={{ to: '/sign-contract', label: 'My contracts' }} />, {
      path: '/sign-contract?id=abc',
    });
    expect(await screen.findByTestId('contract-missing')).toHaveTextContent('This contract does not exist or is not yours to see.');
    expect(screen.queryByText(/expected number/)).toBeNull();
    expect(screen.getByRole('link', { name: 'My contracts' })).toHaveAttribute('href', '/sign-contract');
  });

  it('reads as missing to staff', async () => {
    answerNotAnId();
    renderScreen(<StaffContractDetail contractId="abc" role="superadmin" back={{ to: '/view-superadmin-contracts', label: 'All contracts' }} />, {
      path: '/view-superadmin-contracts?id=abc',
    });
    expect(await screen.findByTestId('contract-missing')).toHaveTextContent('This contract does not exist.');
    expect(screen.queryByText(/expected number/)).toBeNull();
  });

  it('reads as missing on the PDF page, which keeps its heading, skip link and main landmark', async () => {
    answerNotAnId();
    renderScreen(<ContractPdfPage contractId="abc" backTo="/sign-contract" />, { path: '/client/client-contract-page?id=abc' });
    expect(await screen.findByTestId('contract-missing')).toBeInTheDocument();
    expect(screen.queryByText(/expected number/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Contract' })).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('contract-missing'));
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
  });

  it('still offers Retry when the server fails', async () => {
    server.use(http.get('/api/contracts/:id', () => HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 })));
    renderScreen(<StaffContractDetail contractId="4" role="admin" back={{ to: '/admindashboard/contracts', label: 'All contracts' }} />, {
      path: '/admindashboard/contracts?id=4',
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('contract-missing')).toBeNull();
  });
});
