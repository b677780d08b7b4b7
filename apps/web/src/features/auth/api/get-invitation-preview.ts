import type { InvitationPreview } from '@agency/schema';
import { request } from '../../../lib/http';

/** Who an invitation is for, before the account exists (read by the light invitation page, without the query library). */
export function getInvitationPreview(token: string): Promise<InvitationPreview> {
  return request<InvitationPreview>('/invitations/preview', { query: { token } });
}
