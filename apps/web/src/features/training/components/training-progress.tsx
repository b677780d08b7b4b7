import { percentDone, ROLE_LABELS, type TrainingProgress as Progress } from '@agency/schema';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '../../../components/charts';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useTrainingProgress } from '../api/get-training-progress';

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
  const query = useTrainingProgress();
  const modules = query.data?.modules ?? [];
  const people = query.data?.people ?? [];
  const columns: DataColumn<Person>[] = [
    { id: 'name', header: 'Person', cell: (p) => <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>, card: 'title', minWidth: 160 },
    { id: 'role', header: 'Role', cell: (p) => ROLE_LABELS[p.role], priority: 2, minWidth: 120 },
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
          <Percent completed={own.completed} total={own.total} label={`${p.name}, ${m.title}`} />
        ) : (
          <Typography color="text.secondary">Not assigned</Typography>
        );
      },
    })),
    {
      id: 'overall',
      header: 'Overall',
      cell: (p) => <Percent completed={p.completed} total={p.total} label={`${p.name}, overall`} />,
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
        <Box sx={{ px: { xs: 1, sm: 3 }, pt: 2 }} role="img" aria-label={modules.map((m, i) => `${m.title}: ${averages[i]}% on average`).join(', ')}>
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
            label="Average completion"
          />
        </Box>
      )}
      <DataTable
        columns={columns}
        rows={people}
        getRowId={(p) => p.id}
        label={title}
        isLoading={query.isPending}
        loadingLabel="Loading progress..."
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        empty={
          <ListEmpty title="Nobody to show yet">
            People appear here once they are employees{modules.length ? '' : ' and a module is published and assigned'}.
          </ListEmpty>
        }
        rowTestId="progress-row"
        getRowAttributes={(p) => ({ 'data-person-id': p.id })}
        overflow="scroll"
        scrollHint={`Scroll sideways to see all ${modules.length} ${modules.length === 1 ? 'module' : 'modules'}`}
      />
    </SectionCard>
  );
}
