import { CONTRACT_KINDS, type ContractKind, type ContractTemplate } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http';
import { useCreateContractTemplate } from '../api/create-contract-template';
import { useDeleteContractTemplate } from '../api/delete-contract-template';
import { useTemplatePreview } from '../api/preview-contract-template';
import { useUpdateContractTemplate } from '../api/update-contract-template';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useContractsT } from '../i18n';
import { ContractDocument } from './contract-document';

const PREVIEW_DEBOUNCE_MS = 300;

type TemplateEditorProps = {
  /** The template to edit, or null for a new one. */
  template: ContractTemplate | null;
  onSaved: (template: ContractTemplate) => void;
  onDeleted: () => void;
};

/** Title and Markdown body on one side, the rendered contract with sample values on the other, as you type. */
export function TemplateEditor({ template, onSaved, onDeleted }: TemplateEditorProps) {
  const { t } = useContractsT();
  const [kind, setKind] = useState<ContractKind>(template?.kind ?? 'client');
  const [title, setTitle] = useState(template?.title ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [isDeleting, setIsDeleting] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const create = useCreateContractTemplate();
  const update = useUpdateContractTemplate();
  const remove = useDeleteContractTemplate();
  const previewInput = useDebouncedValue({ kind, title, body }, PREVIEW_DEBOUNCE_MS);
  const preview = useTemplatePreview(previewInput);
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const unknown = preview.data?.unknown_variables ?? [];

  function insertVariable(name: string) {
    const el = bodyRef.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function handleSave() {
    const done = (data: { template: ContractTemplate }) => {
      notify.success(t('templates.saved'));
      onSaved(data.template);
    };
    if (template) update.mutate({ id: template.id, input: { title, body } }, { onSuccess: done });
    else create.mutate({ kind, title, body }, { onSuccess: done });
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }} data-testid="template-editor">
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('templates.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as ContractKind)}
            disabled={Boolean(template) || saving}
            sx={{ minWidth: 180 }}
          >
            {CONTRACT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`kind.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('templates.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            fullWidth
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: 160, 'data-testid': 'template-title' } }}
          />
        </Stack>
        <TextField
          label={t('templates.body')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={14}
          maxRows={30}
          required
          disabled={saving}
          inputRef={bodyRef}
          error={unknown.length > 0}
          helperText={unknown.length > 0 ? t('templates.unknown', { names: unknown.map((n) => `{{${n}}}`).join(', ') }) : t('templates.markdownHint')}
          slotProps={{ htmlInput: { 'data-testid': 'template-body', style: { fontFamily: 'monospace', fontSize: 14 } } }}
        />
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('templates.insertVariable')}
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(preview.data?.variables ?? []).map((v) => (
              // The chip's name is the variable it shows (what a voice user says); what it stands for is its description.
              <Tooltip key={v.name} title={v.description} describeChild>
                <Chip
                  size="small"
                  variant="outlined"
                  label={`{{${v.name}}}`}
                  onClick={() => insertVariable(v.name)}
                  disabled={saving}
                  sx={{ fontFamily: 'monospace' }}
                />
              </Tooltip>
            ))}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={handleSave} loading={saving} disabled={unknown.length > 0} data-testid="template-save">
            {template ? t('templates.saveChanges') : t('templates.create')}
          </Button>
          {template && !template.is_default && (
            <Button
              onClick={() => update.mutate({ id: template.id, input: { is_default: true } }, { onSuccess: (data) => onSaved(data.template) })}
              disabled={saving}
            >
              {t('templates.makeDefault')}
            </Button>
          )}
          {template && !template.is_default && (
            <Button color="error" onClick={() => setIsDeleting(true)} disabled={saving}>
              {t('templates.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }} aria-live="polite">
        <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
          {preview.isFetching ? t('templates.previewUpdating') : t('templates.preview')}
        </Typography>
        {preview.isError ? (
          <Alert severity="error">{errorMessage(preview.error)}</Alert>
        ) : (
          <Box data-testid="template-preview">
            <ContractDocument html={preview.data?.html ?? ''} />
          </Box>
        )}
      </Box>
      {template && (
        <ConfirmDialog
          open={isDeleting}
          title={t('templates.deleteTitle')}
          confirmLabel={t('templates.delete')}
          isPending={remove.isPending}
          onClose={() => setIsDeleting(false)}
          onConfirm={() =>
            remove.mutate(template.id, {
              onSuccess: () => {
                setIsDeleting(false);
                notify.success(t('templates.deleted'));
                onDeleted();
              },
              onError: (err) => notify.error(errorMessage(err)),
            })
          }
        >
          {t('templates.deleteText', { title: template.title })}
        </ConfirmDialog>
      )}
    </Box>
  );
}
