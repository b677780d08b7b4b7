import { CURRENCY_DECIMALS, type InvoiceSummary } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '../../../lib/format';

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** Money received less refunds, by month, one bar series per currency (MUI X Charts). */
export function RevenueChart({ revenue }: { revenue: InvoiceSummary['revenue_by_month'] }) {
  const months = [...new Set(revenue.map((r) => r.month))];
  const currencies = [...new Set(revenue.map((r) => r.currency))];
  if (currencies.length === 0) {
    return <Typography color="text.secondary">No payments in the last twelve months.</Typography>;
  }
  const series = currencies.map((currency) => ({
    label: currency,
    // Bars are drawn in major units; labels show the exact amount from minor units.
    data: months.map((month) => (revenue.find((r) => r.month === month && r.currency === currency)?.amount ?? 0) / 10 ** CURRENCY_DECIMALS[currency]),
    valueFormatter: (value: number | null) => formatMoney(Math.round((value ?? 0) * 10 ** CURRENCY_DECIMALS[currency]), currency),
  }));
  const table = months.map((month) => ({ month, label: monthLabel.format(new Date(`${month}-01T00:00:00Z`)) }));
  return (
    <Box data-testid="revenue-chart" sx={{ position: 'relative' }}>
      <BarChart
        height={300}
        xAxis={[{ scaleType: 'band', data: table.map((m) => m.label) }]}
        yAxis={[{ width: 70 }]}
        series={series}
        margin={{ left: 8, right: 8 }}
        hideLegend={currencies.length < 2}
        aria-label="Revenue by month"
      />
      {/* The same figures as a table for screen readers and keyboard users. */}
      <Box
        component="table"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          p: 0,
          m: '-1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          border: 0,
        }}
      >
        <caption>Revenue by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {currencies.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.label}</th>
              {currencies.map((c) => (
                <td key={c}>{formatMoney(revenue.find((r) => r.month === m.month && r.currency === c)?.amount ?? 0, c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
