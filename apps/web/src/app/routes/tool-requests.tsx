import { PageTitle } from '../../features/config/components/page-title';
import { ToolRequestList } from '../../features/tools/components/tool-request-list';
import { PageHeading } from '../../components/page-heading';

/** /tool-requests: the queue of clients' tool requests, for admins and the super admin. */
export function ToolRequestsQueueRoute() {
  return (
    <>
      <PageTitle title="Tool requests" />
      <PageHeading title="Tool requests">Approve or decline what clients ask for, and mark requests fulfilled once delivered.</PageHeading>
      <ToolRequestList isStaff title="Requests" subtitle="Newest first" />
    </>
  );
}
