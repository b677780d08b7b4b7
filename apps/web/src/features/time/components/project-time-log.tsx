import { formatDate, formatDuration } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage, isMissingRecord } from '../../../lib/http';
import { useProjectTimeLog } from '../api/get-project-time-log';
import { describeDuration, useTimeT } from '../i18n';

/**
 * The project's time log for its client: the approved hours by day, person and card, and whether they are billed
 * yet. Shown only while staff share it (the project says so in `time_log_shared`).
 */
export function ProjectTimeLog({ projectId, shared }: { projectId: string; shared: boolean }) {
  const { t } = useTimeT();
  if (!shared) return null;
  return (
    <SectionCard title={t('timeLog.title')} subtitle={t('timeLog.subtitle')} data-testid="project-time-log">
      <TimeLogItems projectId={projectId} />
    </SectionCard>
  );
}

function TimeLogItems({ projectId }: { projectId: string }) {
  const { t } = useTimeT();
  const query = useProjectTimeLog(projectId);
  const padding = { px: { xs: 2, sm: 3 }, py: 2 };
  if (query.isPending) return <ListLoading label={t('timeLog.loading')} />;
  if (query.isError) {
    return isMissingRecord(query.error) ? (
      <Typography color="text.secondary" sx={padding} data-testid="time-log-not-shared">
        {t('timeLog.notShared')}
      </Typography>
    ) : (
      <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  const { items, total_minutes: total } = query.data;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={padding}>
        {t('timeLog.none')}
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ ...padding, pb: 1, fontWeight: 700 }} data-testid="time-log-total">
        {t('timeLog.total', { duration: describeDuration(total) })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{ px: { xs: 2, sm: 3 }, py: 1.25, borderTop: '1px solid', borderColor: 'divider', display: 'flex', gap: 2, alignItems: 'baseline' }}
            data-testid="time-log-item"
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.card_title ?? t('timeLog.otherWork')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(item.date)} · {item.person}
                {item.status === 'billed' ? t('timeLog.billed') : ''}
                {item.note ? ` · ${item.note}` : ''}
              </Typography>
            </Box>
            <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>{formatDuration(item.minutes)}</Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
