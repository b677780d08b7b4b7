import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useCommonT } from '../i18n';

const COPIED_FEEDBACK_MS = 2000;

type CopyLinkFieldProps = { label: string; value: string; testId?: string };

/** A read-only link with a Copy button; falls back to selecting the text where the clipboard API is blocked. */
export function CopyLinkField({ label, value, testId = 'invitation-link' }: CopyLinkFieldProps) {
  const { t } = useCommonT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={label}
        value={value}
        inputRef={inputRef}
        onFocus={(event) => event.target.select()}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': testId } }}
        size="small"
      />
      <Button
        variant="outlined"
        onClick={handleCopy}
        startIcon={isCopied ? <CheckIcon /> : <ContentCopyIcon />}
        sx={{ flexShrink: 0, minWidth: 112, height: 40 }}
      >
        {isCopied ? t('shared.copied') : t('shared.copy')}
      </Button>
    </Stack>
  );
}
