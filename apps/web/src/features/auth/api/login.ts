import type { LoginInput, LoginResponse } from '@agency/schema';
import { request } from '../../../lib/http';

/** `{token, user}`, or for an account with two-factor authentication a challenge for the second step. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return request<LoginResponse>('/auth/login', { method: 'POST', body: input });
}
