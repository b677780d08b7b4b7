import type { PasswordResetRequestInput } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export function requestPasswordReset(input: PasswordResetRequestInput): Promise<{ message: string }> {
  return request<{ message: string }>('/auth/password-reset', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
