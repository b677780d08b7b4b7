import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { useConfig } from '../../features/config/hooks/use-config';
import { ClientConversations } from '../../features/messaging/components/client-conversations';
import { useMessagingT } from '../../features/messaging/i18n';

export function ClientMessagesRoute() {
  const { t } = useMessagingT();
  const brand = useConfig().data?.brand_name;
  return (
    <>
      <PageTitle title={t('pages.title')} />
      <PageHeading title={t('pages.title')}>{brand ? t('pages.clientIntro', { agency: brand }) : t('pages.clientIntroAgency')}</PageHeading>
      <ClientConversations agencyName={brand} />
    </>
  );
}
