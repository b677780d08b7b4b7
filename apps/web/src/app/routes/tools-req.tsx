import Stack from '@mui/material/Stack';
import { PageTitle } from '../../features/config/components/page-title';
import { ToolRequestForm } from '../../features/tools/components/tool-request-form';
import { ToolRequestList } from '../../features/tools/components/tool-request-list';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';

export function ToolsRequestRoute() {
  return (
    <>
      <PageTitle title="Tool requests" />
      <PageHeading title="Tool requests">Ask for software, hardware or services your project needs, and follow each request.</PageHeading>
      <Stack spacing={3}>
        <SectionCard title="Request a tool">
          <ToolRequestForm />
        </SectionCard>
        <ToolRequestList isStaff={false} title="Your requests" />
      </Stack>
    </>
  );
}
