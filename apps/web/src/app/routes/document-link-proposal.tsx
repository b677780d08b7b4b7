import '../zod-jitless';
import type { Proposal } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { openPdf } from '../../features/document-links/api/scoped';
import { useDocumentLinksT } from '../../features/document-links/i18n';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { useProposalStep } from '../../features/proposals/api/proposal-step';
import { AnswerProposalPanel } from '../../features/proposals/components/answer-proposal-panel';
import { JourneySteps } from '../../features/proposals/components/journey-steps';
import { ProposalStatusChip } from '../../features/proposals/components/proposal-status-chip';
import { ProposalStatusNotice } from '../../features/proposals/components/proposal-status-notice';
import { ProposalView } from '../../features/proposals/components/proposal-view';
import { useProposalsT } from '../../features/proposals/i18n';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorMessage, request } from '../../lib/http';
import { paths } from '../../lib/paths';
import { createQueryClient } from '../query-client';
import { brandTheme } from '../theme';

type LinkedProposalProps = { session: string; proposal: Proposal; isCodeRequired: boolean };

/** After the yes: what the link's session cannot open itself (the contract has a link of its own), said plainly. */
function WhatHappensNext({ proposal }: { proposal: Proposal }) {
  const { t } = useDocumentLinksT();
  const money = (minor: number) => formatMoney(minor, proposal.currency);
  return (
    <Stack spacing={2} data-testid="linked-proposal-next">
      <JourneySteps current="Contract" />
      <Alert severity="success">
        {proposal.acceptance
          ? t('proposal.acceptedOn', { title: proposal.title, total: money(proposal.total), date: formatDateTime(proposal.acceptance.accepted_at) })
          : t('proposal.accepted', { title: proposal.title, total: money(proposal.total) })}
      </Alert>
      <Typography variant="h6" component="h2">
        {t('proposal.nextTitle')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        <li>{proposal.contract_id ? t('proposal.signEmailed') : t('proposal.signSoon')}</li>
        <li>{t('proposal.payDeposit', { amount: money(proposal.deposit_amount), percent: proposal.deposit_percent })}</li>
        <li>{t('proposal.workStarts')}</li>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('proposal.clientArea')}
      </Typography>
      <Button component={RouterLink} to={paths.login} variant="outlined">
        {t('proposal.signIn')}
      </Button>
    </Stack>
  );
}

function LinkedProposalSteps({ session, proposal: opened, isCodeRequired }: LinkedProposalProps) {
  const { t } = useDocumentLinksT();
  const { t: proposalsT } = useProposalsT();
  const [proposal, setProposal] = useState(opened);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const select = useProposalStep(session);
  const isOpen = proposal.status === 'sent';

  function handleSelect(itemIds: string[]) {
    select.mutate({ id: proposal.id, action: { step: 'select', item_ids: itemIds } }, { onSuccess: (data) => setProposal(data.proposal) });
  }

  function handleAnswered(answered: Proposal) {
    setProposal(answered);
    window.scrollTo({ top: 0 });
  }

  if (proposal.status === 'accepted') return <WhatHappensNext proposal={proposal} />;

  return (
    <Stack spacing={3} data-testid="linked-proposal">
      <Box>
        <ProposalStatusNotice proposal={proposal} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <ProposalStatusChip status={proposal.status} />
          <Typography variant="body2" color="text.secondary">
            {proposalsT('client.versionLine', { project: proposal.project_title, version: proposal.version })}
          </Typography>
        </Stack>
        <ProposalView proposal={proposal} isSelecting={select.isPending} onSelect={isOpen ? handleSelect : undefined} />
        {select.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(select.error)}
          </Alert>
        )}
      </Box>
      <Button
        variant="outlined"
        onClick={() => openPdf(session, `/proposals/${proposal.id}/pdf`).catch((error: unknown) => setPdfError(errorMessage(error)))}
      >
        {t('proposal.readPdf')}
      </Button>
      {pdfError && <Alert severity="error">{pdfError}</Alert>}
      {isOpen && (
        <AnswerProposalPanel
          proposal={proposal}
          session={session}
          onRequestCode={
            isCodeRequired
              ? () => request<{ sent_to: string }>('/document-links/code', { method: 'POST', session }).then((answer) => answer.sent_to)
              : undefined
          }
          onAccepted={handleAnswered}
          onDeclined={handleAnswered}
        />
      )}
    </Stack>
  );
}

/**
 * A proposal opened from its e-mailed link (/d/<token>), answered with the link's own session: the client's proposal
 * screen's parts (the items to tick with their totals, Accept, Decline), fetched only for a proposal, with the UI kit
 * and a query client of their own, so the light page and its other documents load neither.
 */
export function LinkedProposal(props: LinkedProposalProps) {
  const [queryClient] = useState(createQueryClient);
  const primary = usePublicConfig()?.primary_color;
  const theme = useMemo(() => ({ ...brandTheme(primary), vars: null }), [primary]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <LinkedProposalSteps {...props} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
