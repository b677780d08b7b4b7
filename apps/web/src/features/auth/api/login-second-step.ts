import type { AuthResponse, LoginSecondStepInput } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export function loginSecondStep(input: LoginSecondStepInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/login/2fa', { method: 'POST', body: input });
}

export function useLoginSecondStep() {
  return useMutation({ mutationFn: loginSecondStep });
}
