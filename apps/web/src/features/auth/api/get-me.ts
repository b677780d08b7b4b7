import type { MeResponse } from '@agency/schema';
import { request } from '../../../lib/http';

export function getMe(): Promise<MeResponse> {
  return request<MeResponse>('/auth/me');
}
