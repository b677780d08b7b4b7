import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { useConfig } from '../hooks/use-config';

type PageTitleProps = { title: string };

/**
 * The unread-notification count that the dashboards' bell polls, read straight from the cache. Not a query
 * observer of its own: it must not fetch, and an observer without a query function would be the one
 * `invalidateQueries` refetches with. Signed-out pages have none cached and show no prefix.
 */
function useUnreadPrefix(): string {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const count = useSyncExternalStore(subscribe, () => queryClient.getQueryData<{ count: number }>(queryKeys.notifications.unreadCount)?.count ?? 0);
  return count > 0 ? `(${count}) ` : '';
}

/** The document title of a screen (React 19 hoists a rendered <title> into the head). Unread notifications show as an "(N) " prefix. */
export function PageTitle({ title }: PageTitleProps) {
  const brand = useConfig().data?.brand_name;
  const prefix = useUnreadPrefix();
  return <title>{`${prefix}${brand ? `${title} · ${brand}` : title}`}</title>;
}
