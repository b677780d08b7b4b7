import { PageTitle } from '../../features/config/components/page-title';
import { ToolRequestList } from '../../features/tools/components/tool-request-list';
import { PageHeading } from '../../components/page-heading';
import { useToolsT } from '../../features/tools/i18n';

/** /tool-requests: the queue of clients' tool requests, for admins and the super admin. */
export function ToolRequestsQueueRoute() {
  const { t } = useToolsT();
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.staffIntro')}</PageHeading>
      <ToolRequestList isStaff title={t('page.requests')} subtitle={t('page.newestFirst')} />
    </>
  );
}
