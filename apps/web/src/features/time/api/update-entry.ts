import type { TimeEntry, UpdateTimeEntryInput } from '@agency/schema';
import { request } from '../../../lib/http';

/** Changes one's own entry while it is a draft or sent back. */
export function updateEntry(id: string, input: UpdateTimeEntryInput): Promise<{ entry: TimeEntry }> {
  return request<{ entry: TimeEntry }>(`/time-entries/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}
