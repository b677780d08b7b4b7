import type { ProjectEvent } from '@agency/schema';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { i18n } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useProjectsT } from '../i18n';

/** One line saying what happened, e.g. "Approved" or "Files added". */
function describeEvent(event: ProjectEvent): string {
  switch (event.kind) {
    case 'created':
      return i18n.t('projects:timeline.created');
    case 'attachment_added':
      return i18n.t('projects:timeline.attachmentAdded');
    case 'status_changed':
      return event.to_status ? i18n.t(`common:projectStatus.${event.to_status}`) : i18n.t('projects:timeline.statusChanged');
  }
}

type ProjectTimelineProps = {
  events: readonly ProjectEvent[];
  /** Shown in dashboards' recent activity, where events of several projects mix. */
  showProjectTitle?: boolean;
  /** Makes a project title a link. */
  renderProjectTitle?: (event: ProjectEvent) => ReactNode;
};

export function ProjectTimeline({ events, showProjectTitle = false, renderProjectTitle }: ProjectTimelineProps) {
  const { t } = useProjectsT();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="project-timeline">
      {events.map((event, index) => (
        <Box
          component="li"
          key={event.id}
          data-testid="timeline-event"
          data-kind={event.kind}
          data-to-status={event.to_status ?? undefined}
          sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden="true">
            <Box
              sx={{ width: 10, height: 10, mt: 0.75, borderRadius: '50%', bgcolor: event.to_status === 'rejected' ? 'error.main' : 'primary.main' }}
            />
            {index < events.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: index < events.length - 1 ? 2 : 0, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {describeEvent(event)}
              {showProjectTitle && event.project_title && (
                <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {' · '}
                  {renderProjectTitle ? renderProjectTitle(event) : event.project_title}
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {event.automatic ? `${t('timeline.automatic')} · ` : event.actor ? `${event.actor.name} · ` : ''}
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </Typography>
            {event.note && (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {event.kind === 'attachment_added' ? event.note : t('timeline.quoted', { note: event.note })}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
