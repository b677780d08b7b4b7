import type { User } from '@agency/schema';
import { request } from '../../../lib/http';

export function getMe(): Promise<{ user: User }> {
  return request<{ user: User }>('/auth/me');
}
