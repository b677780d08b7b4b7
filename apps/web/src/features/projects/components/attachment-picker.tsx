import { MAX_ATTACHMENT_BYTES, MAX_PROJECT_ATTACHMENTS } from '@agency/schema';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { formatFileSize } from '../../../lib/format';
import { useProjectsT } from '../i18n';

type AttachmentPickerProps = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Files the project already has; they count towards the per-project limit. */
  existingCount?: number;
  disabled?: boolean;
};

const MAX_MB = MAX_ATTACHMENT_BYTES / 1024 / 1024;

/** Stages files before upload: each shown with its size, removable, refused over 10 MB or past 10 files. */
export function AttachmentPicker({ files, onChange, existingCount = 0, disabled = false }: AttachmentPickerProps) {
  const { t } = useProjectsT();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const room = MAX_PROJECT_ATTACHMENTS - existingCount - files.length;

  function handleSelect(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Reset so that picking the same file again after removing it fires a change.
    event.target.value = '';
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of picked) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        refused.push(t('picker.tooLarge', { name: file.name, max: MAX_MB }));
      } else if (accepted.length >= room) {
        refused.push(t('picker.tooMany', { name: file.name, max: MAX_PROJECT_ATTACHMENTS }));
      } else {
        accepted.push(file);
      }
    }
    setProblems(refused);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  }

  function handleRemove(index: number) {
    setProblems([]);
    onChange(files.filter((_, i) => i !== index));
  }

  return (
    <Stack spacing={1.5} data-testid="attachment-picker">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || room <= 0}
          aria-describedby={hintId}
        >
          {t('picker.attach')}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {t('picker.hint', { files: MAX_PROJECT_ATTACHMENTS, size: MAX_MB })}
        </Typography>
        <input ref={inputRef} type="file" multiple hidden onChange={handleSelect} data-testid="attachment-input" aria-label={t('picker.attach')} />
      </Box>
      {problems.length > 0 && (
        <Alert severity="warning" onClose={() => setProblems([])} data-testid="attachment-problems">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
      {files.length > 0 && (
        <Box component="ul" aria-label={t('picker.toUpload')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Chip
                icon={<AttachFileIcon />}
                label={`${file.name} · ${formatFileSize(file.size)}`}
                onDelete={disabled ? undefined : () => handleRemove(index)}
                deleteIcon={<CancelIcon aria-label={t('picker.remove', { name: file.name })} />}
                sx={{ maxWidth: '100%' }}
                data-testid="staged-file"
              />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
