import type { Attachment, Message } from '@agency/schema';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';
import { attachmentHref, attachmentsOf, isImageAttachment, readersOf, senderNameOf, tickState, type TickState } from '../utils/chat';
import { useMessagingT } from '../i18n';
import { ATTACHMENT_PREVIEW, EMPTY_VALUE } from '../utils/inbox';

const READ_BLUE = '#0284c7';
const TICK_GREY = '#94a3b8';

/** Single tick = sent, double grey = delivered, double blue = read (SPEC "Chat dialog"). */
function MessageTicks({ state }: { state: TickState }) {
  const { t } = useMessagingT();
  const sx = { fontSize: 16, color: state === 'read' ? READ_BLUE : TICK_GREY };
  switch (state) {
    case 'sent':
      return <DoneIcon sx={sx} titleAccess={t('bubble.sent')} data-testid="sent" aria-label={t('bubble.sent')} />;
    case 'delivered':
      return <DoneAllIcon sx={sx} titleAccess={t('bubble.delivered')} data-testid="delivered" aria-label={t('bubble.delivered')} />;
    case 'read':
      return <DoneAllIcon sx={sx} titleAccess={t('bubble.read')} data-testid="read" aria-label={t('bubble.read')} />;
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected tick state: ${String(value)}`);
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { t } = useMessagingT();
  const href = attachmentHref(attachment);
  const name = attachment.name || t('bubble.file');
  if (!href) {
    return <Chip size="small" label={name} icon={<InsertDriveFileOutlinedIcon />} disabled data-testid="attachment-chip" />;
  }
  if (isImageAttachment(attachment)) {
    return (
      <Box
        component="a"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={t('bubble.open', { name })}
        data-testid="attachment-thumbnail"
        sx={{
          display: 'block',
          lineHeight: 0,
          borderRadius: 1.5,
          overflow: 'hidden',
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Box component="img" src={href} alt={name} loading="lazy" sx={{ width: 132, height: 96, objectFit: 'cover', display: 'block' }} />
      </Box>
    );
  }
  return (
    <Chip
      size="small"
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      clickable
      icon={<InsertDriveFileOutlinedIcon />}
      label={name}
      data-testid="attachment-chip"
      sx={{ maxWidth: 240, bgcolor: 'background.paper', border: '1px solid', borderColor: 'divider' }}
    />
  );
}

type MessageBubbleProps = {
  message: Message;
  isOwn: boolean;
  /** The message a search of the conversation jumped to: outlined until another is picked. */
  isFound?: boolean;
};

/**
 * One message: own messages on the right with ticks, the other side's on the left (mirrored right to left), each
 * under its sender's name (a company's people share one thread). Content is plain text, set in its own direction: a
 * German message reads left to right on an Arabic screen.
 */
export function MessageBubble({ message, isOwn, isFound = false }: MessageBubbleProps) {
  const { t } = useMessagingT();
  const attachments = attachmentsOf(message.message_attachments);
  const state = tickState(message);
  const senderName = senderNameOf(message);
  // The super admin's messages: who of the client's company read it, and when.
  const readers = readersOf(message);
  // '(attachment)' is what a files-only message carries as content; its files already say so.
  const showText = !(attachments.length > 0 && message.message_content === ATTACHMENT_PREVIEW) && message.message_content !== '';
  const receipts = (
    <Box component="span" sx={{ display: 'block' }} data-testid="message-receipts">
      <span>{t('bubble.deliveredAt', { time: formatDateTime(message.delivered_at) || EMPTY_VALUE })}</span>
      <br />
      <span>{t('bubble.readAt', { time: formatDateTime(message.read_at) || EMPTY_VALUE })}</span>
      {readers.length > 0 && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="message-readers">
          {t('bubble.readBy')}
          {readers.map((reader) => (
            <Box component="span" key={reader.user_id} sx={{ display: 'block' }} data-testid="message-reader">
              {reader.name}, {formatDateTime(reader.read_at)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );

  return (
    <Box
      sx={{ display: 'flex', justifyContent: isOwn ? 'flex-end' : 'flex-start' }}
      data-testid="chat-message"
      data-own={isOwn ? 'true' : 'false'}
      data-message-id={message.id}
    >
      <Tooltip title={receipts} placement={isOwn ? 'top-end' : 'top-start'} enterTouchDelay={400}>
        <Box
          data-testid="chat-bubble"
          sx={{
            maxWidth: '80%',
            minWidth: 96,
            px: 1.5,
            py: 1,
            borderRadius: 2.5,
            borderTopRightRadius: isOwn ? 4 : undefined,
            borderTopLeftRadius: isOwn ? undefined : 4,
            bgcolor: isOwn ? '#e0e7ff' : 'background.paper',
            border: '1px solid',
            borderColor: isOwn ? '#c7d2fe' : 'divider',
            boxShadow: '0 1px 1px rgb(15 23 42 / 4%)',
            outline: isFound ? '2px solid #f59e0b' : undefined,
            outlineOffset: 2,
          }}
          data-found={isFound ? 'true' : undefined}
        >
          {senderName && (
            <Typography
              component="div"
              variant="caption"
              data-testid="message-sender"
              sx={{ fontWeight: 700, color: isOwn ? 'primary.dark' : 'text.secondary', lineHeight: 1.4, mb: 0.25, overflowWrap: 'anywhere' }}
            >
              {isOwn ? t('bubble.you') : senderName}
            </Typography>
          )}
          {attachments.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: showText ? 0.75 : 0.25 }} data-testid="message-attachments">
              {attachments.map((attachment, index) => (
                <AttachmentView key={`${attachment.stored_filename ?? attachment.name}-${index}`} attachment={attachment} />
              ))}
            </Box>
          )}
          {showText && (
            <Typography
              component="div"
              variant="body2"
              data-testid="message-text"
              dir="auto"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.primary' }}
            >
              {message.message_content}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
            {message.via === 'email' && (
              <Typography component="span" variant="caption" data-testid="message-via" sx={{ color: 'text.secondary', fontSize: '0.7rem' }}>
                {t('bubble.viaEmail')}
              </Typography>
            )}
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', fontSize: '0.7rem' }}>
              {formatDateTime(message.timestamp)}
            </Typography>
            {isOwn && <MessageTicks state={state} />}
          </Box>
        </Box>
      </Tooltip>
    </Box>
  );
}
