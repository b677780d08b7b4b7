import { useSearchParams } from 'react-router';
import { useActiveEmployees } from '../../features/admins/api/list-active-employees';
import { PageTitle } from '../../features/config/components/page-title';
import { ApprovalQueue } from '../../features/projects/components/approval-queue';
import { PageHeading } from '../../components/page-heading';

/** /project-approval: pending projects, oldest first; `?id=<id>` selects one. */
export function ProjectApprovalRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('id');
  const employees = useActiveEmployees();

  function handleSelect(id: string | null) {
    setSearchParams(id ? { id } : {}, { replace: id === null });
  }

  return (
    <>
      <PageTitle title="Project approval" />
      <PageHeading title="Project approval">Review new projects: approve them with a team, or reject them with a reason.</PageHeading>
      <ApprovalQueue
        selectedId={selectedId}
        onSelect={handleSelect}
        team={{ employees: employees.data ?? [], isLoading: employees.isPending, error: employees.error }}
      />
    </>
  );
}
