import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { AttentionGroup } from '../../components/attention-group';
import { ListEmpty, ListError, ListLoading } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';
import { TextLink } from '../../components/text-link';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { useContracts } from '../../features/contracts/api/list-contracts';
import { ContractRow } from '../../features/contracts/components/my-contracts';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { useDashboardsT } from '../../features/dashboards/i18n';
import { useInvoicesToPay } from '../../features/invoices/api/list-invoices-to-pay';
import { InvoiceToPayRow } from '../../features/invoices/components/invoice-to-pay-row';
import { useProjectSummary } from '../../features/projects/api/get-project-summary';
import { useProposals } from '../../features/proposals/api/list-proposals';
import { ProposalToAnswerRow } from '../../features/proposals/components/proposal-to-answer-row';
import { ProjectAttentionRow, ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { contractPathFor } from '../../lib/contract-links';
import { asksForWork, companyRoleOf, seesAmounts } from '../../lib/company-role';
import { errorMessage } from '../../lib/http';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';

/** How many of each kind the card lists before it links to the whole list. */
const SHOWN = 5;

const invoicePath = (id: string) => `${paths.client.invoices}?id=${encodeURIComponent(id)}`;

function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <TextLink to={to} sx={{ fontSize: '0.875rem', whiteSpace: 'nowrap' }}>
      {children}
    </TextLink>
  );
}

/**
 * What the client has to do, most pressing first: proposals awaiting an answer, contracts to sign, invoices to pay,
 * projects that were not approved. A company's members see no prices: theirs is asked nothing about proposals or
 * invoices.
 */
function ClientAttention({ userId, withInvoices }: { userId: string; withInvoices: boolean }) {
  const { t } = useDashboardsT();
  const contracts = useContracts({ kind: 'client', status: 'sent' }, SHOWN);
  const invoices = useInvoicesToPay(withInvoices);
  const proposals = useProposals({ status: 'sent' }, withInvoices);
  const summary = useProjectSummary();

  const queries = withInvoices ? [proposals, contracts, invoices, summary] : [contracts, summary];
  const failed = queries.find((q) => q.isError);
  let body;
  if (failed) {
    body = (
      <ListError
        message={errorMessage(failed.error)}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  } else if (!contracts.data || (withInvoices && (!invoices.data || !proposals.data)) || !summary.data) {
    body = <ListLoading label={t('client.loading')} />;
  } else {
    // A company's owners and billing people see the contracts a colleague signs: theirs to sign are their own.
    const toSign = (contracts.data.pages[0]?.items ?? []).filter((contract) => contract.signer.id === userId);
    const toPay = invoices.data?.items ?? [];
    const rejected = summary.data.needs_attention;
    const toAnswer = proposals.data?.items ?? [];
    body =
      toAnswer.length + toSign.length + toPay.length + rejected.length === 0 ? (
        <ListEmpty title={t('client.nothing')} dense>
          {withInvoices ? t('client.nothingText') : t('client.nothingTextNoInvoices')}
        </ListEmpty>
      ) : (
        <>
          {toAnswer.length > 0 && (
            <AttentionGroup title={t('client.proposals')} data-testid="attention-proposals">
              {toAnswer.slice(0, SHOWN).map((proposal) => (
                <ProposalToAnswerRow key={proposal.id} proposal={proposal} to={`${paths.client.proposal}?id=${encodeURIComponent(proposal.id)}`} />
              ))}
            </AttentionGroup>
          )}
          {toSign.length > 0 && (
            <AttentionGroup
              title={t('client.contracts')}
              action={contracts.hasNextPage && <MoreLink to={paths.client.signContract}>{t('client.allContracts')}</MoreLink>}
              data-testid="attention-contracts"
            >
              {toSign.map((contract) => (
                <ContractRow key={contract.id} contract={contract} to={contractPathFor('client', contract.id)} showStatus={false} />
              ))}
            </AttentionGroup>
          )}
          {toPay.length > 0 && (
            <AttentionGroup
              title={t('client.invoices')}
              action={(invoices.data?.hasMore || toPay.length > SHOWN) && <MoreLink to={paths.client.invoices}>{t('client.allInvoices')}</MoreLink>}
              data-testid="attention-invoices"
            >
              {toPay.slice(0, SHOWN).map((invoice) => (
                <InvoiceToPayRow key={invoice.id} invoice={invoice} to={invoicePath(invoice.id)} />
              ))}
            </AttentionGroup>
          )}
          {rejected.length > 0 && (
            <AttentionGroup title={t('client.projects')} data-testid="attention-projects">
              {rejected.map((project) => (
                <ProjectAttentionRow key={project.id} project={project} getDetailPath={(id) => projectPathFor('client', id)} />
              ))}
            </AttentionGroup>
          )}
        </>
      );
  }
  return (
    <SectionCard
      title={t('client.attentionTitle')}
      subtitle={withInvoices ? t('client.attentionSubtitle') : t('client.attentionSubtitleNoInvoices')}
      data-testid="needs-attention"
    >
      {body}
    </SectionCard>
  );
}

/** /clientdashboardpage and /dashboard: what the client has to do first, then their projects at a glance. */
export function ClientDashboardRoute() {
  const { t } = useDashboardsT();
  const { user } = useAuth();
  if (!user) return null;
  const role = companyRoleOf(user);
  const canAskForWork = asksForWork(role);
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={t('client.title')} />
      <WelcomeCard name={user.name}>
        {canAskForWork ? t('client.welcome') : t('client.welcomeNoBriefs')}
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} component="span">
          {canAskForWork && (
            <Button component={Link} to={paths.client.createProject} variant="contained" color="secondary" startIcon={<AddIcon />}>
              {t('client.newProject')}
            </Button>
          )}
          <Button component={Link} to={paths.client.projects} variant="outlined" sx={{ color: '#fff', borderColor: 'rgb(255 255 255 / 50%)' }}>
            {t('client.myProjects')}
          </Button>
        </Stack>
      </WelcomeCard>
      <ProjectSummaryPanel
        getDetailPath={(id) => projectPathFor('client', id)}
        attentionTitle={t('client.attentionTitle')}
        attentionEmpty={t('client.nothing')}
        attention={<ClientAttention userId={user.id} withInvoices={seesAmounts(role)} />}
        attentionFirst
        aside={<PersonCard user={user} />}
      />
    </Box>
  );
}
