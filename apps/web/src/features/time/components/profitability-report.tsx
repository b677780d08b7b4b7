import { formatMonth, type Currency, type ProfitabilityGroup, type ProfitabilityReportQuery, type ProfitabilityRow } from '@agency/schema';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarChart } from '../../../components/charts';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { formatMoney, formatMoneyCompact } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useExportProfitabilityReport } from '../api/export-profitability-report';
import { useProfitabilityReport } from '../api/get-profitability-report';
import { describeDuration, useTimeT } from '../i18n';

const GROUPS: readonly ProfitabilityGroup[] = ['project', 'client', 'month'];
const GROUP_KEYS = { project: 'report.byProject', client: 'report.byClient', month: 'report.byMonth' } as const;
const GROUP_LOWER_KEYS = { project: 'report.byProjectLower', client: 'report.byClientLower', month: 'report.byMonthLower' } as const;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type ReportProps = {
  /** Where a project's row leads (its page with the project's own figures). */
  projectPath: (projectId: string) => string;
};

/**
 * The agency's profitability by project, client or month: time at cost, expenses, invoiced, paid and margin, per
 * currency (never converted), with the margin drawn per row and the whole report saved as CSV.
 */
export function ProfitabilityReport({ projectPath }: ReportProps) {
  const { t } = useTimeT();
  const [groupBy, setGroupBy] = useState<ProfitabilityGroup>('project');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: ProfitabilityReportQuery = {
    group_by: groupBy,
    from: MONTH.test(from) ? from : undefined,
    to: MONTH.test(to) ? to : undefined,
  };
  const isRangeWrong = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = useProfitabilityReport(isRangeWrong ? { group_by: groupBy } : filters);
  const exportCsv = useExportProfitabilityReport();
  const rows = query.data?.rows ?? [];
  const currencies = [...new Set(rows.map((r) => r.currency))];
  const [chosen, setChosen] = useState<Currency | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];

  const columns: DataColumn<ProfitabilityRow>[] = [
    {
      id: 'label',
      header: t(`report.${groupBy}`),
      card: 'title',
      minWidth: 180,
      cell: (row) =>
        groupBy === 'project' ? <TextLink to={projectPath(row.key)}>{row.label}</TextLink> : groupBy === 'month' ? formatMonth(row.key) : row.label,
    },
    {
      id: 'hours',
      header: t('report.time'),
      align: 'right',
      priority: 3,
      minWidth: 100,
      cellSx: { whiteSpace: 'nowrap' },
      cell: (row) => describeDuration(row.minutes),
    },
    { id: 'budget', header: t('report.budget'), align: 'right', priority: 4, minWidth: 110, cell: (row) => formatMoney(row.budget, row.currency) },
    { id: 'cost', header: t('report.cost'), align: 'right', isPartOfTotal: true, minWidth: 110, cell: (row) => formatMoney(row.cost, row.currency) },
    {
      id: 'expenses',
      header: t('report.expenses'),
      align: 'right',
      isPartOfTotal: true,
      minWidth: 110,
      cell: (row) => formatMoney(row.expenses, row.currency),
    },
    {
      id: 'invoiced',
      header: t('report.invoiced'),
      align: 'right',
      isPartOfTotal: true,
      minWidth: 110,
      cell: (row) => formatMoney(row.invoiced, row.currency),
    },
    { id: 'paid', header: t('report.paid'), align: 'right', priority: 2, minWidth: 110, cell: (row) => formatMoney(row.paid, row.currency) },
    {
      id: 'margin',
      header: t('report.margin'),
      align: 'right',
      minWidth: 110,
      cell: (row) => (
        <Box component="span" sx={{ fontWeight: 700, color: row.margin < 0 ? 'error.main' : 'success.dark' }} data-testid="row-margin">
          {formatMoney(row.margin, row.currency)}
        </Box>
      ),
    },
  ];
  const visibleColumns = groupBy === 'project' ? columns : columns.filter((c) => c.id !== 'budget');
  const chartRows = rows.filter((r) => r.currency === currency).slice(0, 20);

  const handleExport = () =>
    exportCsv.mutate(isRangeWrong ? { group_by: groupBy } : filters, { onError: (error) => notify.error(errorMessage(error)) });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={groupBy}
          onChange={(_event, value: ProfitabilityGroup | null) => value && setGroupBy(value)}
          aria-label={t('report.group')}
          sx={{ flexWrap: 'wrap' }}
        >
          {GROUPS.map((g) => (
            <ToggleButton key={g} value={g} data-testid={`group-${g}`}>
              {t(GROUP_KEYS[g])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="month"
          label={t('report.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          type="month"
          label={t('report.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={isRangeWrong}
          helperText={isRangeWrong ? t('report.rangeWrong') : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={handleExport}
          loading={exportCsv.isPending}
          data-testid="export-profitability"
        >
          {t('report.export')}
        </Button>
      </Box>

      {query.data && query.data.totals.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(260px, 1fr))' } }}>
          {query.data.totals.map((total) => (
            <Card
              key={total.currency}
              component="section"
              aria-label={t('report.totalsIn', { currency: total.currency })}
              sx={{ p: 2.5 }}
              data-testid="report-total"
              data-currency={total.currency}
            >
              <Typography variant="body2" color="text.secondary">
                {t('report.marginIn', { currency: total.currency, duration: describeDuration(total.minutes) })}
              </Typography>
              <Typography
                sx={{ fontWeight: 800, fontSize: '1.6rem', color: total.margin < 0 ? 'error.main' : 'success.dark' }}
                data-testid="report-total-margin"
              >
                {formatMoney(total.margin, total.currency)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('report.totalsLine', {
                  invoiced: formatMoney(total.invoiced, total.currency),
                  cost: formatMoney(total.cost, total.currency),
                  expenses: formatMoney(total.expenses, total.currency),
                  paid: formatMoney(total.paid, total.currency),
                })}
              </Typography>
            </Card>
          ))}
        </Box>
      )}

      {currency && chartRows.length > 0 && (
        <SectionCard
          title={t('report.margin')}
          subtitle={`${t('report.chartSubtitle', { group: t(GROUP_KEYS[groupBy]), currency })}${rows.filter((r) => r.currency === currency).length > 20 ? t('report.firstTwenty') : ''}`}
          action={
            currencies.length > 1 ? (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={currency}
                onChange={(_event, value: Currency | null) => value && setChosen(value)}
                aria-label={t('report.currency')}
              >
                {currencies.map((c) => (
                  <ToggleButton key={c} value={c}>
                    {c}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            ) : undefined
          }
          data-testid="margin-chart"
        >
          <Box
            sx={{ p: { xs: 1, sm: 2 } }}
            role="img"
            aria-label={t('report.chartLabel', {
              group: t(GROUP_LOWER_KEYS[groupBy]),
              currency,
              list: chartRows.map((r) => `${groupBy === 'month' ? formatMonth(r.key) : r.label} ${formatMoney(r.margin, currency)}`).join('; '),
            })}
          >
            <BarChart
              height={Math.max(160, chartRows.length * 32 + 60)}
              horizontal={groupBy !== 'month'}
              categories={chartRows.map((r) =>
                groupBy === 'month' ? formatMonth(r.key) : r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label,
              )}
              values={chartRows.map((r) => r.margin)}
              label={t('report.marginCurrency', { currency })}
              axisWidth={groupBy === 'month' ? 64 : 140}
              tickFormat={(minor) => formatMoneyCompact(minor, currency)}
              valueFormat={(minor) => formatMoney(minor, currency)}
            />
          </Box>
        </SectionCard>
      )}

      <DataTable
        label={t('report.tableLabel', { group: t(GROUP_LOWER_KEYS[groupBy]) })}
        columns={visibleColumns}
        rows={rows}
        getRowId={(row) => `${row.key}:${row.currency}`}
        isLoading={query.isPending}
        loadingLabel={t('report.loading')}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        empty={<ListEmpty title={t('report.emptyTitle')}>{t('report.emptyBody')}</ListEmpty>}
        data-testid="profitability-table"
        rowTestId="profitability-row"
        getRowAttributes={(row) => ({ 'data-key': row.key, 'data-currency': row.currency })}
      />
    </Box>
  );
}
