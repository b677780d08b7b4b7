import type { Project } from '@agency/schema';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useActiveEmployees } from '../../features/admins/api/list-active-employees';
import { PageTitle } from '../../features/config/components/page-title';
import { ApprovalQueue } from '../../features/projects/components/approval-queue';
import { useProjectsT } from '../../features/projects/i18n';
import { PageHeading } from '../../components/page-heading';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';

/** The editor (its fields, tabs and pickers) is fetched when it is first opened. */
const ProposalEditorDialog = lazy(() =>
  import('../../features/proposals/components/proposal-editor-dialog').then((m) => ({ default: m.ProposalEditorDialog })),
);

/** /project-approval: pending projects, oldest first; `?id=<id>` selects one. A pending request may get a proposal. */
export function ProjectApprovalRoute() {
  const { t } = useProjectsT();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const selectedId = searchParams.get('id');
  const employees = useActiveEmployees();
  const [proposalFor, setProposalFor] = useState<Project | null>(null);
  const teamLeads = (employees.data ?? []).filter((e) => e.role === 'teamlead').map((e) => ({ id: e.id, name: e.name }));

  function handleSelect(id: string | null) {
    setSearchParams(id ? { id } : {}, { replace: id === null });
  }

  return (
    <>
      <PageTitle title={t('pages.approval')} />
      <PageHeading title={t('pages.approval')}>{t('pages.approvalIntro')}</PageHeading>
      <ApprovalQueue
        selectedId={selectedId}
        onSelect={handleSelect}
        team={{ employees: employees.data ?? [], isLoading: employees.isPending, error: employees.error }}
        renderActions={(project) => (
          <Button
            variant="outlined"
            startIcon={<DescriptionOutlinedIcon />}
            onClick={() => setProposalFor(project)}
            data-testid="send-proposal-button"
          >
            {t('pages.sendProposal')}
          </Button>
        )}
      />
      {proposalFor && (
        <Suspense fallback={null}>
          <ProposalEditorDialog
            open
            project={proposalFor}
            teamLeads={teamLeads}
            onClose={() => setProposalFor(null)}
            onDone={(proposal) => {
              setProposalFor(null);
              notify.success(t(proposal.status === 'sent' ? 'pages.proposalSent' : 'pages.draftSaved', { title: proposal.title }));
              void navigate(`${paths.staff.proposals}?id=${encodeURIComponent(proposal.id)}`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
