import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractPdfPage } from '../../features/contracts/components/contract-pdf-page';
import { useContractsT } from '../../features/contracts/i18n';
import { contractPathFor, contractsPathFor } from '../../lib/contract-links';

/** /client/client-contract-page?id=<id>: the contract PDF, full page, outside the dashboard template. */
export function ContractPageRoute() {
  const { user } = useAuth();
  const { t } = useContractsT();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;
  if (!id) return <Navigate to={contractsPathFor(user.role)} replace />;
  return (
    <>
      <PageTitle title={t('pageTitles.contractPdf')} />
      <ContractPdfPage contractId={id} backTo={contractPathFor(user.role, id)} />
    </>
  );
}
