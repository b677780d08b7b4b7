import type { InvitationPreview } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return request<InvitationPreview>('/invitations/preview', { query: { token } });
}

export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: queryKeys.invitationPreview(token ?? ''),
    queryFn: () => getInvitationPreview(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
