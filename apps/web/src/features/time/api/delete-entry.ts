import { request } from '../../../lib/http';

/** Deletes one's own entry while it is a draft or sent back. */
export function deleteEntry(id: string): Promise<void> {
  return request<void>(`/time-entries/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
