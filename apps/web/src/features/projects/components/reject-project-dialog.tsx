import { rejectProjectInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/http';
import { useRejectProject } from '../api/reject-project';
import { useProjectsT } from '../i18n';

type FormInput = z.input<typeof rejectProjectInput>;
type FormOutput = z.output<typeof rejectProjectInput>;

type RejectProjectDialogProps = {
  open: boolean;
  project: { id: string; title: string; client: { name: string } };
  onClose: () => void;
  onRejected: () => void;
};

export function RejectProjectDialog({ open, project, onClose, onRejected }: RejectProjectDialogProps) {
  const { t } = useProjectsT();
  const titleId = useId();
  const reject = useRejectProject();
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(rejectProjectInput),
    defaultValues: { reason: '' },
  });

  // Once closed (and faded out), the form and any error are cleared, so the next opening starts fresh.
  function handleExited() {
    reset();
    reject.reset();
  }

  function handleValidSubmit(values: FormOutput) {
    reject.mutate({ id: project.id, input: values }, { onSuccess: onRejected });
  }

  return (
    <Dialog
      open={open}
      onClose={reject.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: handleExited } }}
      data-testid="reject-dialog"
    >
      <form noValidate onSubmit={handleSubmit(handleValidSubmit)}>
        <DialogTitle id={titleId}>{t('reject.title', { title: project.title })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <DialogContentText>{t('reject.text', { client: project.client.name })}</DialogContentText>
            {reject.isError && <Alert severity="error">{errorMessage(reject.error)}</Alert>}
            <FormTextField
              control={control}
              name="reason"
              label={t('reject.reason')}
              required
              multiline
              minRows={3}
              autoFocus
              disabled={reject.isPending}
              slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={reject.isPending}>
            {t('reject.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={reject.isPending} data-testid="reject-confirm">
            {t('reject.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
