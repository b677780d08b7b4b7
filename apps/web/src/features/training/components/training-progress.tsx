import { percentDone, type TrainingProgress as Progress } from '@agency/schema';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '../../../components/charts';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useTrainingProgress } from '../api/get-training-progress';
import { useCommonT } from '../../../i18n';
import { useTrainingT } from '../i18n';

type Person = Progress['people'][number];

function Percent({ completed, total, label }: { completed: number; total: number; label: string }) {
  const percent = percentDone(completed, total);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 110 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent === 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-label={label}
      />
      <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 40, textAlign: 'right' }}>
        {percent} %
      </Typography>
    </Stack>
  );
}

/** Progress per person and per module (staff: everyone; a team lead: their team), with each module's average. */
export function TrainingProgress({ title, subtitle, showChart = true }: { title: string; subtitle: string; showChart?: boolean }) {
  const { t } = useTrainingT();
  const { t: tc } = useCommonT();
  const query = useTrainingProgress();
  const modules = query.data?.modules ?? [];
  const people = query.data?.people ?? [];
  const columns: DataColumn<Person>[] = [
    {
      id: 'name',
      header: t('progress.person'),
      cell: (p) => <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>,
      card: 'title',
      minWidth: 160,
    },
    { id: 'role', header: t('progress.role'), cell: (p) => tc(`roles.${p.role}`), priority: 2, minWidth: 120 },
    // Overall counts every module: none may hide, the table scrolls sideways instead.
    ...modules.map((m): DataColumn<Person> => ({
      id: `module-${m.id}`,
      header: m.title,
      isPartOfTotal: true,
      minWidth: 150,
      // A module's title is free text: it wraps at its spaces rather than widen its column.
      headerSx: { whiteSpace: 'normal' },
      cell: (p) => {
        const own = p.modules.find((x) => x.module_id === m.id);
        return own ? (
          <Percent completed={own.completed} total={own.total} label={t('progress.personModule', { name: p.name, module: m.title })} />
        ) : (
          <Typography color="text.secondary">{t('progress.notAssigned')}</Typography>
        );
      },
    })),
    {
      id: 'overall',
      header: t('progress.overall'),
      cell: (p) => <Percent completed={p.completed} total={p.total} label={t('progress.personOverall', { name: p.name })} />,
      minWidth: 150,
    },
  ];
  const averages = modules.map((m) => {
    const assigned = people.flatMap((p) => p.modules.filter((x) => x.module_id === m.id));
    const sum = assigned.reduce((n, x) => n + percentDone(x.completed, x.total), 0);
    return assigned.length ? Math.round(sum / assigned.length) : 0;
  });
  return (
    <SectionCard title={title} subtitle={subtitle} data-testid="training-progress">
      {showChart && modules.length > 0 && people.length > 0 && (
        <Box
          sx={{ px: { xs: 1, sm: 3 }, pt: 2 }}
          role="img"
          aria-label={modules.map((m, i) => t('progress.moduleAverage', { title: m.title, percent: averages[i] })).join(', ')}
        >
          <BarChart
            height={Math.max(120, 36 * modules.length + 40)}
            horizontal
            margin={{ left: 0, right: 28, top: 8, bottom: 0 }}
            categories={modules.map((m) => m.title)}
            axisWidth={140}
            max={100}
            tickFormat={(v) => `${v} %`}
            values={averages}
            valueFormat={(v) => `${v} %`}
            color="#16a34a"
            label={t('progress.averageCompletion')}
          />
        </Box>
      )}
      <DataTable
        columns={columns}
        rows={people}
        getRowId={(p) => p.id}
        label={title}
        isLoading={query.isPending}
        loadingLabel={t('progress.loading')}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        empty={<ListEmpty title={t('progress.emptyTitle')}>{modules.length ? t('progress.emptyBody') : t('progress.emptyBodyNoModule')}</ListEmpty>}
        rowTestId="progress-row"
        getRowAttributes={(p) => ({ 'data-person-id': p.id })}
        overflow="scroll"
        scrollHint={t('progress.scrollHint', { count: modules.length })}
      />
    </SectionCard>
  );
}
