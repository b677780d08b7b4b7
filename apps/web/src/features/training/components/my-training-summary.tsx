import { percentDone } from '@agency/schema';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Gauge } from '../../../components/charts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useMyTraining } from '../api/list-my-training';
import { useTrainingT } from '../i18n';

/** My training at a glance: overall completion and the modules still to do, soonest due first. */
/** The dashboard names the first few modules to do (soonest due first) and links to the rest. */
const TRAINING_SHOWN = 3;

export function MyTrainingSummary({
  modulePath,
  trainingListPath,
  today,
}: {
  modulePath: (moduleId: string) => string;
  /** The training page, where every module is. */
  trainingListPath: string;
  today: string;
}) {
  const { t } = useTrainingT();
  const query = useMyTraining();
  let body;
  if (query.isPending) body = <ListLoading label={t('mySummary.loading')} />;
  else if (query.isError) body = <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  else if (query.data.items.length === 0) body = <ListEmpty title={t('mySummary.emptyTitle')}>{t('mySummary.emptyBody')}</ListEmpty>;
  else {
    const modules = query.data.items;
    const completed = modules.reduce((n, m) => n + m.completed, 0);
    const total = modules.reduce((n, m) => n + m.total, 0);
    const todo = modules.filter((m) => m.completed < m.total).sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999'));
    const percent = percentDone(completed, total);
    body = (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: { xs: 2, sm: 3 }, alignItems: 'center', justifyContent: 'center' }}>
        {/* An empty ring says nothing the list below does not: the ring shows once some of the training is done. */}
        {percent > 0 && (
          <Box sx={{ flex: '0 0 120px' }} role="img" aria-label={t('mySummary.percentDone', { percent })}>
            <Gauge size={120} value={percent} text={`${percent} %`} data-testid="training-gauge" />
          </Box>
        )}
        {todo.length === 0 ? (
          <Typography sx={{ fontWeight: 700, color: 'success.main', flex: '1 1 200px' }}>{t('mySummary.allDone')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 0, flex: '1 1 220px' }}>
            {todo.slice(0, TRAINING_SHOWN).map((m) => {
              const isOverdue = m.due_date !== null && m.due_date < today;
              return (
                <Box component="li" key={m.id} data-testid="training-todo">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
                    <Link component={RouterLink} to={modulePath(m.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {m.title}
                    </Link>
                    <Typography variant="caption" color={isOverdue ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
                      {m.due_date ? t(isOverdue ? 'mySummary.overdue' : 'mySummary.due', { date: formatDate(m.due_date) }) : t('mySummary.noDueDate')}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={percentDone(m.completed, m.total)}
                    sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                    aria-label={t('mySummary.moduleProgress', { title: m.title, completed: m.completed, total: m.total })}
                  />
                </Box>
              );
            })}
            {todo.length > TRAINING_SHOWN && (
              <Box component="li">
                <Link component={RouterLink} to={trainingListPath} data-testid="training-more">
                  {t('mySummary.moreToDo', { count: todo.length - TRAINING_SHOWN })}
                </Link>
              </Box>
            )}
          </Stack>
        )}
      </Box>
    );
  }
  return (
    <SectionCard title={t('mySummary.title')} subtitle={t('mySummary.subtitle')} data-testid="my-training-summary">
      {body}
    </SectionCard>
  );
}
