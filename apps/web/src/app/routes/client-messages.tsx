import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { useConfig } from '../../features/config/hooks/use-config';
import { ClientConversations } from '../../features/messaging/components/client-conversations';

export function ClientMessagesRoute() {
  const brand = useConfig().data?.brand_name;
  return (
    <>
      <PageTitle title="Messages" />
      <PageHeading title="Messages">Talk to {brand ?? 'the agency'} about each of your projects.</PageHeading>
      <ClientConversations agencyName={brand} />
    </>
  );
}
