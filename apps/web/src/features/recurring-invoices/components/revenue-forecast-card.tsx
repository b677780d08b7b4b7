import { formatDayMonth, shiftDay, type Currency } from '@agency/schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { BarChart } from '../../../components/charts';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatMoney, formatMoneyCompact } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useRevenueForecast } from '../api/recurring-invoices';

/**
 * The super admin's money ahead: monthly recurring revenue per currency, and a small chart of what is expected each
 * day of the next 30 (recurring invoices, dated payment stages, open invoices falling due), in the main currency.
 */
export function RevenueForecastCard({ today }: { today: string }) {
  const forecast = useRevenueForecast();
  const data = forecast.data;
  const currencies = data ? [...new Set([...data.mrr.map((m) => m.currency), ...data.next_30_days.map((d) => d.currency)])] : [];
  const currency: Currency | undefined = currencies[0];
  const days = Array.from({ length: 30 }, (_, i) => shiftDay(today, i));
  const values = days.map((day) => data?.next_30_days.find((d) => d.date === day && d.currency === currency)?.amount ?? 0);
  const expected = values.reduce((a, b) => a + b, 0);
  return (
    <SectionCard title="Money ahead" subtitle="Monthly recurring revenue and what is expected in the next 30 days" data-testid="revenue-forecast">
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {forecast.isPending ? (
          <ListLoading label="Loading the forecast..." />
        ) : forecast.isError ? (
          <ListError message={errorMessage(forecast.error)} onRetry={() => void forecast.refetch()} />
        ) : !currency ? (
          <Typography color="text.secondary">No recurring invoices or expected payments yet.</Typography>
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
              <Box>
                <Typography variant="overline" color="text.secondary">
                  Monthly recurring revenue
                </Typography>
                {data!.mrr.length === 0 ? (
                  <Typography>None</Typography>
                ) : (
                  data!.mrr.map((m) => (
                    <Typography key={m.currency} variant="h5" component="p" data-testid={`mrr-${m.currency}`}>
                      {formatMoney(m.amount, m.currency)}
                    </Typography>
                  ))
                )}
              </Box>
              <Box>
                <Typography variant="overline" color="text.secondary">
                  Expected in 30 days ({currency})
                </Typography>
                <Typography variant="h5" component="p" data-testid="expected-30-days">
                  {formatMoney(expected, currency)}
                </Typography>
              </Box>
            </Stack>
            <BarChart
              height={180}
              categories={days.map((d) => formatDayMonth(d))}
              values={values}
              axisWidth={56}
              tickFormat={(minor) => formatMoneyCompact(minor, currency)}
              valueFormat={(minor) => formatMoney(minor, currency)}
              margin={{ left: 4, right: 8 }}
              label={currency}
            />
            <Box component="table" sx={visuallyHidden}>
              <caption>Expected income by day in {currency}</caption>
              <tbody>
                {days.map((d, i) =>
                  values[i] ? (
                    <tr key={d}>
                      <th scope="row">{formatDayMonth(d)}</th>
                      <td>{formatMoney(values[i], currency)}</td>
                    </tr>
                  ) : null,
                )}
              </tbody>
            </Box>
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}
