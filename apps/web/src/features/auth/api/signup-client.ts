import type { AuthResponse, ClientSignupInput, SignupConfirmInput, SignupRequested } from '@agency/schema';
import { request } from '../../../lib/http';

/** Asks for a client account: the answer is the same for every address; the mail sent to it says what to do. */
export function signupClient(input: ClientSignupInput): Promise<SignupRequested> {
  return request<SignupRequested>('/auth/signup/client', { method: 'POST', body: input });
}

/** The link from the sign-up mail: the account is made and signed in. */
export function confirmSignup(input: SignupConfirmInput): Promise<AuthResponse> {
  return request<AuthResponse>('/auth/signup/confirm', { method: 'POST', body: input });
}
