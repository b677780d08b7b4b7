import { percentDone } from '@agency/schema';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BarChart } from '../../../components/charts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useBoardSummaries } from '../api/list-board-summaries';
import { useBoardT } from '../i18n';

/** Each open project's board at a glance: cards per column as a bar, with what is overdue and unassigned. */
export function BoardSummariesPanel({ boardPath }: { boardPath: (projectId: string) => string }) {
  const { t } = useBoardT();
  const query = useBoardSummaries();
  let body;
  if (query.isPending) body = <ListLoading label={t('summaries.loading')} />;
  else if (query.isError) body = <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  else if (query.data.items.length === 0) body = <ListEmpty title={t('summaries.emptyTitle')}>{t('summaries.emptyText')}</ListEmpty>;
  else
    body = (
      <Stack divider={<Box sx={{ borderTop: '1px solid', borderColor: 'divider' }} />}>
        {query.data.items.map((s) => (
          <Box key={s.project.id} sx={{ px: { xs: 2, sm: 3 }, py: 2 }} data-testid="board-summary" data-project-id={s.project.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Link component={RouterLink} to={boardPath(s.project.id)} sx={{ fontWeight: 700, mr: 'auto', overflowWrap: 'anywhere' }}>
                {s.project.title}
              </Link>
              <Chip
                size="small"
                label={t('summaries.done', { done: s.done, total: s.total, percent: s.total ? percentDone(s.done, s.total) : 0 })}
                color="success"
                variant="outlined"
              />
              <Chip
                size="small"
                label={t('summaries.overdue', { number: s.overdue })}
                color={s.overdue ? 'error' : 'default'}
                data-testid="summary-overdue"
              />
              <Chip
                size="small"
                label={t('summaries.unassigned', { number: s.unassigned })}
                color={s.unassigned ? 'warning' : 'default'}
                data-testid="summary-unassigned"
              />
            </Stack>
            {s.total === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('summaries.noCards')}
              </Typography>
            ) : (
              // The chart keeps its left-to-right axes in Arabic too: its names stay beside the bars, not over them.
              <Box role="img" dir="ltr" aria-label={s.columns.map((c) => `${c.name}: ${c.count}`).join(', ')}>
                <BarChart
                  height={150}
                  horizontal
                  margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
                  categories={s.columns.map((c) => c.name)}
                  axisWidth={96}
                  tickMinStep={1}
                  values={s.columns.map((c) => c.count)}
                  color="#4338ca"
                  label={t('summaries.cards')}
                />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    );
  return (
    <SectionCard title={t('summaries.title')} subtitle={t('summaries.subtitle')} data-testid="board-summaries">
      {body}
    </SectionCard>
  );
}
