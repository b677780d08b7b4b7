import type { AuthResponse, SuperadminSignupInput } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export function signupSuperadmin(input: SuperadminSignupInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/signup/superadmin', { method: 'POST', body: input });
}

export function useSignupSuperadmin() {
  return useMutation({ mutationFn: signupSuperadmin });
}
