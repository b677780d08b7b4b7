import type { AuthResponse, SuperadminSignupInput } from '@agency/schema';
import { request } from '../../../lib/http';

export function signupSuperadmin(input: SuperadminSignupInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/signup/superadmin', { method: 'POST', body: input });
}
