import type { MfaSetupResponse } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export function startMfaSetup(): Promise<MfaSetupResponse> {
  return request<MfaSetupResponse>('/account/2fa/setup', { method: 'POST' });
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
