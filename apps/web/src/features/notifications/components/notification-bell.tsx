import type { Notification, Role } from '@agency/schema';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { useUnreadCount } from '../api/get-unread-count';
import { listNotifications, useLatestNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationPath } from '../utils/notification-target';
import { NotificationItem } from './notification-item';

/**
 * When the polled unread count goes up while the app is open: toast the newest notification's title and
 * refresh what the notification is likely about (projects, tool requests, the lists of notifications).
 */
function useNewNotificationToasts(count: number | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (count === undefined) return;
    const before = previous.current;
    previous.current = count;
    if (before === undefined || count <= before) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.latest });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.toolRequests.all });
    listNotifications({ limit: 1 }).then(
      ({ items }) => {
        const newest = items[0];
        if (newest) toast.info(newest.title, { toastId: `notification-${newest.id}` });
      },
      () => undefined,
    );
  }, [count, queryClient]);
}

type NotificationBellProps = {
  role: Role;
  /** The page listing every notification, where the role has one. */
  allPath?: string;
};

export function NotificationBell({ role, allPath }: NotificationBellProps) {
  const popoverId = useId();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useUnreadCount();
  const count = unread.data?.count;
  useNewNotificationToasts(count);
  const latest = useLatestNotifications(anchor !== null);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  function handleOpen(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
    setAnchor(null);
    const target = notificationPath(notification, role);
    if (target) navigate(target);
  }

  function handleMarkAll() {
    markAll.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) });
  }

  const shown = count ?? 0;
  const label = shown > 0 ? `Notifications, ${shown} unread` : 'Notifications';

  let body;
  if (latest.isPending) body = <ListLoading label="Loading notifications..." />;
  else if (latest.isError) body = <ListError message={errorMessage(latest.error)} onRetry={() => latest.refetch()} />;
  else if (latest.data.items.length === 0)
    body = (
      <ListEmpty icon={<NotificationsNoneIcon />} title="No notifications yet">
        Updates about your work appear here.
      </ListEmpty>
    );
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Latest notifications">
        {latest.data.items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={handleOpen} dense />
        ))}
      </Box>
    );

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="notification-bell"
      >
        <Badge badgeContent={shown} color="error" max={99} data-testid="notification-count" data-count={shown}>
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notifications',
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
          <Typography sx={{ fontWeight: 700 }}>Notifications</Typography>
          <Button size="small" onClick={handleMarkAll} loading={markAll.isPending} disabled={shown === 0} data-testid="mark-all-read">
            Mark all read
          </Button>
        </Box>
        <Box sx={{ overflowY: 'auto', flex: 1 }}>{body}</Box>
        {allPath && (
          <Box sx={{ borderTop: '1px solid', borderColor: 'divider', p: 1, textAlign: 'center' }}>
            <Button component={Link} to={allPath} onClick={() => setAnchor(null)} size="small">
              See all notifications
            </Button>
          </Box>
        )}
      </Popover>
    </>
  );
}
