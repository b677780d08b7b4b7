import type { ProposalSummary } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { ProposalPipeline } from './proposal-pipeline';

const summary: ProposalSummary = {
  counts: { draft: 2, sent: 3, accepted: 240, declined: 50, expired: 7, void: 1 },
  conversion: { accepted: 240, sent: 300 },
  accepted_value: [
    { currency: 'EUR', total: 50_000 },
    { currency: 'GBP', total: 12_345_600 },
  ],
};

describe('ProposalPipeline', () => {
  it('shows the counts of every proposal from the summary, not only the latest hundred', async () => {
    server.use(http.get('/api/proposals/summary', () => HttpResponse.json(summary)));
    renderScreen(<ProposalPipeline listPath="/proposals" />);
    expect(await screen.findByTestId('dashboard-proposal-conversion')).toHaveTextContent(
      'Conversion 80% (240 accepted / 300 sent) · accepted value €500.00 + £123,456.00',
    );
    expect(screen.getByText('Accepted: 240')).toBeInTheDocument();
    expect(screen.getByText('Declined: 50')).toBeInTheDocument();
    expect(screen.getByText('Awaiting answer: 3')).toBeInTheDocument();
  });

  it('says 0% and a dash before any proposal reached a client', async () => {
    server.use(
      http.get('/api/proposals/summary', () =>
        HttpResponse.json({
          counts: { draft: 1, sent: 0, accepted: 0, declined: 0, expired: 0, void: 0 },
          conversion: { accepted: 0, sent: 0 },
          accepted_value: [],
        } satisfies ProposalSummary),
      ),
    );
    renderScreen(<ProposalPipeline listPath="/proposals" />);
    expect(await screen.findByTestId('dashboard-proposal-conversion')).toHaveTextContent('Conversion 0% (0 accepted / 0 sent) · accepted value —');
    expect(screen.getByText('Draft: 1')).toBeInTheDocument();
  });
});
