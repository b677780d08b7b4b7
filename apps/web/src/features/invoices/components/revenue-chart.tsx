import type { Currency, InvoiceSummary } from '@agency/schema';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useState } from 'react';
import { BarChart } from '../../../components/charts';
import { formatMoney, formatMoneyCompact, formatMonth } from '../../../lib/format';
import { useInvoicesT } from '../i18n';

/**
 * Money received less refunds, by month, one currency at a time: amounts in different currencies
 * are never drawn on one scale. The figures are also in a table for screen readers.
 */
export function RevenueChart({ revenue }: { revenue: InvoiceSummary['revenue_by_month'] }) {
  const { t } = useInvoicesT();
  const currencies = [...new Set(revenue.map((r) => r.currency))];
  const withMoney = currencies.filter((c) => revenue.some((r) => r.currency === c && r.amount !== 0));
  const [chosen, setChosen] = useState<Currency | null>(null);
  const currency = chosen ?? withMoney[0] ?? currencies[0];
  if (!currency) return <Typography color="text.secondary">{t('revenue.none')}</Typography>;

  const rows = revenue.filter((r) => r.currency === currency);
  return (
    <Box data-testid="revenue-chart" data-currency={currency} sx={{ position: 'relative' }}>
      {currencies.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={currency}
          onChange={(_event, value: Currency | null) => value && setChosen(value)}
          aria-label={t('revenue.currency')}
          sx={{ mb: 1 }}
        >
          {currencies.map((c) => (
            <ToggleButton key={c} value={c}>
              {c}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <BarChart
        height={280}
        categories={rows.map((r) => formatMonth(r.month))}
        // Drawn in minor units, as the API sends them: only the labels know about decimals.
        values={rows.map((r) => r.amount)}
        axisWidth={64}
        tickFormat={(minor) => formatMoneyCompact(minor, currency)}
        valueFormat={(minor) => formatMoney(minor, currency)}
        margin={{ left: 4, right: 8 }}
        label={currency}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('revenue.caption', { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('revenue.month')}</th>
            <th scope="col">{t('revenue.received')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.month}>
              <th scope="row">{formatMonth(r.month)}</th>
              <td>{formatMoney(r.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
