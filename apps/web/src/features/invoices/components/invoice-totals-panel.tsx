import type { InvoiceTotalsRow } from '@agency/schema';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useInvoicesT } from '../i18n';
import { useInvoiceSummary } from '../api/get-invoice-summary';

const FIGURES: readonly (keyof Pick<InvoiceTotalsRow, 'invoiced' | 'paid' | 'outstanding' | 'overdue'>)[] = [
  'invoiced',
  'paid',
  'outstanding',
  'overdue',
];

function Figure({ label, value, tone, testId }: { label: string; value: string; tone?: 'error' | 'warning'; testId: string }) {
  return (
    <Card sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6, whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        color={tone ? `${tone}.main` : 'text.primary'}
        sx={{
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          fontSize: { xs: '1.05rem', sm: '1.5rem' },
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {value}
      </Typography>
    </Card>
  );
}

/**
 * Money across invoices, one row per currency (amounts in different currencies are never added up). `compact`
 * shows outstanding and overdue only (the dashboards).
 */
export function InvoiceTotalsPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useInvoicesT();
  const summary = useInvoiceSummary();
  if (summary.isPending) return <ListLoading label={t('totals.loading')} />;
  if (summary.isError) return <ListError message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />;
  const rows = summary.data.totals.length
    ? summary.data.totals
    : [{ currency: 'GBP' as const, invoiced: 0, paid: 0, outstanding: 0, overdue: 0, count: 0, overdue_count: 0 }];
  const figures = compact ? FIGURES.filter((key) => key === 'outstanding' || key === 'overdue') : FIGURES;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="invoice-totals">
      {rows.map((row) => (
        <Box key={row.currency} data-currency={row.currency}>
          {rows.length > 1 && (
            <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
              {row.currency}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${figures.length}, 1fr)` } }}>
            {figures.map((key) => (
              <Figure
                key={key}
                label={key === 'overdue' && row.overdue_count ? t('totals.overdueWithNumber', { number: row.overdue_count }) : t(`totals.${key}`)}
                value={formatMoney(row[key], row.currency)}
                tone={key === 'overdue' && row.overdue > 0 ? 'error' : undefined}
                testId={`total-${key}`}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
