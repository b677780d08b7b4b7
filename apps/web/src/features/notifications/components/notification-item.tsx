import type { Notification } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { formatDateTime } from '../../../lib/format';
import { useCommonT } from '../../../i18n';

type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMarkRead?: (notification: Notification) => void;
  isMarking?: boolean;
  dense?: boolean;
};

/** One notification: unread ones carry a dot and bold title; opening it marks it read. */
export function NotificationItem({ notification, onOpen, onMarkRead, isMarking = false, dense = false }: NotificationItemProps) {
  const { t } = useCommonT();
  const isUnread = !notification.read;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'stretch',
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: isUnread ? 'rgb(67 56 202 / 4%)' : undefined,
        '&:last-of-type': { borderBottom: 0 },
      }}
      data-testid="notification-item"
      data-read={notification.read ? 'true' : 'false'}
    >
      <ListItemButton
        onClick={() => onOpen(notification)}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: dense ? 1.25 : 1.75, px: dense ? 2 : { xs: 2, sm: 3 }, minWidth: 0 }}
      >
        <Box
          aria-hidden="true"
          sx={{ width: 8, height: 8, mt: 0.9, borderRadius: '50%', flexShrink: 0, bgcolor: isUnread ? 'primary.main' : 'transparent' }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: isUnread ? 700 : 500, overflowWrap: 'anywhere' }} data-testid="notification-title">
            {notification.title}
            {isUnread && (
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {t('notifications.unreadMark')}
              </Box>
            )}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere', ...(dense ? clampTwoLines : {}) }}
            data-testid="notification-body"
          >
            {notification.body}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
          </Typography>
        </Box>
      </ListItemButton>
      {onMarkRead && isUnread && (
        <Box sx={{ display: 'flex', alignItems: 'center', pr: { xs: 1, sm: 2 } }}>
          <Button
            size="small"
            onClick={() => onMarkRead(notification)}
            loading={isMarking}
            aria-label={t('notifications.markReadOne', { title: notification.title })}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('notifications.markRead')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

const clampTwoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;
