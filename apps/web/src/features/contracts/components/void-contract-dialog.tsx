import { voidContractInput, type ContractListItem } from '@agency/schema';
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
import { useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useVoidContract } from '../api/void-contract';
import { useContractsT } from '../i18n';

type FormInput = z.input<typeof voidContractInput>;
type FormOutput = z.output<typeof voidContractInput>;

/** Void with a reason, behind this confirmation; the signer of a sent contract is told why. */
export function VoidContractDialog({ contract, onClose, onDone }: { contract: ContractListItem; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const { t } = useContractsT();
  const { t: common } = useCommonT();
  const voidContract = useVoidContract();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(voidContractInput),
    defaultValues: { reason: '' },
  });

  return (
    <Dialog open onClose={voidContract.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="void-dialog">
      <form noValidate onSubmit={handleSubmit((values) => voidContract.mutate({ id: contract.id, input: values }, { onSuccess: onDone }))}>
        <DialogTitle id={titleId}>{t('voidDialog.title', { title: contract.title })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <DialogContentText>
              {contract.status === 'sent' ? t('voidDialog.sentText', { name: contract.signer.name }) : t('voidDialog.draftText')}
            </DialogContentText>
            {voidContract.isError && <Alert severity="error">{errorMessage(voidContract.error)}</Alert>}
            <FormTextField
              control={control}
              name="reason"
              label={t('voidDialog.reason')}
              required
              multiline
              minRows={2}
              autoFocus
              disabled={voidContract.isPending}
              slotProps={{ htmlInput: { 'data-testid': 'void-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={voidContract.isPending}>
            {common('shared.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={voidContract.isPending} data-testid="void-confirm">
            {t('voidDialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
