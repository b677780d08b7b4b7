import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { PageHeading } from '../../components/page-heading';

export function NotificationsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageTitle title="Notifications" />
      <PageHeading title="Notifications">Updates about your projects and tool requests, newest first.</PageHeading>
      <NotificationList role={user.role} />
    </>
  );
}
