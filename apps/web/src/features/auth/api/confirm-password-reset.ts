import type { PasswordResetConfirmInput } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  return request<void>('/auth/password-reset/confirm', { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
