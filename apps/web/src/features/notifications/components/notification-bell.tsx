import type { Role } from '@agency/schema';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge, { badgeClasses } from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { isConversationOnScreen } from '../../../lib/open-conversation';
import { queryKeys } from '../../../lib/query-keys';
import { useUnreadCount } from '../api/get-unread-count';
import { listNotifications } from '../api/list-notifications';
import { useCommonT } from '../../../i18n';

// The panel (the latest notifications and what opens them) is fetched when the bell is first pressed.
const NotificationPanel = lazy(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel })));

/**
 * When the polled unread count goes up while the app is open: toast the newest notification's title (unless it is
 * about the conversation open in the chat dialog, where the message shows already) and refresh what the notification is likely about (projects, tool requests, the lists of notifications).
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
        const isOnScreen = newest?.target?.type === 'conversation' && isConversationOnScreen(newest.target.id);
        if (newest && !isOnScreen) notify.info(newest.title, { toastId: `notification-${newest.id}` });
      },
      () => undefined,
    );
  }, [count, queryClient]);
}

/** The largest count the badge shows; above it, "99+". */
const MAX_SHOWN = 99;

type NotificationBellProps = {
  role: Role;
  /** The page listing every notification, where the role has one. */
  allPath?: string;
};

export function NotificationBell({ role, allPath }: NotificationBellProps) {
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const { t } = useCommonT();
  const unread = useUnreadCount();
  const count = unread.data?.count;
  useNewNotificationToasts(count);

  const shown = count ?? 0;
  // The name says the count as the badge shows it ("99+" past 99), so that what is seen is what can be said.
  const label = shown > 0 ? t('notifications.unreadLabel', { count: shown > MAX_SHOWN ? `${MAX_SHOWN}+` : shown }) : t('notifications.title');

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setHasOpened(true);
        }}
        data-testid="notification-bell"
      >
        <Badge
          badgeContent={shown}
          color="error"
          max={MAX_SHOWN}
          // With nothing unread the badge only shrinks to nothing, keeping its last count as text, which is then part
          // of the button's visible text but not of its name: hidden, it is neither.
          sx={{ [`& .${badgeClasses.invisible}`]: { visibility: 'hidden' } }}
          data-testid="notification-count"
          data-count={shown}
        >
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <NotificationPanel id={popoverId} role={role} allPath={allPath} anchor={anchor} unreadCount={shown} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
