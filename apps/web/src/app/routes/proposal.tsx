import { isPayable, type Proposal } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ListLoading, RecordError } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { TestModeBanner } from '../../features/config/components/test-mode-banner';
import { useContract } from '../../features/contracts/api/get-contract';
import { useInvoice } from '../../features/invoices/api/get-invoice';
import { PayButton } from '../../features/invoices/components/pay-button';
import { useProject } from '../../features/projects/api/get-project';
import { useProposal } from '../../features/proposals/api/get-proposal';
import { useProposalStep } from '../../features/proposals/api/proposal-step';
import { AnswerProposalPanel } from '../../features/proposals/components/answer-proposal-panel';
import { JourneySteps } from '../../features/proposals/components/journey-steps';
import { ProposalStatusChip } from '../../features/proposals/components/proposal-status-chip';
import { ProposalStatusNotice } from '../../features/proposals/components/proposal-status-notice';
import { ProposalView } from '../../features/proposals/components/proposal-view';
import { useProposalsT } from '../../features/proposals/i18n';
import { useCommonT } from '../../i18n';
import { companyRoleOf } from '../../lib/company-role';
import { formatDateTime, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';
import { rememberJourney } from '../../features/invoices/utils/proposal-journey';

/** Step 1: the proposal to read, tick and answer (an owner), or to read (billing). */
function ProposalStep({ proposal, isOwner }: { proposal: Proposal; isOwner: boolean }) {
  const { t } = useProposalsT();
  const step = useProposalStep();
  const viewed = useRef(false);
  const isOpen = proposal.status === 'sent';

  // Opening it tells the agency it was seen (once; the server keeps the first time).
  useEffect(() => {
    if (!isOwner || !isOpen || proposal.viewed_at || viewed.current) return;
    viewed.current = true;
    step.mutate({ id: proposal.id, action: { step: 'view' } });
  }, [isOwner, isOpen, proposal.id, proposal.viewed_at, step]);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <ProposalStatusChip status={proposal.status} />
          <Typography variant="body2" color="text.secondary">
            {t('client.versionLine', { project: proposal.project_title, version: proposal.version })}
          </Typography>
        </Stack>
        <ProposalView
          proposal={proposal}
          isSelecting={step.isPending}
          onSelect={isOwner && isOpen ? (itemIds) => step.mutate({ id: proposal.id, action: { step: 'select', item_ids: itemIds } }) : undefined}
        />
      </Paper>
      {isOpen && isOwner && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <AnswerProposalPanel proposal={proposal} onAccepted={() => window.scrollTo({ top: 0 })} onDeclined={() => window.scrollTo({ top: 0 })} />
        </Paper>
      )}
      {isOpen && !isOwner && <Alert severity="info">{t('client.ownersOnly')}</Alert>}
    </Stack>
  );
}

/** Where step 2 happens: the contract-signing screen, which shows the same steps and leads back here once signed. */
export function contractStepPath(proposal: Pick<Proposal, 'id' | 'contract_id'>): string {
  return `${paths.client.signContract}?id=${encodeURIComponent(proposal.contract_id ?? '')}&proposal=${encodeURIComponent(proposal.id)}`;
}

/** Step 2: the contract acceptance sent opens on the signing screen, straight away. */
function ContractStep({ proposal }: { proposal: Proposal }) {
  const { t } = useProposalsT();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(contractStepPath(proposal), { replace: true });
  }, [navigate, proposal]);
  return (
    <Stack spacing={2}>
      <Alert severity="success">{t('client.acceptedContractNext', { title: proposal.title })}</Alert>
      <Button component={RouterLink} to={contractStepPath(proposal)} variant="contained" data-testid="open-contract-step">
        {t('client.signContract')}
      </Button>
    </Stack>
  );
}

