import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { ConversationsInbox } from '../../features/messaging/components/conversations-inbox';

export function SuperadminReplyMessageRoute() {
  return (
    <>
      <PageTitle title="Messages" />
      <PageHeading title="Messages">Conversations with clients about their projects. Reply opens the chat.</PageHeading>
      <ConversationsInbox />
    </>
  );
}
