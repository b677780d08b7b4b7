import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { PageHeading } from '../../components/page-heading';
import { useCommonT } from '../../i18n';

export function NotificationsRoute() {
  const { t } = useCommonT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageTitle title={t('notifications.title')} />
      <PageHeading title={t('notifications.title')}>{t('notifications.pageIntro')}</PageHeading>
      <NotificationList role={user.role} />
    </>
  );
}
