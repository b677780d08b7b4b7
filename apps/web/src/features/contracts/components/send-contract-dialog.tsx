import { CONTRACT_DEFAULT_EXPIRY_DAYS, type ContractListItem } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useSendContract } from '../api/send-contract';
import { useContractsT } from '../i18n';
import { DateInput } from '../../../components/date-input';

function isoDay(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** Send a draft for signature, with an optional last day to sign (the end of that day, UTC). */
export function SendContractDialog({ contract, onClose, onDone }: { contract: ContractListItem; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const { t } = useContractsT();
  const { t: common } = useCommonT();
  const send = useSendContract();
  const [hasExpiry, setHasExpiry] = useState(true);
  // Today as the dialog opened: the default last day and the earliest one allowed.
  const [openedAt] = useState(() => Date.now());
  const [day, setDay] = useState(() => isoDay(new Date(openedAt + CONTRACT_DEFAULT_EXPIRY_DAYS * 86_400_000)));
  const tomorrow = isoDay(new Date(openedAt + 86_400_000));
  const isDayValid = !hasExpiry || (/^\d{4}-\d{2}-\d{2}$/.test(day) && day >= tomorrow);

  function handleSend() {
    if (!isDayValid) return;
    send.mutate({ id: contract.id, input: hasExpiry ? { expires_at: `${day}T23:59:59Z` } : {} }, { onSuccess: onDone });
  }

  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="send-dialog">
      <DialogTitle id={titleId}>{t('sendDialog.title', { title: contract.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <DialogContentText>{t('sendDialog.text', { name: contract.signer.name })}</DialogContentText>
          {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
          <FormControlLabel
            control={<Checkbox checked={hasExpiry} onChange={(event) => setHasExpiry(event.target.checked)} disabled={send.isPending} />}
            label={t('sendDialog.hasExpiry')}
          />
          {hasExpiry && (
            <DateInput
              label={t('sendDialog.lastDay')}
              value={day}
              onChange={setDay}
              min={tomorrow}
              error={!isDayValid}
              helperText={isDayValid ? t('sendDialog.lastDayHelp') : t('sendDialog.dayAfterToday')}
              disabled={send.isPending}
              name="expires"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={send.isPending}>
          {common('shared.cancel')}
        </Button>
        <Button variant="contained" onClick={handleSend} loading={send.isPending} disabled={!isDayValid} data-testid="send-confirm">
          {t('sendDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
