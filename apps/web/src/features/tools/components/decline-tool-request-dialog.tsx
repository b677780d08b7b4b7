import type { ToolRequest } from '@agency/schema';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useToolsT } from '../i18n';

const MIN_REASON = 3;

type DeclineToolRequestDialogProps = {
  request: ToolRequest | null;
  isPending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

export function DeclineToolRequestDialog({ request, isPending, onConfirm, onClose }: DeclineToolRequestDialogProps) {
  const { t } = useToolsT();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const trimmed = reason.trim();
  const error = isTouched && trimmed.length < MIN_REASON ? t('decline.reasonRequired') : undefined;

  // Once closed (and faded out), the reason is cleared, so the next request starts with an empty one.
  function handleExited() {
    setReason('');
    setIsTouched(false);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (trimmed.length >= MIN_REASON) onConfirm(trimmed);
  }

  return (
    <Dialog
      open={request !== null}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: handleExited } }}
      data-testid="decline-dialog"
    >
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId}>{t('decline.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <Trans
              t={t}
              i18nKey="decline.body"
              values={{ client: request?.client.name ?? '', name: request?.name ?? '' }}
              components={{ strong: <strong /> }}
            />
          </DialogContentText>
          <TextField
            label={t('decline.reason')}
            required
            multiline
            minRows={3}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setIsTouched(true)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'decline-reason' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isPending}>
            {t('decline.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isPending} data-testid="decline-confirm">
            {t('decline.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
