import type { Notification, Role } from '@agency/schema';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationPath } from '../utils/notification-target';
import { NotificationItem } from './notification-item';
import { useCommonT } from '../../../i18n';

export function NotificationList({ role }: { role: Role }) {
  const navigate = useNavigate();
  const [isUnreadOnly, setIsUnreadOnly] = useState(false);
  const { t } = useCommonT();
  const notifications = useNotifications(isUnreadOnly);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const unreadCount = notifications.data?.pages[0]?.unread_count ?? 0;
  const markingId = markRead.isPending ? markRead.variables : undefined;

  function handleOpen(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationPath(notification, role);
    if (target) navigate(target);
  }

  function handleMarkRead(notification: Notification) {
    markRead.mutate(notification.id, { onError: (error) => notify.error(errorMessage(error)) });
  }

  function handleMarkAll() {
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) => notify.success(t('notifications.marked', { count: updated })),
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  let body;
  if (notifications.isPending) body = <ListLoading label={t('notifications.loading')} />;
  else if (notifications.isError) body = <ListError message={errorMessage(notifications.error)} onRetry={() => notifications.refetch()} />;
  else if (items.length === 0)
    body = (
      <ListEmpty icon={<NotificationsNoneIcon />} title={isUnreadOnly ? t('notifications.caughtUp') : t('notifications.none')}>
        {isUnreadOnly ? t('notifications.noUnread') : t('notifications.listEmptyText')}
      </ListEmpty>
    );
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('notifications.title')} data-testid="notification-list">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={handleOpen}
            onMarkRead={handleMarkRead}
            isMarking={markingId === notification.id}
          />
        ))}
      </Box>
    );

  return (
    <SectionCard
      title={t('notifications.all')}
      subtitle={unreadCount > 0 ? t('notifications.unreadCount', { count: unreadCount }) : t('notifications.nothingUnread')}
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={isUnreadOnly} onChange={(event) => setIsUnreadOnly(event.target.checked)} />}
            label={t('notifications.unreadOnly')}
          />
          <Button
            variant="outlined"
            size="small"
            onClick={handleMarkAll}
            loading={markAll.isPending}
            disabled={unreadCount === 0}
            data-testid="mark-all-read"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
      }
      data-testid="notifications"
    >
      {body}
      <LoadMore hasMore={notifications.hasNextPage} isLoading={notifications.isFetchingNextPage} onLoadMore={() => notifications.fetchNextPage()} />
    </SectionCard>
  );
}
