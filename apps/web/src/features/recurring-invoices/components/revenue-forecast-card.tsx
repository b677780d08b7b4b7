import { formatDayMonth, shiftDay, type Currency } from '@agency/schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { BarChart } from '../../../components/charts';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useState } from 'react';
import { formatMoney, formatMoneyCompact } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useRevenueForecast } from '../api/recurring-invoices';
import { useRecurringInvoicesT } from '../i18n';

/**
 * The super admin's money ahead: monthly recurring revenue per currency, and a small chart of what is expected each
 * day of the next 30 (recurring invoices, dated payment stages, open invoices falling due): a total per currency, and
 * the chart of one currency at a time (amounts in different currencies never share an axis), picked when there are
 * several.
 */
export function RevenueForecastCard({ today }: { today: string }) {
  const { t } = useRecurringInvoicesT();
  const forecast = useRevenueForecast();
  const data = forecast.data;
  const currencies = data ? [...new Set([...data.mrr.map((m) => m.currency), ...data.next_30_days.map((d) => d.currency)])].sort() : [];
  const [picked, setPicked] = useState<Currency | null>(null);
  const currency: Currency | undefined = picked && currencies.includes(picked) ? picked : currencies[0];
  const days = Array.from({ length: 30 }, (_, i) => shiftDay(today, i));
  const valuesIn = (c: Currency) => days.map((day) => data?.next_30_days.find((d) => d.date === day && d.currency === c)?.amount ?? 0);
  const values = currency ? valuesIn(currency) : [];
  const expectedIn = (c: Currency) => valuesIn(c).reduce((a, b) => a + b, 0);
  return (
    <SectionCard title={t('forecast.title')} subtitle={t('forecast.subtitle')} data-testid="revenue-forecast">
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {forecast.isPending ? (
          <ListLoading label={t('forecast.loading')} />
        ) : forecast.isError ? (
          <ListError message={errorMessage(forecast.error)} onRetry={() => void forecast.refetch()} />
        ) : !currency ? (
          <Typography color="text.secondary">{t('forecast.empty')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
              <Box>
                <Typography variant="overline" color="text.secondary">
                  {t('forecast.mrr')}
                </Typography>
                {data!.mrr.length === 0 ? (
                  <Typography>{t('forecast.none')}</Typography>
                ) : (
                  data!.mrr.map((m) => (
                    <Typography key={m.currency} variant="h5" component="p" data-testid={`mrr-${m.currency}`}>
                      {formatMoney(m.amount, m.currency)}
                    </Typography>
                  ))
                )}
              </Box>
              <Box data-testid="expected-30-days">
                <Typography variant="overline" color="text.secondary">
                  {t('forecast.expected')}
                </Typography>
                {currencies.map((c) => (
                  <Typography key={c} variant="h5" component="p" data-testid={`expected-${c}`}>
                    {formatMoney(expectedIn(c), c)}
                  </Typography>
                ))}
              </Box>
            </Stack>
            {currencies.length > 1 && (
              <Stack direction="row" spacing={1} role="group" aria-label={t('forecast.chartCurrency')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {currencies.map((c) => (
                  <Button
                    key={c}
                    size="small"
                    variant={c === currency ? 'contained' : 'outlined'}
                    aria-pressed={c === currency}
                    onClick={() => setPicked(c)}
                    data-testid={`forecast-currency-${c}`}
                  >
                    {c}
                  </Button>
                ))}
              </Stack>
            )}
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
              <caption>{t('forecast.caption', { currency })}</caption>
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
