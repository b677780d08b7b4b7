import type { AuthResponse, LoginSecondStepInput } from '@agency/schema';
import { request } from '../../../lib/http';

export function loginSecondStep(input: LoginSecondStepInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/login/2fa', { method: 'POST', body: input });
}
