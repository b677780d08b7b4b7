import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { StaffContractDetail } from '../../features/contracts/components/staff-contract-detail';
import { StaffContracts } from '../../features/contracts/components/staff-contracts';
import { PageHeading } from '../../components/page-heading';

/** /view-superadmin-contracts (super admin) and /admindashboard/contracts (admins): every contract; `?id=<id>` opens one. */
export function StaffContractsRoute() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

  if (id) {
    return (
      <>
        <PageTitle title="Contract" />
        <StaffContractDetail contractId={id} role={user.role} back={{ to: pathname, label: 'All contracts' }} />
      </>
    );
  }
  return (
    <>
      <PageTitle title="Contracts" />
      <PageHeading title="Contracts">
        Every client and team contract: send drafts, follow signatures, remind, void, and download sealed PDFs.
      </PageHeading>
      <StaffContracts
        role={user.role}
        initialProjectId={searchParams.get('project_id') ?? undefined}
        getOpenPath={(contractId) => `${pathname}?id=${encodeURIComponent(contractId)}`}
      />
    </>
  );
}
