import { request } from '../../../lib/http';

export function logout(): Promise<void> {
  return request<void>('/auth/logout', { method: 'POST' });
}
