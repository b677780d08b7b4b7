import type { Session } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listSessions(): Promise<{ items: Session[] }> {
  return request<{ items: Session[] }>('/account/sessions');
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.account.sessions, queryFn: listSessions, select: (data) => data.items });
}
