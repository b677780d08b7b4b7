import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { StaffContractDetail } from '../../features/contracts/components/staff-contract-detail';
import { StaffContracts } from '../../features/contracts/components/staff-contracts';
import { useContractsT } from '../../features/contracts/i18n';
import { PageHeading } from '../../components/page-heading';

/** /view-superadmin-contracts (super admin) and /admindashboard/contracts (admins): every contract; `?id=<id>` opens one. */
export function StaffContractsRoute() {
  const { user } = useAuth();
  const { t } = useContractsT();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

  if (id) {
    return (
      <>
        <PageTitle title={t('pageTitles.contract')} />
        <StaffContractDetail contractId={id} role={user.role} back={{ to: pathname, label: t('staffRoute.allContracts') }} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={t('pageTitles.contracts')} />
      <PageHeading title={t('pageTitles.contracts')}>{t('staffRoute.intro')}</PageHeading>
      <StaffContracts
        role={user.role}
        initialProjectId={searchParams.get('project_id') ?? undefined}
        getOpenPath={(contractId) => `${pathname}?id=${encodeURIComponent(contractId)}`}
      />
    </>
  );
}
