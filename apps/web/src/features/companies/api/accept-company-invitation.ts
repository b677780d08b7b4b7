import type { AuthResponse, InviteSignupInput } from '@agency/schema';
import { request } from '../../../lib/http';

/**
 * POST /company/invitations/accept: the colleague's account is made and signed in. Called from the light
 * invitation page, without the query library.
 */
export function acceptCompanyInvitation(input: InviteSignupInput): Promise<AuthResponse> {
  return request<AuthResponse>('/company/invitations/accept', { method: 'POST', body: input });
}
