import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { ContractReader } from '../../features/contracts/components/contract-reader';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';

/** /employee/team-contract: an employee's own team contracts to sign; a team lead also follows the team's. */
export function TeamContractRoute() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

  if (id) {
    return (
      <>
        <PageTitle title="Team contract" />
        <ContractReader contractId={id} userId={user.id} back={{ to: paths.employee.teamContract, label: 'Team contracts' }} />
      </>
    );
  }
  const openPath = (contractId: string) => contractPathFor(user.role, contractId);
  return (
    <Stack spacing={3}>
      <PageTitle title="Team contracts" />
      <PageHeading title="Team contracts">Your engagement for each project you join: read it and sign it here.</PageHeading>
      <ContractList
        title="My contracts"
        filters={{ kind: 'team', signer_id: user.id }}
        getOpenPath={openPath}
        emptyTitle="No contracts to sign"
        emptyText="When you join a project, its team contract appears here."
      />
      {user.role === 'teamlead' && (
        <ContractList
          title="My team's contracts"
          subtitle="Who has signed on the projects you lead."
          filters={{ kind: 'team' }}
          include={(contract) => contract.signer.id !== user.id}
          getOpenPath={openPath}
          showSigner
          emptyTitle="Nothing to follow yet"
          emptyText="Team members' contracts appear here once they are sent."
          data-testid="team-contracts"
        />
      )}
    </Stack>
  );
}
