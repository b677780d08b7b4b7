import { COMPOSER_MAX_ROWS } from '@agency/schema';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import SendIcon from '@mui/icons-material/Send';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useMessagingT } from '../i18n';
import { canSend } from '../utils/chat';
import { formatFileSize } from '../../../lib/format';
import { mimeOf, stageFiles, unstageAt } from '../utils/staging';

type StagedFile = { key: string; file: File; size: number; previewUrl?: string };

let stagedSequence = 0;

type ChatComposerProps = {
  isSending: boolean;
  /** Resolves true once sent; text and staged files are cleared only then. */
  onSend: (text: string, files: readonly File[]) => Promise<boolean>;
  /** Where the unsent text is kept (per conversation) so that closing the dialog loses nothing. */
  draftKey?: string;
};

const DRAFT_PREFIX = 'chat-draft:';

/** The send arrow points the way text runs: mirrored right to left. */
const POINTS_FORWARD = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** A draft lives in this tab's session storage, which signing out empties. */
function readDraft(key: string | undefined): string {
  if (!key) return '';
  try {
    return sessionStorage.getItem(DRAFT_PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string | undefined, text: string) {
  if (!key) return;
  try {
    if (text) sessionStorage.setItem(DRAFT_PREFIX + key, text);
    else sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage full or refused: the draft stays in the box while the dialog is open.
  }
}

/** Attach (several files), a multiline text box and Send; Enter sends, Shift+Enter adds a line. */
export function ChatComposer({ isSending, onSend, draftKey }: ChatComposerProps) {
  const { t } = useMessagingT();
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (next: string) => {
    setTextState(next);
    writeDraft(draftKey, next);
  };
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const fileInputRef = useRef<HTMLInputElement>(null);
  // Object URLs preview images without reading whole files into memory. Each is revoked when its file leaves the
  // composer: removed, sent, or the dialog closed.
  const previewUrlsRef = useRef(new Set<string>());

  useEffect(() => {
    const previewUrls = previewUrlsRef.current;
    return () => {
      for (const url of previewUrls) URL.revokeObjectURL(url);
      previewUrls.clear();
    };
  }, []);

  function toStaged(file: File): StagedFile {
    stagedSequence += 1;
    const previewUrl = mimeOf(file).startsWith('image/') ? URL.createObjectURL(file) : undefined;
    if (previewUrl) previewUrlsRef.current.add(previewUrl);
    return { key: `staged-${stagedSequence}`, file, size: file.size, previewUrl };
  }

  function revoke(items: readonly StagedFile[]) {
    for (const { previewUrl } of items) {
      if (!previewUrl) continue;
      URL.revokeObjectURL(previewUrl);
      previewUrlsRef.current.delete(previewUrl);
    }
  }

  const isSendEnabled = canSend(text, staged.length, isSending);

  function handleFilesPicked(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const kept = stageFiles<{ file: File; size: number }>(
      staged,
      picked.map((file) => ({ file, size: file.size })),
    );
    setStaged([...staged, ...kept.slice(staged.length).map(({ file }) => toStaged(file))]);
  }

  function handleRemove(index: number) {
    revoke(staged.slice(index, index + 1));
    setStaged(unstageAt(staged, index));
  }

  async function handleSend() {
    if (!canSend(text, staged.length, isSending)) return;
    const sent = await onSend(
      text,
      staged.map((item) => item.file),
    );
    if (!sent) return;
    revoke(staged);
    setStaged([]);
    setText('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void handleSend();
  }

  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.25, pb: 0.5 }}>
      {staged.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1, maxHeight: 88, overflowY: 'auto' }} data-testid="staged-files">
          {staged.map((item, index) => (
            <Chip
              key={item.key}
              size="small"
              variant="outlined"
              data-testid="staged-file"
              avatar={
                item.previewUrl ? (
                  <Avatar src={item.previewUrl} alt="" variant="rounded" />
                ) : (
                  <Avatar variant="rounded" sx={{ bgcolor: 'transparent' }}>
                    {mimeOf(item.file).startsWith('image/') ? (
                      <ImageOutlinedIcon fontSize="small" />
                    ) : (
                      <InsertDriveFileOutlinedIcon fontSize="small" />
                    )}
                  </Avatar>
                )
              }
              label={`${item.file.name} · ${formatFileSize(item.size)}`}
              onDelete={() => handleRemove(index)}
              sx={{ maxWidth: 260 }}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <input ref={fileInputRef} type="file" multiple hidden onChange={handleFilesPicked} data-testid="chat-file-input" />
        <Tooltip title={t('composer.attachFiles')}>
          <IconButton aria-label={t('composer.attach')} onClick={() => fileInputRef.current?.click()} sx={{ mb: 0.25 }}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <TextField
          multiline
          maxRows={COMPOSER_MAX_ROWS}
          size="small"
          placeholder={t('composer.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          slotProps={{ htmlInput: { 'aria-label': t('composer.message'), 'data-testid': 'chat-input' } }}
        />
        <Button
          variant="contained"
          onClick={() => void handleSend()}
          disabled={!isSendEnabled}
          loading={isSending}
          endIcon={<SendIcon sx={POINTS_FORWARD} />}
          sx={{ flexShrink: 0, mb: 0.125 }}
        >
          {t('composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
