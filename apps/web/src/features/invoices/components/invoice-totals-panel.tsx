import type { InvoiceTotalsRow } from '@agency/schema';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useInvoiceSummary } from '../api/get-invoice-summary';

const FIGURES: { key: keyof Pick<InvoiceTotalsRow, 'invoiced' | 'paid' | 'outstanding' | 'overdue'>; label: string }[] = [
  { key: 'invoiced', label: 'Invoiced' },
  { key: 'paid', label: 'Paid' },
  { key: 'outstanding', label: 'Outstanding' },
  { key: 'overdue', label: 'Overdue' },
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
  const summary = useInvoiceSummary();
  if (summary.isPending) return <ListLoading label="Loading totals..." />;
  if (summary.isError) return <ListError message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} />;
  const rows = summary.data.totals.length
    ? summary.data.totals
    : [{ currency: 'GBP' as const, invoiced: 0, paid: 0, outstanding: 0, overdue: 0, count: 0, overdue_count: 0 }];
  const figures = compact ? FIGURES.filter((f) => f.key === 'outstanding' || f.key === 'overdue') : FIGURES;
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
            {figures.map((f) => (
              <Figure
                key={f.key}
                label={f.key === 'overdue' && row.overdue_count ? `Overdue (${row.overdue_count})` : f.label}
                value={formatMoney(row[f.key], row.currency)}
                tone={f.key === 'overdue' && row.overdue > 0 ? 'error' : undefined}
                testId={`total-${f.key}`}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
