import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useConfig } from '../hooks/use-config';

type PageTitleProps = { title: string };

/**
 * Reads the unread-notification count that the dashboards' bell polls, without fetching it here: signed-out
 * pages have none cached and show no prefix.
 */
function useUnreadPrefix(): string {
  const count = useQuery<{ count: number }>({ queryKey: queryKeys.notifications.unreadCount, queryFn: skipToken }).data?.count ?? 0;
  return count > 0 ? `(${count}) ` : '';
}

/** React 19 hoists <title> into the document head. Unread notifications show as an "(N) " prefix. */
export function PageTitle({ title }: PageTitleProps) {
  const brand = useConfig().data?.brand_name;
  const prefix = useUnreadPrefix();
  return <title>{`${prefix}${brand ? `${title} · ${brand}` : title}`}</title>;
}
