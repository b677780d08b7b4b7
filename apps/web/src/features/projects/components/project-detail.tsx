import type { Project } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListError, ListLoading, RecordError } from '../../../components/list-states';
import { useCommonT } from '../../../i18n';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProject } from '../api/get-project';
import { useProjectActivity } from '../api/get-project-activity';
import { useProjectsT } from '../i18n';
import { ProjectAttachments } from './project-attachments';
import { ProjectStatusChip } from './project-status-chip';
import { ProjectTimeline } from './project-timeline';

function DetailCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ActivityCard({ projectId }: { projectId: string }) {
  const { t } = useProjectsT();
  const activity = useProjectActivity(projectId);
  let body;
  if (activity.isPending) body = <ListLoading label={t('detail.loadingActivity')} />;
  else if (activity.isError) body = <ListError message={errorMessage(activity.error)} onRetry={() => activity.refetch()} />;
  else if (activity.data.items.length === 0) body = <Typography color="text.secondary">{t('detail.noActivity')}</Typography>;
  else body = <ProjectTimeline events={activity.data.items} />;
  return (
    <DetailCard title={t('detail.activity')} testId="project-activity">
      {body}
    </DetailCard>
  );
}

type ProjectDetailProps = {
  projectId: string;
  back: { to: string; label: string };
  /** Buttons for what the viewer may do with the project (approve, start, complete...). */
  renderActions?: (project: Project) => ReactNode;
  /** Extra content under the description, e.g. an upload area. */
  renderExtra?: (project: Project) => ReactNode;
  /** A card at the top of the side column, e.g. the board's progress. */
  renderSide?: (project: Project) => ReactNode;
  /** Sections another feature adds below the attachments (for example the project's contracts). */
  renderSections?: (project: Project) => ReactNode;
  /** The budget; off for a company's members, who see no amounts. */
  showBudget?: boolean;
};

export function ProjectDetail({ projectId, back, renderActions, renderExtra, renderSide, renderSections, showBudget = true }: ProjectDetailProps) {
  const { t } = useProjectsT();
  const { t: common } = useCommonT();
  const query = useProject(projectId);

  const backLink = (
    <Button component={Link} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
      {back.label}
    </Button>
  );

  if (query.isPending) {
    return (
      <>
        {backLink}
        <ListLoading label={t('detail.loading')} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {backLink}
        <RecordError error={query.error} missingText={t('detail.missing')} onRetry={() => void query.refetch()} data-testid="project-missing" />
      </>
    );
  }

  const { project } = query.data;
  const actions = renderActions?.(project);

  return (
    <Box data-testid="project-detail" data-project-id={project.id}>
      {backLink}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' }, mb: 3 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
              data-testid="project-title"
            >
              {project.title}
            </Typography>
            <ProjectStatusChip status={project.status} size="medium" />
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('detail.submittedBy', { client: project.client.name, date: formatDateTime(project.created_at) })}
          </Typography>
        </Box>
        {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
      </Box>

      {project.status === 'rejected' && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="rejection-reason">
          <AlertTitle>{t('detail.notApproved')}</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('detail.reason', { reason: project.rejection_reason || t('detail.noReason') })}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <DetailCard title={t('detail.description')}>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="project-description">
              {project.description}
            </Typography>
          </DetailCard>
          <DetailCard title={t('detail.attachments', { number: project.attachments.length })}>
            <ProjectAttachments attachments={project.attachments} />
            {renderExtra?.(project)}
          </DetailCard>
          {renderSections?.(project)}
          <ActivityCard projectId={project.id} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {renderSide?.(project)}
          <DetailCard title={t('detail.details')}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
              {showBudget && <Fact label={t('detail.budget')}>{formatMoney(project.budget_minor, project.currency)}</Fact>}
              <Fact label={t('detail.deadline')}>{project.deadline ? formatDate(project.deadline) : common('format.notSet')}</Fact>
              <Fact label={t('detail.category')}>{project.category || common('format.notSet')}</Fact>
              <Fact label={t('detail.client')}>{project.client.name}</Fact>
              <Fact label={t('detail.lastUpdate')}>{formatDateTime(project.updated_at)}</Fact>
            </Box>
          </DetailCard>
          <DetailCard title={t('detail.team')} testId="project-team">
            {project.team_lead ? (
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
                <Fact label={t('detail.teamLead')}>
                  <span data-testid="project-team-lead">{project.team_lead.name}</span>
                </Fact>
                <Fact label={t('detail.members')}>
                  {project.members.length > 0 ? project.members.map((member) => member.name).join(', ') : t('detail.noneYet')}
                </Fact>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('detail.noTeam')}
              </Typography>
            )}
          </DetailCard>
        </Box>
      </Box>
    </Box>
  );
}
