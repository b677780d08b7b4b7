import type { AuthResponse, ClientSignupInput } from '@agency/schema';
import { request } from '../../../lib/http';

export function signupClient(input: ClientSignupInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/signup/client', { method: 'POST', body: input });
}
