import { PageTitle } from '../../features/config/components/page-title';
import { ContractTemplates } from '../../features/contracts/components/contract-templates';
import { useContractsT } from '../../features/contracts/i18n';
import { PageHeading } from '../../components/page-heading';

/** /contract-templates (admins and the super admin): the wording contracts start from, with a live preview. */
export function ContractTemplatesRoute() {
  const { t } = useContractsT();
  return (
    <>
      <PageTitle title={t('pageTitles.templates')} />
      <PageHeading title={t('pageTitles.templates')}>{t('templatesRoute.intro', { example: '{{client.name}}' })}</PageHeading>
      <ContractTemplates />
    </>
  );
}
