import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { ContractReader } from '../../features/contracts/components/contract-reader';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';

/** /sign-contract: the client's contracts; `?id=<id>` opens one to read and sign. */
export function SignContractRoute() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

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
