import type { AuthResponse, InvitationPreview, InviteSignupInput } from '@agency/schema';
import { request } from '../../../lib/http';

/** admin invitations sign up as admins; teamlead / teammember invitations as employees. */
export function signupEndpointFor(role: InvitationPreview['role']): '/auth/signup/admin' | '/auth/signup/employee' {
  return role === 'admin' ? '/auth/signup/admin' : '/auth/signup/employee';
}

export type SignupInvitedVariables = { role: InvitationPreview['role']; input: InviteSignupInput };

export function signupInvited({ role, input }: SignupInvitedVariables): Promise<AuthResponse> {
  return request<AuthResponse>(signupEndpointFor(role), { method: 'POST', body: input });
}
