import type { Notification, Role } from '@agency/schema';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { useLatestNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationPath } from '../utils/notification-target';
import { NotificationItem } from './notification-item';
import { useCommonT } from '../../../i18n';

type NotificationPanelProps = {
  id: string;
  role: Role;
  /** The page listing every notification, where the role has one. */
  allPath?: string;
  /** The bell the panel opens under; null when it is closed. */
  anchor: HTMLElement | null;
  unreadCount: number;
  onClose: () => void;
};

/** The bell's panel: the latest notifications, each opening what it is about, and "Mark all read". */
export function NotificationPanel({ id, role, allPath, anchor, unreadCount, onClose }: NotificationPanelProps) {
  const navigate = useNavigate();
  const { t } = useCommonT();
  const latest = useLatestNotifications(anchor !== null);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  function handleOpen(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
    onClose();
    const target = notificationPath(notification, role);
    if (target) navigate(target);
  }

  function handleMarkAll() {
    markAll.mutate(undefined, { onError: (error) => notify.error(errorMessage(error)) });
  }

  let body;
  if (latest.isPending) body = <ListLoading label={t('notifications.loading')} />;
  else if (latest.isError) body = <ListError message={errorMessage(latest.error)} onRetry={() => latest.refetch()} />;
  else if (latest.data.items.length === 0)
    body = (
      <ListEmpty icon={<NotificationsNoneIcon />} title={t('notifications.none')}>
        {t('notifications.noneText')}
      </ListEmpty>
    );
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('notifications.latest')}>
        {latest.data.items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={handleOpen} dense />
        ))}
      </Box>
    );

  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('notifications.title'),
          sx: {
            width: 380,
            maxWidth: 'calc(100vw - 16px)',
            maxHeight: 'min(560px, calc(100dvh - 96px))',
            display: 'flex',
            flexDirection: 'column',
          },
          'data-testid': 'notification-popover',
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.25,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography sx={{ fontWeight: 700 }}>{t('notifications.title')}</Typography>
        <Button size="small" onClick={handleMarkAll} loading={markAll.isPending} disabled={unreadCount === 0} data-testid="mark-all-read">
          {t('notifications.markAllRead')}
        </Button>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>{body}</Box>
      {allPath && (
        <Box sx={{ borderTop: '1px solid', borderColor: 'divider', p: 1, textAlign: 'center' }}>
          <Button component={Link} to={allPath} onClick={onClose} size="small">
            {t('notifications.seeAll')}
          </Button>
        </Box>
      )}
    </Popover>
  );
}
