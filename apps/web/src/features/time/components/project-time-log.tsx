import { describeDuration, formatDate, formatDuration } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../components/section-card';
import { useProjectTimeLog } from '../api/get-project-time-log';

/**
 * The project's time log for its client, once staff share it: the approved hours by day, person and card, and
 * whether they are billed yet. Nothing while it is not shared (the server answers 404) or not the reader's to see.
 */
export function ProjectTimeLog({ projectId }: { projectId: string }) {
  const query = useProjectTimeLog(projectId);
  if (!query.data) return null;
  const { items, total_minutes: total } = query.data;
  return (
    <SectionCard title="Time log" subtitle={`${describeDuration(total)} of approved work`} data-testid="project-time-log">
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
          No approved time yet.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.id}
              sx={{ px: { xs: 2, sm: 3 }, py: 1.25, borderTop: '1px solid', borderColor: 'divider', display: 'flex', gap: 2, alignItems: 'baseline' }}
              data-testid="time-log-item"
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.card_title ?? 'Other work'}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(item.date)} · {item.person}
                  {item.status === 'billed' ? ' · billed' : ''}
                  {item.note ? ` · ${item.note}` : ''}
                </Typography>
              </Box>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>{formatDuration(item.minutes)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