/** Step 3: the deposit to pay (card, on the provider's page), or the wait while it is raised. */
function DepositStep({ proposal }: { proposal: Proposal }) {
  const { t } = useProposalsT();
  const invoice = useInvoice(proposal.deposit_invoice_id);
  if (!proposal.deposit_invoice_id || invoice.isPending) return <ListLoading label={t('client.preparingDeposit')} />;
  if (invoice.isError) return <RecordError error={invoice.error} missingText={t('client.depositMissing')} onRetry={() => void invoice.refetch()} />;
  const data = invoice.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="deposit-step">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('client.payDeposit')}
        </Typography>
        <Typography>
          {t('client.depositText', {
            invoiceNo: data.invoice_no,
            amount: formatMoney(data.total, data.currency),
            percent: proposal.deposit_percent,
            total: formatMoney(proposal.total, proposal.currency),
          })}
        </Typography>
        {isPayable(data.status) && data.amount_due > 0 ? (
          <Box onClickCapture={() => rememberJourney(data.id, proposal.id)}>
            <PayButton invoice={data} size="large" fullWidth />
          </Box>
        ) : (
          <Alert severity="success">{t('client.paid')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Step 4: the work has started. */
function KickoffStep({ proposal }: { proposal: Proposal }) {
  const { t } = useProposalsT();
  const { t: common } = useCommonT();
  const project = useProject(proposal.project_id);
  const status = project.data?.project.status;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="kickoff-step">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('client.started')}
        </Typography>
        <Typography data-testid="kickoff-project-status" data-status={status}>
          {t('client.projectStatus', { project: proposal.project_title, status: status ? common(`projectStatus.${status}`) : '…' })}
        </Typography>
        <Button component={RouterLink} to={projectPathFor('client', proposal.project_id) ?? paths.client.projects} variant="contained">
          {t('client.openProject')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /proposal?id=: a proposal and what follows its acceptance, one step after another on one screen (phone first):
 * Proposal -> Contract -> Deposit -> Kickoff, with no return to the dashboard in between.
 */
export function ProposalRoute() {
  const { t } = useProposalsT();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const id = searchParams.get('id') ?? '';
  const proposal = useProposal(id);
  const data = proposal.data;
  const contract = useContract(data?.contract_id ?? '', Boolean(data?.contract_id));
  const deposit = useInvoice(data?.deposit_invoice_id ?? null);

  if (!user) return null;
  if (proposal.isPending) return <ListLoading label={t('client.loading')} />;
  if (proposal.isError || !data) {
    return (
      <RecordError error={proposal.error} missingText={t('client.missing')} onRetry={() => void proposal.refetch()} data-testid="proposal-missing" />
    );
  }

  const isOwner = companyRoleOf(user) === 'owner';
  let body;
  let current: 'Proposal' | 'Contract' | 'Deposit' | 'Kickoff' = 'Proposal';
  let done = false;
  if (data.status !== 'accepted') {
    body = (
      <>
        <ProposalStatusNotice proposal={data} />
        <ProposalStep proposal={data} isOwner={isOwner} />
      </>
    );
  } else if (data.contract_id && contract.isPending) {
    // Where the path stands depends on the contract: wait for it rather than open the signing screen too early.
    return <ListLoading label={t('client.loadingContract')} />;
  } else if (data.contract_id && contract.data?.status !== 'signed') {
    current = 'Contract';
    body = <ContractStep proposal={data} />;
  } else if (!deposit.data || deposit.data.status !== 'paid') {
    current = 'Deposit';
    body = <DepositStep proposal={data} />;
  } else {
    current = 'Kickoff';
    done = true;
    body = <KickoffStep proposal={data} />;
  }

  return (
    <>
      <PageTitle title={t('client.pageTitle')} />
      <TestModeBanner />
      <Box sx={{ maxWidth: 760, mx: 'auto' }}>
        <PageHeading title={t('client.heading')} />
        <JourneySteps current={current} done={done} />
        {data.acceptance && current !== 'Proposal' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('client.acceptedBy', { name: data.acceptance.name, date: formatDateTime(data.acceptance.accepted_at) })}
          </Typography>
        )}
        {body}
      </Box>
    </>
  );
}
