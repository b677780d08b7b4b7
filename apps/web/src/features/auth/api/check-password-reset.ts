import type { PasswordResetCheckInput } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function checkPasswordReset(input: PasswordResetCheckInput): Promise<void> {
  return request<void>('/auth/password-reset/check', { method: 'POST', body: input });
}

/** Whether a reset link still works, asked once when its page opens (a used link is not shown the form). */
export function useCheckPasswordReset(token: string) {
  return useQuery({ queryKey: queryKeys.passwordResetCheck(token), queryFn: () => checkPasswordReset({ token }), retry: false, staleTime: Infinity });
}
