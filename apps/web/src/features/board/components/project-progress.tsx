import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { percentDone } from '@agency/schema';
import { useProjectProgress } from '../api/get-project-progress';
import { useBoardT } from '../i18n';

/** Read-only progress of a project's board (what a client sees): done of total, and cards per column. */
export function ProjectProgress({ projectId }: { projectId: string }) {
  const { t } = useBoardT();
  const progress = useProjectProgress(projectId);
  if (!progress.data?.has_board) return null;
  const { total, done, columns } = progress.data;
  const percent = total === 0 ? 0 : percentDone(done, total);
  return (
    <Card component="section" aria-label={t('progress.title')} sx={{ p: { xs: 2, sm: 3 } }} data-testid="project-progress">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('progress.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ flex: 1, height: 10, borderRadius: 5 }}
          aria-label={t('progress.percent', { percent })}
        />
        <Typography sx={{ fontWeight: 700 }} data-testid="progress-summary">
          {t('progress.summary', { done, total })}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
        {columns.map((c, i) => (
          <Box
            key={`${c.name}-${i}`}
            sx={{ p: 1.25, border: '1px solid', borderColor: 'divider', borderRadius: 2, minWidth: 0 }}
            data-testid="progress-column"
          >
            <Typography component="dt" variant="body2" color="text.secondary" noWrap>
              {c.name}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontSize: '1.4rem' }}>
              {c.count}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
