import type { Profitability } from '@agency/schema';
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
import { describeDuration, useTimeT } from '../i18n';

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
  const { t } = useTimeT();
  const query = useProfitability(projectId);
  return (
    <SectionCard title={t('profitability.title')} subtitle={t('profitability.subtitle')} data-testid="project-profitability">
      <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {query.isPending ? (
          <ListLoading label={t('profitability.loading')} />
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
  const { t } = useTimeT();
  const { currency } = figures;
  const money = (minor: number | null) => formatMoney(minor, currency);
  const used = figures.budget_used_percent;
  const cells: { label: string; value: string; testId: string; tone?: 'good' | 'bad' }[] = [
    {
      label: t('profitability.budget'),
      value: figures.budget === null ? t('profitability.noBudget') : money(figures.budget),
      testId: 'figure-budget',
    },
    { label: t('profitability.timeAtCost', { duration: describeDuration(figures.minutes) }), value: money(figures.cost), testId: 'figure-cost' },
    { label: t('profitability.expenses'), value: money(figures.expenses), testId: 'figure-expenses' },
    { label: t('profitability.invoiced'), value: money(figures.invoiced), testId: 'figure-invoiced' },
    { label: t('profitability.paid'), value: money(figures.paid), testId: 'figure-paid' },
    { label: t('profitability.margin'), value: money(figures.margin), testId: 'figure-margin', tone: figures.margin < 0 ? 'bad' : 'good' },
  ];
  return (
    <>
      {figures.warning !== null && (
        <Alert severity={figures.warning >= 100 ? 'error' : 'warning'} data-testid="budget-warning" data-warning={figures.warning}>
          {figures.warning >= 100
            ? t('profitability.overBudget', { percent: used ?? 100 })
            : t('profitability.pastMark', { percent: used ?? 80, mark: figures.warning })}
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
            {t('profitability.budgetUsed', { percent: used })}
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
          {t('profitability.unpriced', { duration: describeDuration(figures.unpriced_minutes) })}
        </Typography>
      )}
      {figures.other_currencies.map((other) => (
        <Typography key={other.currency} variant="body2" color="text.secondary">
          {t('profitability.otherCurrency', {
            currency: other.currency,
            cost: formatMoney(other.cost, other.currency),
            expenses: formatMoney(other.expenses, other.currency),
            invoiced: formatMoney(other.invoiced, other.currency),
          })}
        </Typography>
      ))}
    </>
  );
}

function Burn({ projectId }: { projectId: string }) {
  const { t } = useTimeT();
  const [interval, setBurnInterval] = useState<BurnInterval>('week');
  const query = useBurn(projectId, interval);
  return (
    <Box component="section" aria-label={t('profitability.burnChart')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {t('profitability.burnChart')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_event, value: BurnInterval | null) => value && setBurnInterval(value)}
          aria-label={t('profitability.by')}
        >
          <ToggleButton value="week">{t('profitability.byWeek')}</ToggleButton>
          <ToggleButton value="month">{t('profitability.byMonth')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {query.isPending ? (
        <ListLoading label={t('profitability.loadingChart')} />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.points.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('profitability.noBurn')}
        </Typography>
      ) : (
        <BurnChart burn={query.data} />
      )}
    </Box>
  );
}

function RateForm({ projectId }: { projectId: string }) {
  const { t } = useTimeT();
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
    if (value.trim() !== '' && minor === null) return setError(t('profitability.rateWrong', { currency }));
    setError(null);
    save.mutate(
      { projectId, hourlyRate: minor },
      {
        onSuccess: () => {
          setText(null);
          notify.success(minor === null ? t('profitability.rateRemoved') : t('profitability.rateSet', { rate: formatMoney(minor, currency) }));
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
        aria-label={t('profitability.hourlyRate')}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('profitability.billedPerHour', { currency })}
          value={value}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('profitability.rateHelp')}
          sx={{ flex: '0 1 320px' }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'hourly-rate' } }}
        />
        <Button type="submit" variant="outlined" loading={save.isPending} disabled={value === current} data-testid="save-hourly-rate">
          {t('profitability.saveRate')}
        </Button>
      </Box>
      <TimeLogSwitch projectId={projectId} shared={rates.data.client_time_log} />
    </Box>
  );
}

/** Whether the client company's owners and billing people may read the project's approved and billed time. */
function TimeLogSwitch({ projectId, shared }: { projectId: string; shared: boolean }) {
  const { t } = useTimeT();
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
                  onSuccess: (rates) => notify.success(rates.client_time_log ? t('profitability.logShared') : t('profitability.logOwn')),
                  onError: (error) => notify.error(errorMessage(error)),
                },
              )
            }
            slotProps={{ input: { 'aria-describedby': 'time-log-hint' } }}
            data-testid="share-time-log"
          />
        }
        label={t('profitability.shareLog')}
        sx={{ ml: 0 }}
      />
      <Typography id="time-log-hint" variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t('profitability.shareHint')}
      </Typography>
    </>
  );
}
