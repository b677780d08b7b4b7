import Stack from '@mui/material/Stack';
import { PageTitle } from '../../features/config/components/page-title';
import { ToolRequestForm } from '../../features/tools/components/tool-request-form';
import { ToolRequestList } from '../../features/tools/components/tool-request-list';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useToolsT } from '../../features/tools/i18n';

export function ToolsRequestRoute() {
  const { t } = useToolsT();
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.clientIntro')}</PageHeading>
      <Stack spacing={3}>
        <SectionCard title={t('page.requestTool')}>
          <ToolRequestForm />
        </SectionCard>
        <ToolRequestList isStaff={false} title={t('page.yourRequests')} />
      </Stack>
    </>
  );
}
