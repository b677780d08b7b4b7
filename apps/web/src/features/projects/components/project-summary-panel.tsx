import { PROJECT_STATUSES, type ProjectListItem } from '@agency/schema';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { useCommonT } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProjectSummary } from '../api/get-project-summary';
import { useProjectsT } from '../i18n';
import { ProjectStatusChip } from './project-status-chip';
import { ProjectTimeline } from './project-timeline';

function withAside(main: ReactNode, aside: ReactNode) {
  if (!aside) return main;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 340px) minmax(0, 1fr)' }, alignItems: 'start' }}>
      {aside}
      {main}
    </Box>
  );
}

type AttentionProps = {
  getDetailPath: (id: string) => string;
  renderActions?: (project: ProjectListItem) => ReactNode;
};

/** One project that needs this person: title, client, the reason of a rejection, and its actions. */
export function ProjectAttentionRow({ project, getDetailPath, renderActions }: AttentionProps & { project: ProjectListItem }) {
  const { t } = useProjectsT();
  return (
    <Box
      component="li"
      sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: '1px solid', borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
      data-testid="attention-row"
    >
      {/* The status and the actions sit beside the title while there is room, and wrap below it on a phone. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <TextLink to={getDetailPath(project.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {project.title}
          </TextLink>
          <Typography variant="body2" color="text.secondary">
            {t('summary.submitted', { client: project.client.name, date: formatDate(project.created_at) })}
          </Typography>
          {project.status === 'rejected' && project.rejection_reason && (
            <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {t('summary.reason', { reason: project.rejection_reason })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <ProjectStatusChip status={project.status} />
          {renderActions?.(project)}
        </Stack>
      </Box>
    </Box>
  );
}

function ProjectAttentionRows({ projects, getDetailPath, renderActions }: AttentionProps & { projects: ProjectListItem[] }) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {projects.map((project) => (
        <ProjectAttentionRow key={project.id} project={project} getDetailPath={getDetailPath} renderActions={renderActions} />
      ))}
    </Stack>
  );
}

type ProjectAttentionCardProps = AttentionProps & {
  title: string;
  subtitle?: ReactNode;
  emptyTitle: string;
  /** Nothing at all while there is nothing to do (a dashboard that opens on work leaves the space to the rest). */
  hideWhenEmpty?: boolean;
};

/** What needs this person, as a card of its own: a team lead's projects ready to start, say. */
export function ProjectAttentionCard({
  title,
  subtitle,
  emptyTitle,
  hideWhenEmpty = false,
  getDetailPath,
  renderActions,
}: ProjectAttentionCardProps) {
  const { t } = useProjectsT();
  const summary = useProjectSummary();
  let body;
  if (summary.isPending) body = <ListLoading label={t('summary.loading')} />;
  else if (summary.isError) body = <ListError message={errorMessage(summary.error)} onRetry={() => summary.refetch()} />;
  else if (summary.data.needs_attention.length === 0) {
    if (hideWhenEmpty) return null;
    body = <ListEmpty title={emptyTitle} dense />;
  } else body = <ProjectAttentionRows projects={summary.data.needs_attention} getDetailPath={getDetailPath} renderActions={renderActions} />;
  return (
    <SectionCard title={title} subtitle={subtitle} data-testid="needs-attention">
      {body}
    </SectionCard>
  );
}

type ProjectSummaryPanelProps = {
  getDetailPath: (id: string) => string;
  attentionTitle: string;
  attentionSubtitle?: ReactNode;
  attentionEmpty: string;
  /** Shown beside the status counts, e.g. a link to the approval queue. */
  countsAction?: ReactNode;
  renderAttentionActions?: (project: ProjectListItem) => ReactNode;
  /** Shown beside the counts on wide screens, e.g. the signed-in person's card. */
  aside?: ReactNode;
  /** In place of the list of projects that need attention, e.g. a client's contracts, invoices and projects together. */
  attention?: ReactNode;
  /** What needs this person (and the latest activity) above the counts, so that the screen opens on it. */
  attentionFirst?: boolean;
};

/** The pipeline at a glance: counts by status, what needs this person, and the latest activity. */
export function ProjectSummaryPanel({
  getDetailPath,
  attentionTitle,
  attentionSubtitle,
  attentionEmpty,
  countsAction,
  renderAttentionActions,
  aside,
  attention: attentionCard,
  attentionFirst = false,
}: ProjectSummaryPanelProps) {
  const { t } = useProjectsT();
  const { t: common } = useCommonT();
  const summary = useProjectSummary();

  if (summary.isPending || summary.isError) {
    const state = summary.isPending ? (
      <ListLoading label={t('summary.loading')} />
    ) : (
      <ListError message={errorMessage(summary.error)} onRetry={() => summary.refetch()} />
    );
    return <Box sx={{ display: 'grid', gap: 3 }}>{withAside(<Card>{state}</Card>, aside)}</Box>;
  }

  const { counts, total, needs_attention: attention, recent_activity: activity } = summary.data;

  const countsCard = (
    <SectionCard title={t('summary.byStatus')} subtitle={t('summary.total', { number: total })} action={countsAction} data-testid="project-counts">
      <Box
        component="dl"
        sx={{
          m: 0,
          p: { xs: 2, sm: 3 },
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {PROJECT_STATUSES.map((status) => (
          <Box
            key={status}
            sx={{ p: 1.5, borderRadius: 2, border: '1px solid', borderColor: 'divider', minWidth: 0 }}
            data-testid={`count-${status}`}
          >
            <Typography component="dt" variant="body2" color="text.secondary" noWrap>
              {common(`projectStatus.${status}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }} data-testid="count-value">
              {counts[status] ?? 0}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );

  const attentionAndActivity = (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      {attentionCard ?? (
        <SectionCard title={attentionTitle} subtitle={attentionSubtitle} data-testid="needs-attention">
          {attention.length === 0 ? (
            <ListEmpty title={attentionEmpty} />
          ) : (
            <ProjectAttentionRows projects={attention} getDetailPath={getDetailPath} renderActions={renderAttentionActions} />
          )}
        </SectionCard>
      )}
      <SectionCard title={t('summary.recent')} data-testid="recent-activity">
        {activity.length === 0 ? (
          <ListEmpty title={t('summary.noActivity')} />
        ) : (
          <Box sx={{ p: { xs: 2, sm: 3 } }}>
            <ProjectTimeline
              events={activity}
              showProjectTitle
              renderProjectTitle={(event) => <TextLink to={getDetailPath(event.project_id)}>{event.project_title}</TextLink>}
            />
          </Box>
        )}
      </SectionCard>
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="project-summary">
      {attentionFirst && attentionAndActivity}
      {withAside(countsCard, aside)}
      {!attentionFirst && attentionAndActivity}
    </Box>
  );
}
