import { CONTRACT_TEMPLATE_VARIABLES, type ContractListItem } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ListLoading } from '../../../components/list-states';
import { useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useContract } from '../api/get-contract';
import { useUpdateContract } from '../api/update-contract';
import { useContractsT } from '../i18n';

/** Edit a draft's title and Markdown text; variables stay as `{{name}}` until the contract is sent. */
export function EditContractDialog({ contract, onClose, onDone }: { contract: ContractListItem; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const { t } = useContractsT();
  const { t: common } = useCommonT();
  const full = useContract(contract.id);
  const update = useUpdateContract();
  const [title, setTitle] = useState<string | null>(null);
  const [body, setBody] = useState<string | null>(null);
  const currentTitle = title ?? full.data?.title ?? '';
  const currentBody = body ?? full.data?.body_markdown ?? '';
  const names = CONTRACT_TEMPLATE_VARIABLES.filter((v) => (v.kinds as readonly string[]).includes(contract.kind)).map((v) => `{{${v.name}}}`);

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid="edit-contract-dialog"
    >
      <DialogTitle id={titleId}>{t('editDialog.title')}</DialogTitle>
      <DialogContent>
        {full.isPending ? (
          <ListLoading label={t('loading.draft')} />
        ) : (
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
            <TextField
              label={t('editDialog.titleLabel')}
              value={currentTitle}
              onChange={(event) => setTitle(event.target.value)}
              required
              disabled={update.isPending}
            />
            <TextField
              label={t('editDialog.body')}
              value={currentBody}
              onChange={(event) => setBody(event.target.value)}
              multiline
              minRows={12}
              maxRows={24}
              disabled={update.isPending}
              slotProps={{ htmlInput: { 'data-testid': 'contract-body', style: { fontFamily: 'monospace', fontSize: 14 } } }}
            />
            <Typography variant="caption" color="text.secondary">
              {t('editDialog.variables', { names: names.join(', ') })}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {common('shared.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={update.isPending}
          disabled={full.isPending}
          onClick={() => update.mutate({ id: contract.id, input: { title: currentTitle, body_markdown: currentBody } }, { onSuccess: onDone })}
          data-testid="edit-contract-save"
        >
          {t('editDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
