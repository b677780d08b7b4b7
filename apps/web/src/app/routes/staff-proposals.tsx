import { canChangeProposalStatus, REVISABLE_PROPOSAL_STATUSES } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyTextField } from '../../components/lazy-text-field';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoading, RecordError } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { useActiveEmployees } from '../../features/admins/api/list-active-employees';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { useProject } from '../../features/projects/api/get-project';
import { useProposal } from '../../features/proposals/api/get-proposal';
import { useProposalStep } from '../../features/proposals/api/proposal-step';
import { ProposalStatusChip } from '../../features/proposals/components/proposal-status-chip';
import { ProposalView } from '../../features/proposals/components/proposal-view';
import { ProposalsTable } from '../../features/proposals/components/proposals-table';
import { useProposalsT } from '../../features/proposals/i18n';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The editor (its fields, tabs and pickers) is fetched when it is first opened. */
const ProposalEditorDialog = lazy(() =>
  import('../../features/proposals/components/proposal-editor-dialog').then((m) => ({ default: m.ProposalEditorDialog })),
);

function ProposalDetail({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useProposalsT();
  const { user } = useAuth();
  const proposal = useProposal(id);
  const project = useProject(proposal.data?.project_id ?? '', Boolean(proposal.data));
  const employees = useActiveEmployees();
  const step = useProposalStep();
  const [isEditing, setIsEditing] = useState(false);
  const [voidReason, setVoidReason] = useState('');
  if (proposal.isPending) return <ListLoading label={t('staff.loading')} />;
  if (proposal.isError) return <RecordError error={proposal.error} missingText={t('staff.missing')} onRetry={() => void proposal.refetch()} />;
  const p = proposal.data;
  const role = user?.role ?? 'admin';
  const teamLeads = (employees.data ?? []).filter((e) => e.role === 'teamlead').map((e) => ({ id: e.id, name: e.name }));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="staff-proposal-detail">
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1, ml: -1 }}>
        {t('staff.back')}
      </Button>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <ProposalStatusChip status={p.status} size="medium" />
        <Typography variant="body2" color="text.secondary">
          {p.viewed_at
            ? t('staff.metaOpened', { company: p.company.name, project: p.project_title, version: p.version, date: formatDateTime(p.viewed_at) })
            : t('staff.meta', { company: p.company.name, project: p.project_title, version: p.version })}
        </Typography>
      </Stack>
      {step.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(step.error)}
        </Alert>
      )}
      {p.decline_reason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('staff.declined', { reason: p.decline_reason })}
        </Alert>
      )}
      {p.acceptance && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('staff.accepted', {
            name: p.acceptance.name,
            account: p.acceptance.accepted_by.name,
            date: formatDateTime(p.acceptance.accepted_at),
            ip: p.acceptance.ip ?? t('staff.unknownAddress'),
          })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
        {p.status === 'draft' && (
          <>
            <Button
              variant="contained"
              loading={step.isPending}
              onClick={() => step.mutate({ id: p.id, action: { step: 'send' } }, { onSuccess: () => notify.success(t('staff.sent')) })}
              data-testid="staff-send-proposal"
            >
              {t('staff.send')}
            </Button>
            <Button variant="outlined" onClick={() => setIsEditing(true)} disabled={!project.data}>
              {t('staff.edit')}
            </Button>
          </>
        )}
        {REVISABLE_PROPOSAL_STATUSES.includes(p.status) && !p.revised_by_id && (
          <Button
            variant="outlined"
            onClick={() => step.mutate({ id: p.id, action: { step: 'revise' } }, { onSuccess: ({ proposal: next }) => onOpen(next.id) })}
            data-testid="revise-proposal"
          >
            {t('staff.revise')}
          </Button>
        )}
        {canChangeProposalStatus(role, null, p.status, 'void') && (
          <Suspense fallback={null}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LazyTextField
                size="small"
                label={t('staff.voidReason')}
                value={voidReason}
                onChange={(e) => setVoidReason(e.target.value)}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <Button
                color="error"
                sx={{ flexShrink: 0 }}
                disabled={voidReason.trim().length < 3}
                onClick={() => step.mutate({ id: p.id, action: { step: 'void', reason: voidReason.trim() } })}
              >
                {t('staff.void')}
              </Button>
            </Stack>
          </Suspense>
        )}
      </Stack>
      <ProposalView proposal={p} />
      {isEditing && project.data && (
        <Suspense fallback={null}>
          <ProposalEditorDialog
            open
            project={project.data.project}
            proposal={p}
            teamLeads={teamLeads}
            onClose={() => setIsEditing(false)}
            onDone={() => setIsEditing(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** /proposals: every proposal with status chips, value and conversion; `?id=<id>` opens one. */
export function StaffProposalsRoute() {
  const { t } = useProposalsT();
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('id');
  return (
    <>
      <PageTitle title={t('staff.pageTitle')} />
      <PageHeading title={t('staff.heading')}>{t('staff.intro')}</PageHeading>
      {id ? (
        <ProposalDetail key={id} id={id} onBack={() => setSearchParams({})} onOpen={(next) => setSearchParams({ id: next })} />
      ) : (
        <ProposalsTable selectedId={id} onSelect={(next) => setSearchParams({ id: next })} />
      )}
    </>
  );
}
