import { PageTitle } from '../../features/config/components/page-title';
import { ContractTemplates } from '../../features/contracts/components/contract-templates';
import { PageHeading } from '../../components/page-heading';

/** /contract-templates (admins and the super admin): the wording contracts start from, with a live preview. */
export function ContractTemplatesRoute() {
  return (
    <>
      <PageTitle title="Contract templates" />
      <PageHeading title="Contract templates">
        Write contracts in Markdown with variables such as {'{{client.name}}'}; the preview fills them with sample details as you type.
      </PageHeading>
      <ContractTemplates />
    </>
  );
}
