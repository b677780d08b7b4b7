// Told apart without zod: the light sign-in page reads it without loading the validation library.
import type { LoginResponse, MfaChallenge } from './account.js';

export function isMfaChallenge(response: LoginResponse): response is MfaChallenge {
  return 'mfa_required' in response && response.mfa_required === true;
}
