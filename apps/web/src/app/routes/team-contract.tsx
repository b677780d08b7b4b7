import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ContractList } from '../../features/contracts/components/my-contracts';
import { ContractReader } from '../../features/contracts/components/contract-reader';
import { useContractsT } from '../../features/contracts/i18n';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';

/** /employee/team-contract: an employee's own team contracts to sign; a team lead also follows the team's. */
export function TeamContractRoute() {
  const { user } = useAuth();
  const { t } = useContractsT();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

  if (id) {
    return (
      <>
        <PageTitle title={t('pageTitles.teamContract')} />
        <ContractReader contractId={id} userId={user.id} back={{ to: paths.employee.teamContract, label: t('pageTitles.teamContracts') }} />
      </>
    );
  }
  const openPath = (contractId: string) => contractPathFor(user.role, contractId);
  return (
    <Stack spacing={3}>
      <PageTitle title={t('pageTitles.teamContracts')} />
      <PageHeading title={t('pageTitles.teamContracts')}>{t('teamRoute.intro')}</PageHeading>
      <ContractList
        title={t('teamRoute.myContracts')}
        filters={{ kind: 'team', signer_id: user.id }}
        getOpenPath={openPath}
        emptyTitle={t('teamRoute.emptyTitle')}
        emptyText={t('teamRoute.emptyText')}
      />
      {user.role === 'teamlead' && (
        <ContractList
          title={t('teamRoute.teamTitle')}
          subtitle={t('teamRoute.teamSubtitle')}
          filters={{ kind: 'team' }}
          include={(contract) => contract.signer.id !== user.id}
          getOpenPath={openPath}
          showSigner
          emptyTitle={t('teamRoute.teamEmptyTitle')}
          emptyText={t('teamRoute.teamEmptyText')}
          data-testid="team-contracts"
        />
      )}
    </Stack>
  );
}
