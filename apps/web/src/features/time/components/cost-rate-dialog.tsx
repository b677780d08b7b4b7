import { CURRENCIES, type Currency } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { DateInput, INCOMPLETE_DATE } from '../../../components/date-input';
import { ListError, ListLoading } from '../../../components/list-states';
import { currencyDecimals, formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useSetUserRates, useUserRates } from '../api/user-rates';
import { useTimeT } from '../i18n';

export type CostRateDialogProps = {
  person: { id: string; name: string };
  open: boolean;
  onClose: () => void;
};

/**
 * What an hour of a team lead or member costs the agency: the cost side of every project's profitability. Set by
 * staff from the Employees screen; optionally re-costs the person's time from a day on.
 */
export function CostRateDialog({ person, open, onClose }: CostRateDialogProps) {
  const { t } = useTimeT();
  const titleId = useId();
  const rates = useUserRates(person.id);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="cost-rate-dialog">
      <DialogTitle id={titleId}>{t('costRate.of', { name: person.name })}</DialogTitle>
      {rates.isPending ? (
        <ListLoading label={t('costRate.loading')} />
      ) : rates.isError ? (
        <ListError message={errorMessage(rates.error)} onRetry={() => void rates.refetch()} />
      ) : (
        <CostRateForm
          key={rates.data.updated_at ?? 'none'}
          person={person}
          costRate={rates.data.cost_rate}
          currency={rates.data.currency}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CostRateForm({
  person,
  costRate,
  currency: savedCurrency,
  onClose,
}: {
  person: CostRateDialogProps['person'];
  costRate: number | null;
  currency: Currency;
  onClose: () => void;
}) {
  const { t } = useTimeT();
  const save = useSetUserRates();
  const [currency, setCurrency] = useState<Currency>(savedCurrency);
  const decimals = currencyDecimals(savedCurrency) ?? 2;
  const [amount, setAmount] = useState(costRate === null ? '' : (costRate / 10 ** decimals).toFixed(decimals));
  const [applyFrom, setApplyFrom] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minor = amount.trim() === '' ? null : toMinorUnits(amount, currency);
    if (amount.trim() !== '' && minor === null) return setError(t('costRate.amountWrong', { currency }));
    if (applyFrom === INCOMPLETE_DATE) return setError(t('costRate.wholeDate'));
    setError(null);
    save.mutate(
      { userId: person.id, cost_rate: minor, currency, ...(applyFrom ? { apply_from: applyFrom } : {}) },
      {
        onSuccess: (rates) => {
          notify.success(
            rates.cost_rate === null
              ? t('costRate.removed', { name: person.name })
              : t('costRate.set', { name: person.name, rate: formatMoney(rates.cost_rate, rates.currency) }),
          );
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('costRate.of', { name: person.name })} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('costRate.intro')}
          </Typography>
          {error && (
            <Alert severity="error" data-testid="cost-rate-error">
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('costRate.perHour')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              helperText={t('costRate.emptyForNone')}
              autoFocus
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cost-rate-amount' } }}
            />
            <TextField
              select
              label={t('costRate.currency')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
              sx={{ width: { xs: '100%', sm: 120 }, flexShrink: 0 }}
              slotProps={{ htmlInput: { 'data-testid': 'cost-rate-currency' } }}
            >
              {CURRENCIES.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <DateInput label={t('costRate.recostFrom')} value={applyFrom} onChange={setApplyFrom} helperText={t('costRate.recostHelp')} fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('costRate.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="save-cost-rate">
          {t('costRate.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
