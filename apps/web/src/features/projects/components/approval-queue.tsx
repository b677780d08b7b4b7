import type { Project, ProjectListItem } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { ListEmpty, ListError, ListLoading, LoadMore, RecordError } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useCommonT } from '../../../i18n';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProject } from '../api/get-project';
import { useProjects } from '../api/list-projects';
import { useProjectsT } from '../i18n';
import { ApproveProjectDialog, type TeamOptions } from './approve-project-dialog';
import { ProjectAttachments } from './project-attachments';
import { RejectProjectDialog } from './reject-project-dialog';

function PendingProjectPanel({
  projectId,
  team,
  onDecided,
  renderActions,
}: {
  projectId: string;
  team: TeamOptions;
  onDecided: () => void;
  renderActions?: (project: Project) => ReactNode;
}) {
  const { t } = useProjectsT();
  const { t: common } = useCommonT();
  const query = useProject(projectId);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);

  if (query.isPending) return <ListLoading label={t('queue.loadingProject')} />;
  if (query.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <RecordError error={query.error} missingText={t('queue.missing')} onRetry={() => void query.refetch()} data-testid="project-missing" />
      </Box>
    );
  }
  const { project } = query.data;
  const isPending = project.status === 'pending';

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }} data-testid="approval-detail" data-project-id={project.id}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {project.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        <Trans
          t={t}
          i18nKey="queue.from"
          values={{ client: project.client.name, date: formatDateTime(project.created_at) }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)' },
          justifyContent: 'start',
          columnGap: 4,
          rowGap: 1,
          my: 2,
        }}
      >
        {[
          [t('queue.budget'), formatMoney(project.budget_minor, project.currency)],
          [t('queue.deadline'), project.deadline ? formatDate(project.deadline) : common('format.notSet')],
          [t('queue.category'), project.category || common('format.notSet')],
        ].map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3">
        {t('queue.description')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>{project.description}</Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('queue.attachments')}
      </Typography>
      <ProjectAttachments attachments={project.attachments} />
      {isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setDialog('approve')} data-testid="approve-button">
            {t('queue.approve')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setDialog('reject')} data-testid="reject-button">
            {t('queue.reject')}
          </Button>
          {renderActions?.(project)}
        </Stack>
      ) : (
        <Typography sx={{ mt: 3 }} color="text.secondary">
          {t('queue.reviewed')}
        </Typography>
      )}
      <ApproveProjectDialog
        open={dialog === 'approve'}
        project={project}
        team={team}
        onClose={() => setDialog(null)}
        onApproved={() => {
          notify.success(t('queue.approved', { title: project.title }));
          setDialog(null);
          onDecided();
        }}
      />
      <RejectProjectDialog
        open={dialog === 'reject'}
        project={project}
        onClose={() => setDialog(null)}
        onRejected={() => {
          notify.success(t('queue.rejected', { title: project.title }));
          setDialog(null);
          onDecided();
        }}
      />
    </Box>
  );
}

type ApprovalQueueProps = {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  team: TeamOptions;
  /** More actions on the selected pending project (the approval screen adds "Send a proposal"). */
  renderActions?: (project: Project) => ReactNode;
};

/** Pending projects, oldest first, beside the selected one's details with Approve and Reject. */
export function ApprovalQueue({ selectedId, onSelect, team, renderActions }: ApprovalQueueProps) {
  const { t } = useProjectsT();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const queue = useProjects({ status: 'pending', order: 'oldest' });
  const items: ProjectListItem[] = queue.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (queue.isPending) list = <ListLoading label={t('queue.loading')} />;
  else if (queue.isError) list = <ListError message={errorMessage(queue.error)} onRetry={() => queue.refetch()} />;
  else if (items.length === 0)
    list = (
      <ListEmpty icon={<InboxOutlinedIcon />} title={t('queue.emptyTitle')}>
        {t('queue.emptyText')}
      </ListEmpty>
    );
  else
    list = (
      <List disablePadding aria-label={t('queue.pendingProjects')} data-testid="approval-queue">
        {items.map((project) => (
          <ListItem key={project.id} disablePadding divider>
            <ListItemButton
              selected={project.id === selectedId}
              aria-current={project.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(project.id)}
              data-testid="queue-item"
              data-project-id={project.id}
              sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}
            >
              <ListItemText
                primary={project.title}
                secondary={t('queue.waiting', { client: project.client.name, date: formatDate(project.created_at) })}
                slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  const queueCard = (
    <SectionCard title={t('queue.pending')} subtitle={t('queue.oldestFirst')} data-testid="approval-queue-card">
      {list}
      <LoadMore hasMore={queue.hasNextPage} isLoading={queue.isFetchingNextPage} onLoadMore={() => queue.fetchNextPage()} />
    </SectionCard>
  );

  const detailCard = (
    <Card component="section" aria-label={t('queue.selected')} sx={{ minWidth: 0 }}>
      {selectedId ? (
        <PendingProjectPanel key={selectedId} projectId={selectedId} team={team} onDecided={() => onSelect(null)} renderActions={renderActions} />
      ) : (
        <ListEmpty title={t('queue.selectTitle')}>{t('queue.selectText')}</ListEmpty>
      )}
    </Card>
  );

  if (isNarrow) {
    return selectedId ? (
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => onSelect(null)} sx={{ mb: 2, ml: -1 }}>
          {t('queue.back')}
        </Button>
        {detailCard}
      </Box>
    ) : (
      queueCard
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(260px, 360px) minmax(0, 1fr)', alignItems: 'start' }}>
      {queueCard}
      {detailCard}
    </Box>
  );
}
