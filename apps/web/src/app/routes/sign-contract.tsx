import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { useContract } from '../../features/contracts/api/get-contract';
import { ContractReader } from '../../features/contracts/components/contract-reader';
import { JourneySteps } from '../../features/proposals/components/journey-steps';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';

/** /sign-contract: the client's contracts; `?id=<id>` opens one to read and sign. */
export function SignContractRoute() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const proposalId = searchParams.get('proposal');
  if (!user) return null;

  if (id && proposalId) return <ProposalContract contractId={id} proposalId={proposalId} userId={user.id} />;
  if (id) {
    return (
      <>
        <PageTitle title="Contract" />
        <ContractReader contractId={id} userId={user.id} back={{ to: paths.client.signContract, label: 'My contracts' }} />
      </>
    );
  }
  return (
    <>
      <PageTitle title="Contracts" />
      <PageHeading title="Contracts">Read and sign the contracts for your projects. Signed contracts stay here to download.</PageHeading>
      <ContractList
        title="My contracts"
        filters={{ kind: 'client' }}
        getOpenPath={(contractId) => contractPathFor('client', contractId)}
        viewerId={user.id}
        emptyTitle="No contracts yet"
        emptyText="When a project is approved, its contract appears here for you to sign."
      />
    </>
  );
}

/**
 * The contract of an accepted proposal, step 2 of Proposal -> Contract -> Deposit -> Kickoff: signed here, then back
 * onto the proposal's path for the deposit, never by way of the dashboard.
 */
function ProposalContract({ contractId, proposalId, userId }: { contractId: string; proposalId: string; userId: string }) {
  const contract = useContract(contractId);
  const proposalPath = `${paths.client.proposal}?id=${encodeURIComponent(proposalId)}`;
  const isSigned = contract.data?.status === 'signed';
  return (
    <>
      <PageTitle title="Contract" />
      <JourneySteps current={isSigned ? 'Deposit' : 'Contract'} />
      {isSigned && (
        <Button component={RouterLink} to={proposalPath} variant="contained" size="large" fullWidth sx={{ mb: 2 }} data-testid="continue-to-deposit">
          Continue to the deposit
        </Button>
      )}
      <ContractReader contractId={contractId} userId={userId} back={{ to: proposalPath, label: 'The proposal' }} />
    </>
  );
}
