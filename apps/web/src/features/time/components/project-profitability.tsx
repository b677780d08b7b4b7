import { describeDuration, type Profitability } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { currencyDecimals, formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useBurn, type BurnInterval } from '../api/get-burn';
import { useProfitability } from '../api/get-profitability';
import { useProjectRates } from '../api/get-project-rates';
import { useSetProjectRates } from '../api/set-project-rates';
import { useShareTimeLog } from '../api/share-time-log';
import { BurnChart } from './burn-chart';

type ProjectProfitabilityProps = {
  projectId: string;
  /** Staff set the project's hourly rate here. */
  canSetRate: boolean;
};

/**
 * A project's money: the budget against what its time cost (hours at each person's cost rate) and its expenses,
 * what was invoiced and paid, and the margin; a warning at 80 % and 100 % of the budget, and the burn chart.
 */
export function ProjectProfitability({ projectId, canSetRate }: ProjectProfitabilityProps) {
  const query = useProfitability(projectId);
  return (
    <SectionCard title="Profitability" subtitle="Budget against time at cost and expenses, invoiced and paid" data-testid="project-profitability">
      <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {query.isPending ? (
          <ListLoading label="Loading the figures..." />
        ) : query.isError ? (
          <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <Figures figures={query.data} />
        )}
        <Burn projectId={projectId} />
        {canSetRate && <RateForm projectId={projectId} />}
      </Box>
    </SectionCard>
  );
}

function Figures({ figures }: { figures: Profitability }) {
  const { currency } = figures;
  const money = (minor: number | null) => formatMoney(minor, currency);
  const used = figures.budget_used_percent;
  const cells: { label: string; value: string; testId: string; tone?: 'good' | 'bad' }[] = [
    { label: 'Budget', value: figures.budget === null ? 'No budget' : money(figures.budget), testId: 'figure-budget' },
    { label: `Time (${describeDuration(figures.minutes)}) at cost`, value: money(figures.cost), testId: 'figure-cost' },
    { label: 'Expenses', value: money(figures.expenses), testId: 'figure-expenses' },
    { label: 'Invoiced', value: money(figures.invoiced), testId: 'figure-invoiced' },
    { label: 'Paid', value: money(figures.paid), testId: 'figure-paid' },
    { label: 'Margin', value: money(figures.margin), testId: 'figure-margin', tone: figures.margin < 0 ? 'bad' : 'good' },
  ];
  return (
    <>
      {figures.warning !== null && (
        <Alert severity={figures.warning >= 100 ? 'error' : 'warning'} data-testid="budget-warning" data-warning={figures.warning}>
          {figures.warning >= 100
            ? `Over budget: ${used ?? 100} % of the budget is spent.`
            : `${used ?? 80} % of the budget is spent: past the ${figures.warning} % mark.`}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        }}
      >
        {cells.map((cell) => (
          <Box key={cell.testId} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {cell.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 800,
                fontSize: '1.15rem',
                overflowWrap: 'anywhere',
                color: cell.tone === 'bad' ? 'error.main' : cell.tone === 'good' ? 'success.dark' : 'text.primary',
              }}
              data-testid={cell.testId}
            >
              {cell.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {used !== null && (
        <Box>
          <Typography variant="body2" color="text.secondary" id="budget-used-label">
            Budget used: {used} %
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, used)}
            color={used >= 100 ? 'error' : used >= 80 ? 'warning' : 'primary'}
            aria-labelledby="budget-used-label"
            sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
          />
        </Box>
      )}
      {figures.unpriced_minutes > 0 && (
        <Typography variant="body2" color="warning.dark">
          {describeDuration(figures.unpriced_minutes)} of time is by people with no cost rate yet: it counts as nothing in the cost.
        </Typography>
      )}
      {figures.other_currencies.map((other) => (
        <Typography key={other.currency} variant="body2" color="text.secondary">
          Also in {other.currency}: cost {formatMoney(other.cost, other.currency)}, expenses {formatMoney(other.expenses, other.currency)}, invoiced{' '}
          {formatMoney(other.invoiced, other.currency)} (not converted).
        </Typography>
      ))}
    </>
  );
}

function Burn({ projectId }: { projectId: string }) {
  const [interval, setBurnInterval] = useState<BurnInterval>('week');
  const query = useBurn(projectId, interval);
  return (
    <Box component="section" aria-label="Burn chart">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          Burn chart
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_event, value: BurnInterval | null) => value && setBurnInterval(value)}
          aria-label="By"
        >
          <ToggleButton value="week">By week</ToggleButton>
          <ToggleButton value="month">By month</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {query.isPending ? (
        <ListLoading label="Loading the chart..." />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.points.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No time, expenses or invoices yet.
        </Typography>
      ) : (
        <BurnChart burn={query.data} />
      )}
    </Box>
  );
}

function RateForm({ projectId }: { projectId: string }) {
  const rates = useProjectRates(projectId);
  const save = useSetProjectRates();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!rates.data) return null;
  const { currency } = rates.data;
  const decimals = currencyDecimals(currency) ?? 2;
  const current = rates.data.hourly_rate === null ? '' : (rates.data.hourly_rate / 10 ** decimals).toFixed(decimals);
  const value = text ?? current;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minor = value.trim() === '' ? null : toMinorUnits(value, currency);
    if (value.trim() !== '' && minor === null) return setError(`Give an amount in ${currency}, such as 95.00`);
    setError(null);
    save.mutate(
      { projectId, hourlyRate: minor },
      {
        onSuccess: () => {
          setText(null);
          notify.success(minor === null ? 'Hourly rate removed' : `Hourly rate set to ${formatMoney(minor, currency)}`);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="form"
        onSubmit={handleSubmit}
        aria-label="Hourly rate"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={`Billed per hour (${currency})`}
          value={value}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'What an hour of this project is billed at; empty for none'}
          sx={{ flex: '0 1 320px' }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'hourly-rate' } }}
        />
        <Button type="submit" variant="outlined" loading={save.isPending} disabled={value === current} data-testid="save-hourly-rate">
          Save rate
        </Button>
      </Box>
      <TimeLogSwitch projectId={projectId} shared={rates.data.client_time_log} />
    </Box>
  );
}

/** Whether the client company's owners and billing people may read the project's approved and billed time. */
function TimeLogSwitch({ projectId, shared }: { projectId: string; shared: boolean }) {
  const share = useShareTimeLog();
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={shared}
            disabled={share.isPending}
            onChange={(event) =>
              share.mutate(
                { projectId, shared: event.target.checked },
                {
                  onSuccess: (rates) =>
                    notify.success(rates.client_time_log ? 'The client can now read the time log' : 'The time log is the agency’s own again'),
                  onError: (error) => notify.error(errorMessage(error)),
                },
              )
            }
            slotProps={{ input: { 'aria-describedby': 'time-log-hint' } }}
            data-testid="share-time-log"
          />
        }
        label="Share the time log with the client"
        sx={{ ml: 0 }}
      />
      <Typography id="time-log-hint" variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        Its owners and billing people then see the approved hours by day, person and card on the project; never a cost or a rate.
      </Typography>
    </>
  );
}
