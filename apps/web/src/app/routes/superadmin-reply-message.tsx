import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { ConversationsInbox } from '../../features/messaging/components/conversations-inbox';
import { useMessagingT } from '../../features/messaging/i18n';

export function SuperadminReplyMessageRoute() {
  const { t } = useMessagingT();
  return (
    <>
      <PageTitle title={t('pages.title')} />
      <PageHeading title={t('pages.title')}>{t('pages.inboxIntro')}</PageHeading>
      <ConversationsInbox />
    </>
  );
}
