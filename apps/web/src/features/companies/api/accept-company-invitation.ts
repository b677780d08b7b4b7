import type { AuthResponse } from '@agency/schema';
import { request } from '../../../lib/http';

export type AcceptCompanyInvitationInput = { invite_token: string; name: string; password: string };

/**
 * POST /company/invitations/accept: the colleague's account is made and signed in. Called from the light
 * invitation page, without the query library.
 */
export function acceptCompanyInvitation(input: AcceptCompanyInvitationInput): Promise<AuthResponse> {
  return request<AuthResponse>('/company/invitations/accept', { method: 'POST', body: input });
}
