import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { useContract } from '../../features/contracts/api/get-contract';
import { ContractReader } from '../../features/contracts/components/contract-reader';
import { useContractsT } from '../../features/contracts/i18n';
import { JourneySteps } from '../../features/proposals/components/journey-steps';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';

/** /sign-contract: the client's contracts; `?id=<id>` opens one to read and sign. */
export function SignContractRoute() {
  const { user } = useAuth();
  const { t } = useContractsT();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const proposalId = searchParams.get('proposal');
  if (!user) return null;

  if (id && proposalId) return <ProposalContract contractId={id} proposalId={proposalId} userId={user.id} />;
  if (id) {
    return (
      <>
        <PageTitle title={t('pageTitles.contract')} />
        <ContractReader contractId={id} userId={user.id} back={{ to: paths.client.signContract, label: t('signRoute.myContracts') }} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={t('pageTitles.contracts')} />
      <PageHeading title={t('pageTitles.contracts')}>{t('signRoute.intro')}</PageHeading>
      <ContractList
        title={t('signRoute.myContracts')}
        filters={{ kind: 'client' }}
        getOpenPath={(contractId) => contractPathFor('client', contractId)}
        viewerId={user.id}
        emptyTitle={t('signRoute.emptyTitle')}
        emptyText={t('signRoute.emptyText')}
      />
    </>
  );
}

/**
 * The contract of an accepted proposal, step 2 of Proposal -> Contract -> Deposit -> Kickoff: signed here, then back
 * onto the proposal's path for the deposit, never by way of the dashboard.
 */
function ProposalContract({ contractId, proposalId, userId }: { contractId: string; proposalId: string; userId: string }) {
  const { t } = useContractsT();
  const contract = useContract(contractId);
  const proposalPath = `${paths.client.proposal}?id=${encodeURIComponent(proposalId)}`;
  const isSigned = contract.data?.status === 'signed';
  return (
    <>
      <PageTitle title={t('pageTitles.contract')} />
      <JourneySteps current={isSigned ? 'Deposit' : 'Contract'} />
      {isSigned && (
        <Button component={RouterLink} to={proposalPath} variant="contained" size="large" fullWidth sx={{ mb: 2 }} data-testid="continue-to-deposit">
          {t('signRoute.continueToDeposit')}
        </Button>
      )}
      <ContractReader contractId={contractId} userId={userId} back={{ to: proposalPath, label: t('signRoute.theProposal') }} />
    </>
  );
}
